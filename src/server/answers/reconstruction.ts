/**
 * @module Audit reconstruction (API.md "List versions, reconstruction and changes"): a screening's
 * answer rebuilt from its original request body against the list set it was screened against, and
 * compared with the SHA-256 of the answer sent.
 *
 * The list set: the audit record names only the listsVersion of the lists the request named; the
 * served-set records of the archive (lists/archive/served-sets.ts) give the whole set (every list's
 * version: the index's token weights span all lists) and the facts its answers showed (publication
 * dates, statuses, entry counts). The set being served now is used as it is; any other is read back
 * from the archive by the list pipeline and built on this thread as a refresh is (archived-lists.ts),
 * one at a time per process.
 *
 * Framing: the record does not say whether the answer went out as JSON, MessagePack or as a batch
 * slot (canonical JSON), so the rebuilt answer is encoded every way and `identical` is true when one
 * of them hashes to the record's answerSha256; that one is the framing reported.
 *
 * Decisions: the account's decisions are applied as at screening, with those recorded after
 * `screenedAt` left out, so a decision taken since does not change the reconstruction. A decision
 * that applied then and was deleted, replaced or expired since cannot be restored: the rebuilt
 * answer then differs and `identical` is false (the decision's own audit trail tells why).
 */
import { servedList, servedSetId, findServedSet, type ServedList, type ServedSet } from '../../lists/archive/served-sets.js';
import { CoverageBook } from '../../contract/coverage.js';
import type { ScreenRequest, ScreeningEngine } from '../../engine/types.js';
import { ScreenAnswer, screenPayload } from '../../contract/screen-response.js';
import { AppError } from '../../errors.js';
import type { AuditRecord } from '../../store/types.js';
import type { ServerDeps } from '../deps.js';
import { encodePayload } from '../http/framing.js';
import { ArchivedLoadError } from '../lists-pipeline/archived-loads.js';
import { canonicalJson, sha256Hex } from './body-hash.js';
import { applyAccountDecisions } from './match-decisions.js';

export type Framing = 'json' | 'msgpack' | 'batch-slot';

export interface Reconstruction {
  answer: ScreenAnswer;
  /** The framing whose bytes hash to the record's answerSha256, else the one the request body suggests. */
  framing: Framing;
  identical: boolean;
  /** Whether the set was the one served now (no archive read) or read back from the archive. */
  from: 'served' | 'archive';
}

/** The engine and coverage of the set behind `record`; `done` releases an archived engine. */
interface SetEngine {
  engine: ScreeningEngine;
  coverage: CoverageBook;
  from: Reconstruction['from'];
  done(): void;
}

export async function reconstruct(deps: ServerDeps, accountId: string, record: Required<AuditRecord>, request: ScreenRequest,
  guess: Framing): Promise<Reconstruction> {
  const set = await setEngine(deps, record, request);
  try {
    const result = set.engine.screen(request);
    await applyAccountDecisions(deps.state.decisions, accountId, set.engine, [{ request, result }], record.screenedAt);
    const answer = new ScreenAnswer(record.requestId, record.screenedAt, result, set.coverage.of(request.lists));
    const framing = framingOf(answer, record.answerSha256);
    return { answer, framing: framing ?? guess, identical: framing !== null, from: set.from };
  } finally {
    set.done();
  }
}

/** The answer's bytes in one framing (a batch slot: its canonical JSON). */
export function answerBytes(answer: ScreenAnswer, framing: Framing): Buffer | string {
  return framing === 'batch-slot' ? canonicalJson(answer.toValue()) : encodePayload(screenPayload(answer), framing).body;
}

function framingOf(answer: ScreenAnswer, answerSha256: string): Framing | null {
  for (const framing of ['json', 'msgpack', 'batch-slot'] as const) if (sha256Hex(answerBytes(answer, framing)) === answerSha256) return framing;
  return null;
}

async function setEngine(deps: ServerDeps, record: Required<AuditRecord>, request: ScreenRequest): Promise<SetEngine> {
  const engine = deps.lists.engine();
  const catalog = deps.lists.catalog();
  const coverage = deps.lists.coverage();
  if (engine === null || catalog === null || coverage === null) throw new AppError('lists_unavailable');
  const versionOf = (lists: readonly ServedList[]): string => new CoverageBook(lists, []).of(request.lists).value.listsVersion;
  const found = findServedSet(await deps.archivedLists?.servedSets() ?? [], record.listsVersion, record.screenedAt, versionOf);
  const served = { engine, from: 'served' as const, done: () => undefined };
  if (found === null) {
    // Not recorded (no archive, the bundled sample, or a set installed moments ago): the served set if it matches.
    if (versionOf(catalog.map(servedList)) === record.listsVersion) return { ...served, coverage };
    throw gone(`no list set with listsVersion ${record.listsVersion} is archived (versions are kept LISTS_ARCHIVE_DAYS after they stopped being served)`);
  }
  const setCoverage = new CoverageBook(found.lists, []);
  if (found.id === servedSetId(catalog.map(servedList))) return { ...served, coverage: setCoverage };
  return archivedEngine(deps, found, setCoverage);
}

async function archivedEngine(deps: ServerDeps, set: ServedSet, coverage: CoverageBook): Promise<SetEngine> {
  if (deps.archivedLists === undefined) throw gone('this server keeps no list version archive');
  try {
    const leased = await deps.archivedLists.engine(set);
    return { engine: leased.engine, coverage, from: 'archive', done: () => leased.release() };
  } catch (error) {
    if (!(error instanceof ArchivedLoadError)) throw error;
    // A corrupt file is never used (its checksum and content version are checked): 410, and logged.
    if (error.code === 'corrupt') deps.logger.error({ set: set.id, reason: error.message }, 'archived list version failed its check; not used');
    if (error.code !== 'failed') throw gone(error.message);
    deps.logger.warn({ set: set.id, reason: error.message }, 'archived list set could not be loaded');
    throw new AppError('lists_unavailable', undefined, 'The archived lists could not be loaded now; retry later.');
  }
}

function gone(issue: string): AppError {
  return new AppError('list_version_gone', [{ field: 'listsVersion', issue }]);
}
