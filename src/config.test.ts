import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIST_URLS, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment, frozen', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      listsDir: 'data/lists',
      dataDir: '.data',
      samApiKey: null,
      listsMaxCollapse: 0.5,
      listsUrlOfac: DEFAULT_LIST_URLS.ofac,
      listsUrlSam: DEFAULT_LIST_URLS.sam,
      lmdbSyncIntervalMs: 1000,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads overrides, treating empty values as unset', () => {
    const config = loadConfig({
      LISTS_DIR: '/srv/lists',
      DATA_DIR: '',
      LISTS_MAX_COLLAPSE: '0.25',
      LISTS_URL_DPL: 'http://127.0.0.1:8099/dpl.txt',
      LISTS_URL_OFAC: 'http://127.0.0.1:8099/ofac/',
    });
    expect(config).toMatchObject({
      listsDir: '/srv/lists',
      dataDir: '.data',
      listsMaxCollapse: 0.25,
      listsUrlDpl: 'http://127.0.0.1:8099/dpl.txt',
      listsUrlOfac: 'http://127.0.0.1:8099/ofac',
    });
  });

  it('reads SESSION_JWT_MAX_AGE as a duration (default 24 h)', () => {
    expect(loadConfig({}).sessionJwtMaxAgeSeconds).toBe(86_400);
    expect(loadConfig({ SESSION_JWT_MAX_AGE: '30m' }).sessionJwtMaxAgeSeconds).toBe(1800);
    expect(loadConfig({ SESSION_JWT_MAX_AGE: '7d' }).sessionJwtMaxAgeSeconds).toBe(7 * 86_400);
    expect(loadConfig({ SESSION_JWT_MAX_AGE: '900' }).sessionJwtMaxAgeSeconds).toBe(900);
  });

  it('reads CORS_ORIGINS as exact origins (none by default)', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).corsOrigins)
      .toEqual(['https://app.example.com', 'http://localhost:5173']);
    for (const bad of ['*', 'https://app.example.com/', 'app.example.com', 'ftp://x.example', 'https://APP.example.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });

  it.each([
    ['SESSION_JWT_MAX_AGE', '1w', 'SESSION_JWT_MAX_AGE must be a duration like 90s, 30m, 24h or 7d, from 1 second to 366 days (got "1w")'],
    ['SESSION_JWT_MAX_AGE', '0', 'SESSION_JWT_MAX_AGE must be a duration like 90s, 30m, 24h or 7d, from 1 second to 366 days (got "0")'],
    ['LISTS_MAX_COLLAPSE', '1.5', 'LISTS_MAX_COLLAPSE must be a number from 0 to 1 (got "1.5")'],
    ['LISTS_MAX_COLLAPSE', 'half', 'LISTS_MAX_COLLAPSE must be a number from 0 to 1 (got "half")'],
    ['LISTS_DOWNLOAD_TIMEOUT_MS', '0', 'LISTS_DOWNLOAD_TIMEOUT_MS must be a whole number of at least 1 (got "0")'],
    ['LISTS_STALE_AFTER_MS', '1e3', 'LISTS_STALE_AFTER_MS must be a whole number of at least 0 (got "1e3")'],
    ['LISTS_URL_CSL', 'ftp://example.org/x.csv', 'LISTS_URL_CSL must be an http(s) URL (got "ftp://example.org/x.csv")'],
    ['LISTS_URL_UFLPA', 'not a url', 'LISTS_URL_UFLPA must be an http(s) URL (got "not a url")'],
    ['LMDB_SYNC_INTERVAL_MS', '5000', 'LMDB_SYNC_INTERVAL_MS must be a whole number from 0 to 1000 (got "5000")'],
  ])('rejects %s=%s with a one-line reason', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  it('never echoes the SAM API key in its error', () => {
    const key = 'abc def-secret';
    expect(() => loadConfig({ SAM_API_KEY: key })).toThrow('SAM_API_KEY must not contain whitespace');
    try {
      loadConfig({ SAM_API_KEY: key });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });
});
