/**
 * The HTTP settings of src/config.ts: defaults, overrides, and one-line errors for bad values.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('HTTP settings', () => {
  it('defaults: 127.0.0.1:8080, one worker, info, no identity port, 1 MiB bodies', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1', port: 8080, workers: 1, logLevel: 'info', identityPort: null, maxBodyBytes: 1_048_576,
    });
  });

  it('reads overrides', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '0', WORKERS: '4', LOG_LEVEL: 'DEBUG', IDENTITY_PORT: '9090', MAX_BODY_BYTES: '2048' });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 0, workers: 4, logLevel: 'debug', identityPort: 9090, maxBodyBytes: 2048 });
  });

  it.each([
    [{ PORT: '65536' }, 'PORT must be a whole number from 0 to 65535 (got "65536")'],
    [{ PORT: '-1' }, 'PORT must be a whole number of at least 0 (got "-1")'],
    [{ WORKERS: '0' }, 'WORKERS must be a whole number of at least 1 (got "0")'],
    [{ WORKERS: '2.5' }, 'WORKERS must be a whole number of at least 1 (got "2.5")'],
    [{ WORKERS: '65' }, 'WORKERS must be a whole number from 1 to 64 (got "65")'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")'],
    [{ IDENTITY_PORT: 'x' }, 'IDENTITY_PORT must be a whole number of at least 0 (got "x")'],
    [{ MAX_BODY_BYTES: '10' }, 'MAX_BODY_BYTES must be a whole number of at least 1024 (got "10")'],
  ])('%j stops the start: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
