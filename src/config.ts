/**
 * @module Settings. The only place that reads process.env: every value is validated once, frozen,
 * and passed down as explicit options. A bad value stops the start with a one-line ConfigError
 * naming the variable, so an operator can fix it without reading code.
 *
 * To add a setting: add the field to Config, parse it in loadConfig with one of the readers below.
 */
import { isListSource, type ListSource } from './lists/model.js';

export interface Config {
  /** Directory of list files in their official names (LISTS_DIR). */
  listsDir: string;
  /** True when LISTS_DIR is set: then it must hold list files, and the bundled sample is never used. */
  listsDirExplicit: boolean;
  /** Lists screening cannot go without: while one is missing or stale, screening and /readyz answer 503 (LISTS_REQUIRED). */
  listsRequired: readonly ListSource[];
  /** A list whose publishedAt is older than this many days is flagged `outdated` in the catalog (LISTS_MAX_AGE_DAYS). */
  listsMaxAgeDays: number;
  /** Embedded store and generated secrets (DATA_DIR). */
  dataDir: string;
  /** How often the embedded store flushes commits to disk, 0 = each before it answers (LMDB_SYNC_INTERVAL_MS, ≤ 1000). */
  lmdbSyncIntervalMs: number;
  /** SAM.gov API key for the exclusions extract (SAM_API_KEY); null skips SAM in `lists update`. Never log it. */
  samApiKey: string | null;
  /** Largest drop in a list's entry count `lists update` accepts without --force (LISTS_MAX_COLLAPSE, 0..1). */
  listsMaxCollapse: number;
  /** Days a list version stays archived after it stopped being served (LISTS_ARCHIVE_DAYS, default 35). */
  listsArchiveDays: number;
  /** A list whose reload keeps failing is reported `stale` this long after its last good load (LISTS_STALE_AFTER_MS). */
  listsStaleAfterMs: number;
  /** How often the server checks LISTS_DIR for changed files and reloads them (LISTS_REFRESH_INTERVAL_MS). */
  listsRefreshIntervalMs: number;
  /** A list file whose parse runs longer is stopped and fails, that file only (LISTS_PARSE_TIMEOUT_MS). */
  listsParseTimeoutMs: number;
  /** Heap of the thread parsing one list file; a parse needing more is stopped and fails, that file only (LISTS_PARSE_MAX_MB). */
  listsParseMaxMb: number;
  /** Per-request idle timeout of list downloads (LISTS_DOWNLOAD_TIMEOUT_MS). */
  listsDownloadTimeoutMs: number;
  /** Retries of a list download after a network error, a timeout or a 5xx/408/429 answer (LISTS_DOWNLOAD_RETRIES, 0..10). */
  listsDownloadRetries: number;
  /** Base URL of the OFAC exports (SDN.XML, CONSOLIDATED.XML... are appended) (LISTS_URL_OFAC). */
  listsUrlOfac: string;
  /** trade.gov Consolidated Screening List CSV (LISTS_URL_CSL). */
  listsUrlCsl: string;
  /** BIS Denied Persons List dpl.txt (LISTS_URL_DPL). */
  listsUrlDpl: string;
  /** SAM.gov extracts endpoint; api_key and fileName are added (LISTS_URL_SAM). */
  listsUrlSam: string;
  /** DHS UFLPA Entity List page (LISTS_URL_UFLPA). */
  listsUrlUflpa: string;
  /** When set, keys, accounts, quotas, audit and revocations live in Redis (REDIS_URL, redis:// or rediss://). */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  /** HS256 session JWT secret, at least 32 characters (SESSION_JWT_SECRET). Never log it. */
  sessionJwtSecret: string | null;
  /** JWKS endpoint for RS256/ES256/EdDSA session JWTs (SESSION_JWKS_URL). */
  sessionJwksUrl: string | null;
  /** SPKI PEM public key for session JWTs; "\\n" escapes allowed (SESSION_JWT_PUBLIC_KEY). */
  sessionJwtPublicKey: string | null;
  /** Required `iss` of session JWTs when set (SESSION_JWT_ISSUER). */
  sessionJwtIssuer: string | null;
  /** Required `aud` of session JWTs when set (SESSION_JWT_AUDIENCE). */
  sessionJwtAudience: string | null;
  /** Oldest session JWT accepted, by its `iat`, whatever its `exp` (SESSION_JWT_MAX_AGE: 90s, 30m, 24h, 7d or seconds). */
  sessionJwtMaxAgeSeconds: number;
  /** Subscriptions of a new account, comma-separated service IDs or "*" (DEFAULT_SUBSCRIPTIONS). */
  defaultSubscriptions: readonly string[];
  /** Active-key limit of a new account (DEFAULT_KEY_LIMIT). */
  defaultKeyLimit: number;
  /** Highest monthlyLimit a key of a new account may have (DEFAULT_MONTHLY_LIMIT_CAP). */
  defaultMonthlyLimitCap: number;
  /** Live decisions on matches an account may hold (DECISIONS_LIMIT). */
  decisionsLimit: number;
  /** How long a decision on a match lives, in days (DECISIONS_RETENTION_DAYS). */
  decisionsRetentionDays: number;
  /** Address the HTTP listener binds (HOST). */
  host: string;
  /** HTTP port, 0 = any free port (PORT). */
  port: number;
  /** HTTP worker threads sharing the port (WORKERS, 1..64). */
  workers: number;
  /** pino level: fatal, error, warn, info, debug, trace or silent (LOG_LEVEL). */
  logLevel: LogLevel;
  /** When set, the identity API (/me/api-keys) listens on this port only, not on PORT (IDENTITY_PORT). */
  identityPort: number | null;
  /** When set, GET /metrics is served on this port only, not on PORT or IDENTITY_PORT (METRICS_PORT). */
  metricsPort: number | null;
  /** Largest request body accepted; more answers 413 (MAX_BODY_BYTES). */
  maxBodyBytes: number;
  /** A body not received whole within this many ms of its headers answers 400 and closes (BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
  /** Browser origins allowed to call the API cross-origin, exact `scheme://host[:port]` (CORS_ORIGINS, comma-separated; none by default). */
  corsOrigins: readonly string[];
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; open otherwise. Never log it. */
  metricsToken: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_LIST_URLS = Object.freeze({
  ofac: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports',
  csl: 'https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv',
  dpl: 'https://www.bis.doc.gov/dpl/dpl.txt',
  sam: 'https://api.sam.gov/data-services/v1/extracts',
  uflpa: 'https://www.dhs.gov/uflpa-entity-list',
});

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const config: Config = {
    listsDir: text(env, 'LISTS_DIR', 'data/lists'),
    listsDirExplicit: raw(env, 'LISTS_DIR') !== undefined,
    listsRequired: listSources(env, 'LISTS_REQUIRED'),
    listsMaxAgeDays: integer(env, 'LISTS_MAX_AGE_DAYS', 30, 1),
    dataDir: text(env, 'DATA_DIR', '.data'),
    // At most 1 s: the README promises a power loss loses no more than the last second.
    lmdbSyncIntervalMs: bounded(env, 'LMDB_SYNC_INTERVAL_MS', 1000, 0, 1000),
    samApiKey: optionalSecret(env, 'SAM_API_KEY'),
    listsMaxCollapse: fraction(env, 'LISTS_MAX_COLLAPSE', 0.5),
    listsStaleAfterMs: integer(env, 'LISTS_STALE_AFTER_MS', 24 * 3600_000, 0),
    listsArchiveDays: integer(env, 'LISTS_ARCHIVE_DAYS', 35, 1),
    listsRefreshIntervalMs: integer(env, 'LISTS_REFRESH_INTERVAL_MS', 60_000, 100),
    // The real files parse in seconds (SAM's 66 MB CSV the longest) in a few hundred MB of heap.
    listsParseTimeoutMs: integer(env, 'LISTS_PARSE_TIMEOUT_MS', 300_000, 100),
    listsParseMaxMb: bounded(env, 'LISTS_PARSE_MAX_MB', 2_048, 32, 65_536),
    listsDownloadTimeoutMs: integer(env, 'LISTS_DOWNLOAD_TIMEOUT_MS', 60_000, 1),
    listsDownloadRetries: bounded(env, 'LISTS_DOWNLOAD_RETRIES', 4, 0, 10),
    listsUrlOfac: httpUrl(env, 'LISTS_URL_OFAC', DEFAULT_LIST_URLS.ofac),
    listsUrlCsl: httpUrl(env, 'LISTS_URL_CSL', DEFAULT_LIST_URLS.csl),
    listsUrlDpl: httpUrl(env, 'LISTS_URL_DPL', DEFAULT_LIST_URLS.dpl),
    listsUrlSam: httpUrl(env, 'LISTS_URL_SAM', DEFAULT_LIST_URLS.sam),
    listsUrlUflpa: httpUrl(env, 'LISTS_URL_UFLPA', DEFAULT_LIST_URLS.uflpa),
    redisUrl: redisUrl(env, 'REDIS_URL'),
    redisKeyPrefix: redisKeyPrefix(env, 'REDIS_KEY_PREFIX'),
    sessionJwtSecret: sessionSecret(env, 'SESSION_JWT_SECRET'),
    sessionJwksUrl: raw(env, 'SESSION_JWKS_URL') === undefined ? null : httpUrl(env, 'SESSION_JWKS_URL', ''),
    sessionJwtPublicKey: raw(env, 'SESSION_JWT_PUBLIC_KEY')?.replace(/\\n/g, '\n') ?? null,
    sessionJwtIssuer: raw(env, 'SESSION_JWT_ISSUER') ?? null,
    sessionJwtAudience: raw(env, 'SESSION_JWT_AUDIENCE') ?? null,
    sessionJwtMaxAgeSeconds: duration(env, 'SESSION_JWT_MAX_AGE', 24 * 3600, 366 * 86_400),
    defaultSubscriptions: serviceIdList(env, 'DEFAULT_SUBSCRIPTIONS', ['sanctions-screening']),
    defaultKeyLimit: integer(env, 'DEFAULT_KEY_LIMIT', 10, 1),
    defaultMonthlyLimitCap: integer(env, 'DEFAULT_MONTHLY_LIMIT_CAP', 1_000_000, 1),
    decisionsLimit: bounded(env, 'DECISIONS_LIMIT', 10_000, 1, 100_000),
    decisionsRetentionDays: bounded(env, 'DECISIONS_RETENTION_DAYS', 365, 1, 3660),
    host: text(env, 'HOST', '127.0.0.1'),
    port: port(env, 'PORT', 8080),
    workers: bounded(env, 'WORKERS', 1, 1, 64),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    identityPort: raw(env, 'IDENTITY_PORT') === undefined ? null : port(env, 'IDENTITY_PORT', 0),
    metricsPort: raw(env, 'METRICS_PORT') === undefined ? null : port(env, 'METRICS_PORT', 0),
    maxBodyBytes: bounded(env, 'MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    bodyTimeoutMs: bounded(env, 'BODY_TIMEOUT_MS', 30_000, 100, 600_000),
    metricsToken: metricsToken(env, 'METRICS_TOKEN'),
    corsOrigins: originList(env, 'CORS_ORIGINS'),
  };
  onlyOneSessionKey(config);
  return Object.freeze(config);
}

/** Unset and empty both mean "use the default": an empty variable in a .env file is a common accident. */
function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Braces would change the hash tags that keep each account's keys in one Redis Cluster slot. */
function redisKeyPrefix(env: Env, name: string): string {
  const value = text(env, name, 'rps:');
  if (/[{}]/.test(value)) throw new ConfigError(`${name} must not contain { or } (they would change Redis Cluster hash slots)`);
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

function optionalSecret(env: Env, name: string): string | null {
  const value = raw(env, name);
  // The value itself never appears in the message: it is a credential.
  if (value !== undefined && /\s/.test(value)) throw new ConfigError(`${name} must not contain whitespace`);
  return value ?? null;
}

function fraction(env: Env, name: string, fallback: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(parsed >= 0 && parsed <= 1)) {
    throw new ConfigError(`${name} must be a number from 0 to 1 (got ${JSON.stringify(value)})`);
  }
  return parsed;
}

function integer(env: Env, name: string, fallback: number, min: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(value)})`);
  }
  return parsed;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "90s", "30m", "24h", "7d" or plain seconds, from 1 second to `max` seconds. */
function duration(env: Env, name: string, fallback: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const match = /^(\d+)([smhd]?)$/.exec(value);
  const seconds = match === null ? NaN : Number(match[1]) * DURATION_UNITS[match[2] || 's'];
  if (!(seconds >= 1 && seconds <= max)) {
    throw new ConfigError(`${name} must be a duration like 90s, 30m, 24h or 7d, from 1 second to ${max / 86_400} days (got ${JSON.stringify(value)})`);
  }
  return seconds;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  return value.replace(/\/+$/, '');
}

function redisUrl(env: Env, name: string): string | null {
  const value = raw(env, name);
  if (value === undefined) return null;
  // The URL may carry a password: the message shows only what is wrong, never the value.
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new ConfigError(`${name} must be a redis:// or rediss:// URL`);
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') throw new ConfigError(`${name} must be a redis:// or rediss:// URL`);
  return value;
}

