/**
 * @module What the HTTP layer is given to work with. Everything is passed in, nothing is global,
 * so tests build a server over real state with any list set.
 */
import type { ScreeningEngine } from '../engine/types.js';
import type { ErrorCode } from '../errors.js';
import type { ListStatus } from '../lists/catalog.js';
import type { ListSource } from '../lists/model.js';
import type { CoverageBook } from '../contract/coverage.js';
import type { State } from '../state/state-types.js';
import type { Logger } from './logging/logger.js';
import type { BatchScreener } from './threads/peer-screening.js';
import type { ArchivedLists } from './lists-pipeline/archived-lists.js';
import type { ListChangesService } from './answers/list-changes.js';

/** The service ID this project serves; other slugs under /{service}/v1 answer unknown_service. */
export const SERVICE_ID = 'sanctions-screening';

/** How the lists are judged: from the config (LISTS_REQUIRED, LISTS_MAX_AGE_DAYS) and the thread's place. */
export interface ListsPolicy {
  required: readonly ListSource[];
  maxAgeDays: number;
  /** False in a worker of a pool until every worker has its lists. */
  poolReady: boolean;
}

/** The lists as currently loaded; both answer null until the first load has finished. */
export interface ListsView {
  engine(): ScreeningEngine | null;
  catalog(): readonly ListStatus[] | null;
  /** The coverage of answers over the loaded lists (null until loaded). */
  coverage(): CoverageBook | null;
  /** Every serving thread of the process has its lists. */
  poolReady(): boolean;
  /** Identifies the loaded list set (null until loaded); absent in tests that build a view by hand. */
  version?(): string | null;
  /** Why every list is reported stale (the list watchdog tripped: no scan completed), else null. */
  watchdog?(): string | null;
  readonly policy: Readonly<ListsPolicy>;
}

export interface MetricsText {
  contentType: string;
  body: string;
}

export interface RequestObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** The error code answered, if any. */
  code?: ErrorCode;
}

/** What the HTTP layer sees of the metrics; metrics/service-metrics.ts implements it. */
export interface ServerMetrics {
  /** GET /metrics requires `Authorization: Bearer <token>` when set (METRICS_TOKEN). */
  readonly token: string | null;
  observeRequest(observation: RequestObservation): void;
  render(): Promise<MetricsText>;
}

export interface ServerDeps {
  readonly lists: ListsView;
  readonly state: State;
  readonly logger: Logger;
  readonly now: () => Date;
  /** Request metrics and GET /metrics; absent in tests that build deps by hand. */
  readonly metrics?: ServerMetrics;
  /** Screens a batch's slots, on the peer worker threads too (WORKERS>1); this thread alone when absent. */
  readonly batchScreener?: BatchScreener;
  /** The list sets served before, for audit reconstruction; only the served set can be reconstructed when absent. */
  readonly archivedLists?: ArchivedLists;
  /** The changes feed and changedSince screening over the version archive; absent in tests that build deps by hand. */
  readonly changes?: ListChangesService;
  /** Origins answered with CORS headers (CORS_ORIGINS); none when absent. */
  readonly corsOrigins?: readonly string[];
}

/**
 * Which APIs a listener serves: both by default; IDENTITY_PORT splits them over two listeners;
 * METRICS_PORT gives GET /metrics a listener of its own ('metrics') and takes it off the others.
 */
export type ApiSet = 'all' | 'service' | 'identity' | 'metrics';
