/**
 * @module Prometheus metrics of one thread (prom-client, one Registry per thread, nothing global).
 *
 * Labels are closed sets so no request can mint new series: route is the matched pattern ("-" when
 * none matched), method one of METHODS or "other", code one of the error table's codes. Nothing of a
 * request body ever becomes a label. With WORKERS=N every worker thread has its own registry and the
 * main thread merges them (thread-metrics.ts, mergeMetrics); each metric says how (sum by default,
 * `first` for figures every thread holds alike, `max` for the worst pause).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { fuzzinessOf, type ScreenRequest, type ScreenResult } from '../../engine/types.js';
import type { ErrorCode } from '../../errors.js';
import type { MetricsText, RequestObservation, ServerMetrics } from '../deps.js';
import type { ListsHolder } from '../lists-pipeline/lists-holder.js';
import type { InstallReport } from '../lists-pipeline/payload-installer.js';
import type { PayloadStats } from '../lists-pipeline/lists-payload.js';
import { registerBuildInfo } from './build-info.js';
import { registerListGauges } from './list-gauges.js';
import type { ListSource } from '../../lists/model.js';

export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export interface ServiceMetricsOptions {
  /** The thread's lists, for list and engine gauges; null on a thread that serves no request. */
  lists: ListsHolder | null;
  /** Bytes the list version archive holds per source (rps_list_archive_bytes); absent: not reported. */
  archiveBytes?: () => Promise<ReadonlyMap<ListSource, number>>;
  /** CPU, memory, heap and event-loop lag of the process: collected by the main thread only. */
  processMetrics: boolean;
  token: string | null;
  /** Renders GET /metrics instead of this registry (a worker asks the main thread for the merge). */
  render?: () => Promise<MetricsText>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const AUTH_FAILURES = new Set<ErrorCode>(['unauthorized', 'invalid_api_key', 'api_key_revoked', 'api_key_expired', 'service_not_allowed', 'not_subscribed']);
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const BUILD_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
/** Store round trips: tens of microseconds (lmdb reads) to the 2-2.5 s reply deadline of Redis. */
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export class ServiceMetrics implements ServerMetrics {
  readonly registry = new Registry();
  readonly token: string | null;
  private readonly renderOverride?: () => Promise<MetricsText>;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly screens: Counter<'fuzziness' | 'action'>;
  private readonly matches: Counter<'list_source'>;
  private readonly quotaRejections: Counter<'route'>;
  private readonly authFailures: Counter<'code'>;
  private readonly loads: Counter<'outcome'>;
  private readonly batchPeerSlots: Counter;
  private readonly storeSeconds: Histogram<'operation'>;
  private readonly boundStore = new Map<string, Histogram.Internal<'operation'>>();
  private readonly loadSeconds: Histogram;
  private readonly buildSeconds: Histogram;
  private readonly installSeconds: Histogram;
  private readonly swapBlock: Gauge;
  private readonly changedSinceBuildSeconds: Histogram;
  // Bound children of the closed label sets (fuzziness x action, list sources).
  private readonly boundScreens = new Map<string, Counter.Internal>();
  private readonly boundMatches = new Map<string, Counter.Internal>();
  private readonly boundRequests = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<'method' | 'route' | 'status'> }>();

  constructor(options: ServiceMetricsOptions) {
    const registers = [this.registry];
    this.token = options.token;
    this.renderOverride = options.render;
    this.requests = new Counter({ name: 'rps_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({ name: 'rps_http_request_duration_seconds', help: 'Time from the whole request body to the answer, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], buckets: LATENCY_BUCKETS, registers });
    this.screens = new Counter({ name: 'rps_screens_total', help: 'Parties screened (a batch counts each entity), by fuzziness and recommendedAction.', labelNames: ['fuzziness', 'action'], registers });
    this.matches = new Counter({ name: 'rps_matches_total', help: 'Matches reported, by listSource.', labelNames: ['list_source'], registers });
    this.quotaRejections = new Counter({ name: 'rps_quota_rejections_total', help: 'Calls refused with 429 quota_exceeded, by route pattern.', labelNames: ['route'], registers });
    this.authFailures = new Counter({ name: 'rps_auth_failures_total', help: 'Calls refused by authentication or authorisation, by error code.', labelNames: ['code'], registers });
    this.loads = new Counter({ name: 'rps_lists_loads_total', help: 'List sets loaded by the list pipeline, by outcome (installed, failed).', labelNames: ['outcome'], registers });
    this.batchPeerSlots = new Counter({ name: 'rps_batch_peer_slots_total', help: 'Batch slots screened by another worker thread than the one that received the batch (WORKERS>1).', registers });
    this.storeSeconds = new Histogram({ name: 'rps_store_operation_duration_seconds', help: 'Store (Redis or lmdb) operations from call to answer, failures included, by operation.', labelNames: ['operation'], buckets: STORE_BUCKETS, registers });
    this.loadSeconds = new Histogram({ name: 'rps_lists_load_duration_seconds', help: 'Parsing the list files (background thread).', buckets: BUILD_BUCKETS, registers });
    this.buildSeconds = new Histogram({ name: 'rps_engine_build_duration_seconds', help: 'Building the candidate index (background thread).', buckets: BUILD_BUCKETS, registers });
    this.installSeconds = new Histogram({ name: 'rps_lists_install_duration_seconds', help: 'Unpacking and swapping a list set in, per serving thread.', buckets: BUILD_BUCKETS, registers });
    this.swapBlock = new Gauge({ name: 'rps_lists_swap_max_block_seconds', help: 'Longest event-loop block of a serving thread during the last list swap.', aggregator: 'max', registers });
    this.changedSinceBuildSeconds = new Histogram({ name: 'rps_changed_since_index_build_duration_seconds', help: 'Indexes built on a serving thread for changedSince screening (their count: how often; bounded per list set served).', buckets: LATENCY_BUCKETS, registers });
    if (options.lists !== null) registerListGauges(this.registry, options.lists, options.archiveBytes);
    if (options.processMetrics) {
      collectDefaultMetrics({ register: this.registry });
      registerBuildInfo(this.registry);
    }
  }

  observeRequest(o: RequestObservation): void {
    const method = METHODS.has(o.method) ? o.method : 'other';
    // The label sets are closed (method x route pattern x status), so the bound children are kept
    // per combination: prom-client's label lookup (hashing the labels object) is skipped per request.
    const cacheKey = `${method} ${o.route} ${o.status}`;
    let bound = this.boundRequests.get(cacheKey);
    if (bound === undefined) {
      const labels = { method, route: o.route, status: String(o.status) };
      bound = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.boundRequests.set(cacheKey, bound);
    }
    bound.count.inc();
    bound.latency.observe(o.seconds);
    if (o.code === 'quota_exceeded') this.quotaRejections.inc({ route: o.route });
    else if (o.code !== undefined && AUTH_FAILURES.has(o.code)) this.authFailures.inc({ code: o.code });
  }

  /** One store operation; the operations are the store interface's methods, a closed set. */
  storeOperation(operation: string, seconds: number): void {
    let bound = this.boundStore.get(operation);
    if (bound === undefined) {
      bound = this.storeSeconds.labels({ operation });
      this.boundStore.set(operation, bound);
    }
    bound.observe(seconds);
  }

  screened(request: ScreenRequest, result: ScreenResult): void {
    const fuzziness = fuzzinessOf(request);
    const action = result.summary.recommendedAction;
    const screenKey = `${fuzziness} ${action}`;
    let screens = this.boundScreens.get(screenKey);
    if (screens === undefined) {
      screens = this.screens.labels({ fuzziness, action });
      this.boundScreens.set(screenKey, screens);
    }
    screens.inc();
    for (const match of result.matches) {
      let matches = this.boundMatches.get(match.listSource);
      if (matches === undefined) {
        matches = this.matches.labels({ list_source: match.listSource });
        this.boundMatches.set(match.listSource, matches);
      }
      matches.inc();
    }
  }

  /** An index built on this thread for changedSince screening (answers/list-changes.ts). */
  changedSinceIndexBuilt(seconds: number): void {
    this.changedSinceBuildSeconds.observe(seconds);
  }

  /** Slots of this thread's batches that a peer worker screened. */
  peerSlots(count: number): void {
    this.batchPeerSlots.inc(count);
  }

  /** The pipeline's figures, recorded by the main thread. */
  listsLoaded(stats: PayloadStats, installed: boolean): void {
    this.loads.inc({ outcome: installed ? 'installed' : 'failed' });
    this.loadSeconds.observe(stats.loadMs / 1000);
    this.buildSeconds.observe(stats.buildMs / 1000);
  }

  /** A serving thread's swap. */
  listsInstalled(report: InstallReport): void {
    this.installSeconds.observe(report.ms / 1000);
    this.swapBlock.set(report.maxBlockMs / 1000);
  }

  snapshot(): Promise<MetricsJson> {
    return this.registry.getMetricsAsJSON();
  }

  async render(): Promise<MetricsText> {
    if (this.renderOverride) return this.renderOverride();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
