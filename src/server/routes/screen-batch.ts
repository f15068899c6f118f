/**
 * @module POST /sanctions-screening/v1/screen/batch: 1..100 parties, answered in order.
 *
 * Each slot is validated on its own; an invalid slot gets `{"error": {...}}` and neither consumes
 * quota nor is screened or audited (nothing was screened). A batch of N valid entities consumes N
 * units in one atomic step, or none with 429; the same step writes the valid slots' audit records
 * (each with its slot answer's SHA-256 over its canonical JSON, and the lists and engine versions).
 * Each slot has its own requestId; valid slots are audited with the SHA-256 of the entity's
 * canonical JSON (as submitted, before trimming). Should screening fail, the units are refunded and
 * the records deleted. A slot whose `lists` names only lists without entries gets 503's error body
 * (`lists_unavailable`) in its slot and is neither charged nor screened; every screened slot carries
 * `coverage`.
 */
import { randomUUID } from 'node:crypto';
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';
import { AppError, errorBody } from '../../errors.js';
import { canonicalJson, sha256Hex } from '../answers/body-hash.js';
import { SERVICE_ID, type ServerDeps } from '../deps.js';
import { decodeBody, reply } from '../http/framing.js';
import { engineVersion } from '../../engine/engine-version.js';
import type { Route } from '../http/route.js';
import { BatchArraySchema, BatchEnvelopeSchema, MAX_BATCH } from '../../contract/schemas/screen-request.js';
import { readScreenRequest } from '../../contract/screen-input.js';
import { changedSinceCoverage, LISTS_UNAVAILABLE_MESSAGE } from '../../contract/coverage.js';
import { batchPayload, ScreenAnswer } from '../../contract/screen-response.js';
import { authenticateKey, chargeQuota, peekQuota, rateLimitHeaders, refundingOnFailure, refuseOverQuota } from '../auth/service-auth.js';
import { compileValidator } from '../../contract/validation.js';
import { screenEachInSlices, screenInSlices, SLICE_MS } from '../threads/peer-screening.js';
import { changedOnlyEngine, screenableLists } from './screen.js';
import { applyAccountDecisions } from '../answers/match-decisions.js';

// Each entity is validated on its own (readScreenRequest): a crowded entity is its slot's error.
const validateEnvelope = compileValidator(BatchEnvelopeSchema, { crowded: 'body' });
const validateArray = compileValidator(BatchArraySchema, { crowded: 'body' });

interface ValidSlot {
  index: number;
  requestId: string;
  request: ScreenRequest;
  bodySha256: string;
  /** The slot's `changedSince`, and the engine over the entries changed since then. */
  changedSince?: string;
  engine?: ScreeningEngine;
}

export const screenBatchRoute: Route = {
  method: 'POST',
  pattern: `/${SERVICE_ID}/v1/screen/batch`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const entities = readEntities(decodeBody(ctx.request));
    const { engine, coverage } = screenableLists(deps);
    // Taken with the engine, in the same step: peers screen slots only on lists of this version.
    const version = deps.lists.version?.() ?? null;
    const slots: unknown[] = new Array(entities.length);
    const valid: ValidSlot[] = [];
    entities.forEach((entity, index) => {
      const requestId = randomUUID();
      const input = readScreenRequest(entity);
      const unavailable = input.ok ? coverage.emptyFilter(input.request.lists) : null;
      if (!input.ok) slots[index] = errorBody('invalid_request', requestId, input.issues);
      else if (unavailable !== null) slots[index] = errorBody('lists_unavailable', requestId, unavailable, LISTS_UNAVAILABLE_MESSAGE);
      else valid.push({ index, requestId, request: input.request, bodySha256: sha256Hex(canonicalJson(entity)), changedSince: input.changedSince });
    });
    await changedSinceEngines(deps, engine, valid, slots);
    // Nothing valid: nothing screened, charged or audited; the answer still carries the headers.
    if (valid.length === 0) return reply(200, batchPayload(slots), ctx.format, rateLimitHeaders(await peekQuota(deps, key, SERVICE_ID)));

    await refuseOverQuota(deps, key, SERVICE_ID, valid.length);
    const screenedAt = deps.now().toISOString();
    const requests = valid.map((s) => s.request);
    // The slots are screened (by idle peers too) before the quota step: each audit record holds
    // the SHA-256 of its slot's answer. A batch the quota refuses costs its screening and leaves nothing.
    const results = await screenSlots(deps, engine, version, valid);
    // One store round trip for every slot's matched entries (none without decisions).
    await applyAccountDecisions(deps.state.decisions, key.accountId, engine, requests.map((request, i) => ({ request, result: results[i] })));
    const release = engineVersion();
    const audit = valid.map((slot, i) => {
      const all = coverage.of(slot.request.lists);
      const covered = slot.changedSince === undefined ? all : changedSinceCoverage(all, slot.changedSince);
      const answer = new ScreenAnswer(slot.requestId, screenedAt, results[i], covered);
      slots[slot.index] = answer;
      return {
        requestId: slot.requestId, accountId: key.accountId, screenedAt, bodySha256: slot.bodySha256,
        listsVersion: covered.value.listsVersion, engineVersion: release, answerSha256: sha256Hex(canonicalJson(answer.toValue())),
      };
    });
    const { quota, charge } = await chargeQuota(ctx, deps, key, SERVICE_ID, audit);
    return refundingOnFailure(ctx, deps, charge, () => reply(200, batchPayload(slots), ctx.format, rateLimitHeaders(quota)));
  },
};

