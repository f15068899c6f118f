/**
 * @module The development session secret: with no SESSION_JWT_* setting, the server creates a
 * random HS256 secret in DATA_DIR on first start (mode 0600) and the CLI mints tokens with it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEV_SECRET_FILE = 'session-jwt-secret';

export interface DevSecret {
  readonly secret: string;
  readonly path: string;
  readonly created: boolean;
}

export function loadOrCreateDevSecret(dataDir: string): DevSecret {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, DEV_SECRET_FILE);
  const fresh = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails when the file exists, so two workers starting together keep one secret.
    writeFileSync(path, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    return { secret: fresh, path, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { secret: readExisting(path), path, created: false };
}

function readExisting(path: string): string {
  // Like ssh with a private key: a secret others can read is refused rather than trusted.
  if ((statSync(path).mode & 0o077) !== 0) {
    throw new Error(`${path} is readable by other users; run chmod 600 ${path} (or delete it to create a new secret)`);
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${path} holds no usable secret (under 32 characters); delete it to create a new one`);
  return secret;
}
