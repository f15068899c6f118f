/**
 * @module Every route of the server, in one table (the router and the OpenAPI document read it).
 */
import type { Route } from '../http/route.js';
import { createApiKeyRoute } from './api-keys-create.js';
import { deleteApiKeyRoute } from './api-keys-delete.js';
import { listApiKeysRoute } from './api-keys-list.js';
import { auditRoute } from './audit.js';
import { auditReconstructRoute } from './audit-reconstruct.js';
import { dashboardRoutes } from './dashboard.js';
import { decisionRoutes } from './decisions.js';
import { apiReferenceRoutes } from './docs.js';
import { healthzRoute, readyzRoute } from './health.js';
import { listEntryRoute } from './list-entry.js';
import { listsRoute } from './lists.js';
import { listsChangesRoute } from './lists-changes.js';
import { deleteMyDecisionRoute, listMyDecisionsRoute } from './me-decisions.js';
import { metricsRoute } from './metrics.js';
import { screenBatchRoute } from './screen-batch.js';
import { screenRoute } from './screen.js';

export const ROUTES: readonly Route[] = [
  screenRoute,
  screenBatchRoute,
  listsRoute,
  listsChangesRoute,
  listEntryRoute,
  auditRoute,
  auditReconstructRoute,
  ...decisionRoutes,
  createApiKeyRoute,
  listApiKeysRoute,
  deleteApiKeyRoute,
  listMyDecisionsRoute,
  deleteMyDecisionRoute,
  healthzRoute,
  readyzRoute,
  metricsRoute,
  ...dashboardRoutes,
  // The OpenAPI route documents this very table, so it is handed the table rather than importing it.
  ...apiReferenceRoutes(() => ROUTES),
];