function sessionSecret(env: Env, name: string): string | null {
  const value = optionalSecret(env, name);
  // HS256 with a short secret is brute-forceable offline from one captured token.
  if (value !== null && value.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  return value;
}

function metricsToken(env: Env, name: string): string | null {
  const value = optionalSecret(env, name);
  // A short token is guessable by anyone who can reach the port; 16 characters is the floor.
  if (value !== null && value.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
  // It travels as a Bearer credential, so it must be an RFC 6750 b64token.
  if (value !== null && !/^[A-Za-z0-9\-._~+/]+=*$/.test(value)) {
    throw new ConfigError(`${name} may contain only letters, digits and -._~+/ (a Bearer token)`);
  }
  return value;
}

/** Exact origins as browsers send them: scheme, host and a port only when not the default. */
function originList(env: Env, name: string): readonly string[] {
  const value = raw(env, name);
  if (value === undefined) return Object.freeze([]);
  const origins = value.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of origins) {
    let canonical: string | null = null;
    try {
      const url = new URL(origin);
      if (url.protocol === 'http:' || url.protocol === 'https:') canonical = url.origin;
    } catch {
      // reported below
    }
    if (canonical !== origin) {
      throw new ConfigError(`${name} must be comma-separated origins like https://app.example.com (got ${JSON.stringify(origin)})`);
    }
  }
  return Object.freeze(origins);
}

function serviceIdList(env: Env, name: string, fallback: readonly string[]): readonly string[] {
  const value = raw(env, name);
  if (value === undefined) return Object.freeze([...fallback]);
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const bad = ids.find((id) => id !== '*' && !/^[a-z][a-z0-9-]{1,62}$/.test(id));
  if (ids.length === 0 || bad !== undefined) {
    throw new ConfigError(`${name} must be comma-separated service IDs (^[a-z][a-z0-9-]{1,62}$) or "*" (got ${JSON.stringify(value)})`);
  }
  return Object.freeze(ids);
}

function listSources(env: Env, name: string): readonly ListSource[] {
  const value = raw(env, name);
  if (value === undefined) return Object.freeze([]);
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const bad = ids.find((id) => !isListSource(id));
  if (ids.length === 0 || bad !== undefined) {
    throw new ConfigError(`${name} must be comma-separated listSource IDs such as ofac-sdn,bis-entity (got ${JSON.stringify(bad ?? value)})`);
  }
  return Object.freeze([...new Set(ids)] as ListSource[]);
}

function onlyOneSessionKey(config: Config): void {
  const set = [
    config.sessionJwtSecret !== null && 'SESSION_JWT_SECRET',
    config.sessionJwksUrl !== null && 'SESSION_JWKS_URL',
    config.sessionJwtPublicKey !== null && 'SESSION_JWT_PUBLIC_KEY',
  ].filter((name) => name !== false);
  if (set.length > 1) throw new ConfigError(`set only one of ${set.join(', ')}`);
}

function port(env: Env, name: string, fallback: number): number {
  return bounded(env, name, fallback, 0, 65535);
}

function bounded(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = integer(env, name, fallback, min);
  if (value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw(env, name))})`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = raw(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}
