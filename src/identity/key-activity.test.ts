import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createState } from '../state/create-state.js';
import type { State } from '../state/state-types.js';

describe('lastUsedAt of API keys', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-key-activity-'));
  let state: State | undefined;
  afterEach(async () => {
    await state?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records an accepted call at most once a minute per key, and never a refused one', async () => {
    let clock = new Date('2031-03-10T12:00:00.000Z');
    state = await createState({ dataDir, session: { secret: 'x'.repeat(32) }, now: () => clock });
    const identity = state.identity;
    const created = await identity.createKey('acme', { name: 'k', allowedServiceIds: ['sanctions-screening'] });
    if (!created.ok) throw new Error('create failed');
    const lastUsed = async (): Promise<string | null | undefined> => (await identity.listKeys('acme'))[0].lastUsedAt;
    const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

    expect(await lastUsed()).toBeNull();
    expect((await identity.verifyKey(created.key.token, 'other-service')).ok).toBe(false);
    await settle();
    expect(await lastUsed()).toBeNull();

    expect((await identity.verifyKey(created.key.token, 'sanctions-screening')).ok).toBe(true);
    await vi.waitFor(async () => expect(await lastUsed()).toBe('2031-03-10T12:00:00.000Z'));
    clock = new Date('2031-03-10T12:00:59.000Z');
    await identity.verifyKey(created.key.token, 'sanctions-screening');
    await settle();
    expect(await lastUsed()).toBe('2031-03-10T12:00:00.000Z');
    clock = new Date('2031-03-10T12:01:00.000Z');
    await identity.verifyKey(created.key.token, 'sanctions-screening');
    await vi.waitFor(async () => expect(await lastUsed()).toBe('2031-03-10T12:01:00.000Z'));
  });
});