/**
 * The engine of each slot that set `changedSince` (one per distinct value); a slot whose value the
 * archive does not reach gets its 410 (or 400) in its slot and leaves `valid`: neither screened nor charged.
 */
async function changedSinceEngines(deps: ServerDeps, engine: ScreeningEngine, valid: ValidSlot[], slots: unknown[]): Promise<void> {
  for (const slot of [...valid]) {
    if (slot.changedSince === undefined) continue;
    try {
      slot.engine = await changedOnlyEngine(deps, engine, slot.changedSince, slot.request.lists);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      slots[slot.index] = errorBody(error.code, slot.requestId, error.details);
      valid.splice(valid.indexOf(slot), 1);
    }
  }
}

/** The slots without changedSince on the peers too (as ever); those with it on this thread, each on its own engine, paced as one run. */
async function screenSlots(deps: ServerDeps, engine: ScreeningEngine, version: string | null, valid: readonly ValidSlot[]): Promise<ScreenResult[]> {
  const results: ScreenResult[] = new Array(valid.length);
  const plain = valid.flatMap((slot, i) => (slot.engine === undefined ? [i] : []));
  const requests = plain.map((i) => valid[i].request);
  if (requests.length > 0) {
    const screening = deps.batchScreener?.begin(engine, version, requests) ?? null;
    const screened = screening === null ? await screenInSlices(engine, requests) : await screening.finish();
    plain.forEach((i, k) => (results[i] = screened[k]));
  }
  const changed = valid.flatMap((slot, i) => (slot.engine === undefined ? [] : [i]));
  const screenedChanged = await screenEachInSlices(changed.map((i) => ({ engine: valid[i].engine!, request: valid[i].request })));
  changed.forEach((i, k) => (results[i] = screenedChanged[k]));
  return results;
}

/** Screening time after which a batch lets the event loop run (other requests, /healthz) before its next slot. */
export const BATCH_SLICE_MS = SLICE_MS;

const ITEM_COUNT_ISSUE = /^must have at (least|most) \d+ items$/;

/** The entities of `{"entities": [...]}` or of a bare array; 400 for the whole call otherwise. */
function readEntities(body: unknown): unknown[] {
  const result = Array.isArray(body) ? validateArray(body) : validateEnvelope(body);
  if (result.ok) return Array.isArray(result.value) ? result.value : result.value.entities;
  const field = Array.isArray(body) ? 'body' : 'entities';
  // The entity count's own issues (minItems / maxItems on the list of entities) say what a batch holds.
  const issues = result.issues.map((i) => (i.field === field && ITEM_COUNT_ISSUE.test(i.issue) ? { field, issue: `must hold 1 to ${MAX_BATCH} entities` } : i));
  throw new AppError('invalid_request', issues,
    `A batch is {"entities": [...]} or a bare array of 1 to ${MAX_BATCH} screening requests.`);
}
