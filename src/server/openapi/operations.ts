/**
 * @module Every documented operation, keyed "METHOD pattern" exactly as the route table
 * (routes/index.ts) spells it, and the routes deliberately left out of the document with the reason.
 * A test keeps both in step with the route table: a new route must be documented or listed here.
 */
import type { Route } from '../http/route.js';
import { DECISION_OPERATIONS } from './decision-operations.js';
import { IDENTITY_OPERATIONS } from './identity-operations.js';
import { META_OPERATIONS } from './meta-operations.js';
import type { OperationDoc } from './operation-doc.js';
import { SERVICE_OPERATIONS } from './service-operations.js';
import { RECONSTRUCT_OPERATIONS } from './reconstruct-operations.js';

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  ...SERVICE_OPERATIONS,
  ...RECONSTRUCT_OPERATIONS,
  ...DECISION_OPERATIONS,
  ...IDENTITY_OPERATIONS,
  ...META_OPERATIONS,
};

/** Browser pages, not API: their answers are HTML and files for people, not for programs. */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  'GET /dashboard': 'the dashboard page (a browser UI over the documented APIs)',
  'GET /dashboard/': 'the dashboard page (a browser UI over the documented APIs)',
  'GET /dashboard/{asset}': "the dashboard's scripts and styles",
};

export const routeKey = (route: Pick<Route, 'method' | 'pattern'>): string => `${route.method} ${route.pattern}`;

/** Tags in the order the reference shows them. */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'Screening', description: 'Screen parties against the restricted-party lists (API key).' },
  { name: 'Lists', description: 'The loaded lists and their freshness (API key).' },
  { name: 'Audit', description: 'The 30-day audit trail of screenings (API key).' },
  { name: 'Decisions', description: "Analysts' decisions on matches, kept without the subject's data (API key)." },
  { name: 'API keys', description: 'The identity API: create, list and revoke API keys (session JWT).' },
  { name: 'Operations', description: 'Health probes for load balancers and orchestrators (no credential).' },
  { name: 'Reference', description: 'This document and the reference page (no credential).' },
];
