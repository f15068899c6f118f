/**
 * @module The list pipeline's side of an audit reconstruction: a served list set read back from the
 * version archive (each list's file verified: checksum and content version), indexed and packed
 * here in the background process exactly as a refresh is, and written to the spool directory for
 * the main thread. Serving threads then unpack it in the same 4 ms slices as a refresh.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildIndex } from '../../engine/index-builder.js';
import { ArchiveError, type VersionArchive } from '../../lists/archive/version-archive.js';
import { readServedSet, type ServedSet } from '../../lists/archive/served-sets.js';
import { packLists } from './lists-payload.js';
import type { FromPipeline } from './pipeline-protocol.js';

export async function packArchivedSet(archive: VersionArchive | null, set: ServedSet, spoolDir: string, id: number): Promise<FromPipeline> {
  if (archive === null) return { type: 'archived-failed', id, code: 'gone', message: 'no list version archive (DATA_DIR) is configured' };
  try {
    const started = performance.now();
    const entries = await readServedSet(archive, set);
    const loadMs = Math.round(performance.now() - started);
    const index = buildIndex(entries);
    const buildMs = Math.round(performance.now() - started) - loadMs;
    const loaded = { entries, catalog: [], loadedAt: set.since, dir: archive.dir, sample: false, fingerprint: set.id };
    const { header, stats, blob } = packLists(loaded, index, { seq: id, loadMs, buildMs });
    const file = join(spoolDir, `archived-${process.pid}-${id}.bin`);
    await writeFile(file, blob);
    return { type: 'archived', id, header, stats, file };
  } catch (error) {
    const code = error instanceof ArchiveError ? error.code : 'failed';
    return { type: 'archived-failed', id, code, message: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) };
  }
}
