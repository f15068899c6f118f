import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServedSet } from '../../lists/archive/served-sets.js';
import { ArchivedLoadError, ArchivedLoads } from './archived-loads.js';
import type { ToPipeline } from './pipeline-protocol.js';

const set = (id: string): ServedSet => ({ id, since: '2026-01-01T00:00:00.000Z', lastServed: '2026-01-01T00:00:00.000Z', lists: [] });
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe('archived list sets for reconstruction (one at a time per process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rps-archived-loads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('asks the pipeline for a second set only once the first lease is released, in order', async () => {
    const asked: Extract<ToPipeline, { type: 'load-archived' }>[] = [];
    const loads = new ArchivedLoads((m) => (m.type === 'load-archived' && asked.push(m), true), async (file, bytes) => {
      expect(file).toContain('spool');
      return new SharedArrayBuffer(bytes);
    });
    const answer = (i: number): void => {
      const stats = { seq: asked[i].id, entries: 0, sample: false, loadMs: 0, buildMs: 0, packMs: 0, bytes: 4 };
      loads.handle({ type: 'archived', id: asked[i].id, header: { bytes: 4 } as never, stats, file: join(dir, `spool-${i}`) });
    };
    const first = loads.lease(set('a'));
    const second = loads.lease(set('b'));
    await tick();
    expect(asked.map((m) => m.set.id)).toEqual(['a']);
    answer(0);
    const lease = await first;
    await tick();
    // The first lease is held: the second set waits.
    expect(asked).toHaveLength(1);
    lease.release();
    await tick();
    expect(asked.map((m) => m.set.id)).toEqual(['a', 'b']);
    answer(1);
    (await second).release();
  });

  it('passes on why a set could not be loaded, and frees the turn', async () => {
    let next = 0;
    const loads = new ArchivedLoads(() => true, async (_f, b) => new SharedArrayBuffer(b));
    const failed = loads.lease(set('gone'));
    await tick();
    loads.handle({ type: 'archived-failed', id: ++next, code: 'corrupt', message: 'ofac-sdn version x: archive file checksum mismatch' });
    await expect(failed).rejects.toMatchObject({ code: 'corrupt' });
    // The pipeline process died while loading: the waiting call fails rather than hanging.
    const lost = loads.lease(set('c'));
    await tick();
    loads.pipelineExited();
    await expect(lost).rejects.toBeInstanceOf(ArchivedLoadError);
    // No pipeline running at all: refused at once.
    const none = new ArchivedLoads(() => false, async (_f, b) => new SharedArrayBuffer(b));
    await expect(none.lease(set('d'))).rejects.toMatchObject({ code: 'failed' });
  });
});
