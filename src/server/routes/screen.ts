/**
 * @module POST /sanctions-screening/v1/screen: one party.
 * authenticate -> validate -> lists loaded, required lists there, the `lists` filter not only empty
 * lists? -> with `changedSince`, the engine over the entries added or changed since (400 / 410 before
 * anything is charged) -> screen and encode the answer -> quota (1 unit) and audit record (with the lists and
 * engine versions and the answer's SHA-256) in one store step -> reply (with `coverage`). The answer
 * is made before the charge because the audit record holds its hash; a call refused by the quota
 * then costs one screening (bounded work) and leaves nothing behind. Should the answer be
 * undeliverable, the unit is refunded and the record deleted.
 */
import { AppError } from '../../errors.js';
import type { ScreeningEngine } from '../../engine/types.js';
import { changedSinceCoverage, type CoverageBook } from '../../contract/coverage.js';
import type { ListSource } from '../../lists/model.js';
import { sha256Hex } from '../answers/body-hash.js';
import { SERVICE_ID, type ServerDeps } from '../deps.js';
import { decodeBody, encodePayload, replyEncoded } from '../http/framing.js';
import { engineVersion } from '../../engine/engine-version.js';
import type { Route } from '../http/route.js';
import { readScreenRequest } from '../../contract/screen-input.js';
import { ScreenAnswer, screenPayload } from '../../contract/screen-response.js';
import { authenticateKey, chargeQuota, rateLimitHeaders, refundingOnFailure } from '../auth/service-auth.js';
import { applyAccountDecisions } from '../answers/match-decisions.js';

export const screenRoute: Route = {
  method: 'POST',
  pattern: `/${SERVICE_ID}/v1/screen`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const input = readScreenRequest(decodeBody(ctx.request));
    if (!input.ok) throw new AppError('invalid_request', input.issues);
    const { engine, coverage } = screenableLists(deps);
    coverage.assertFilter(input.request.lists);
    const since = input.changedSince;
    const screening = since === undefined ? engine : await changedOnlyEngine(deps, engine, since, input.request.lists);
    const screenedAt = deps.now().toISOString();
    const covered = since === undefined ? coverage.of(input.request.lists) : changedSinceCoverage(coverage.of(input.request.lists), since);
    const result = screening.screen(input.request);
    // The account's decisions on the matched entries: one store round trip (none without decisions).
    await applyAccountDecisions(deps.state.decisions, key.accountId, screening, [{ request: input.request, result }]);
    const answer = new ScreenAnswer(ctx.requestId, screenedAt, result, covered);
    const encoded = encodePayload(screenPayload(answer), ctx.format);
    // Hash of the exact bytes received, whatever the format, so the client can recompute it; and of
    // the exact answer bytes sent (before any Content-Encoding), so a reconstruction can be compared.
    const audit = [{
      requestId: ctx.requestId, accountId: key.accountId, screenedAt, bodySha256: sha256Hex(ctx.request.body),
      listsVersion: covered.value.listsVersion, engineVersion: engineVersion(), answerSha256: sha256Hex(encoded.body),
    }];
    const { quota, charge } = await chargeQuota(ctx, deps, key, SERVICE_ID, audit);
    return refundingOnFailure(ctx, deps, charge, () => replyEncoded(200, encoded, rateLimitHeaders(quota)));
  },
};

/**
 * The engine and coverage of the loaded lists; 503 lists_unavailable before the first load finished
 * or while a LISTS_REQUIRED list is missing or stale (fail closed).
 */
export function screenableLists(deps: ServerDeps): { engine: ScreeningEngine; coverage: CoverageBook } {
  const engine = deps.lists.engine();
  const coverage = deps.lists.coverage();
  if (engine === null || coverage === null) throw new AppError('lists_unavailable');
  coverage.assertRequired();
  return { engine, coverage };
}

/**
 * The engine over the entries added or changed since `since` (a `changedSince`); 400 when malformed,
 * 410 list_version_gone when the version archive does not reach it (answers/list-changes.ts).
 */
export async function changedOnlyEngine(deps: ServerDeps, engine: ScreeningEngine, since: string, lists: readonly ListSource[] | undefined): Promise<ScreeningEngine> {
  const catalog = deps.lists.catalog();
  if (deps.changes === undefined || catalog === null) throw new AppError('list_version_gone', [{ field: 'changedSince', issue: 'this server keeps no version archive' }]);
  return (await deps.changes.changedOnly(engine, catalog, since, lists)).engine;
}
