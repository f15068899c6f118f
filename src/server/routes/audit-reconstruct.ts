/**
 * @module POST /sanctions-screening/v1/audit/{requestId}/reconstruct: a screening's answer rebuilt
 * against the list versions it was screened against (answers/reconstruction.ts).
 * authenticate -> the record (another account's: 404, as GET .../audit) -> the body hashes to its
 * bodySha256 (the raw bytes, as /screen records; or the entity's canonical JSON, as a batch slot
 * records), else 409 body_mismatch -> valid -> reconstruct (410 list_version_gone when a version is
 * no longer archived) -> one quota unit and an audit record of its own, in one store step -> reply.
 */
import type { ScreenRequest } from '../../engine/types.js';
import { engineVersion } from '../../engine/engine-version.js';
import { AppError } from '../../errors.js';
import { readScreenRequest } from '../../contract/screen-input.js';
import { PreparedJson } from '../../contract/prepared-json.js';
import type { AuditRecord } from '../../store/types.js';
import { canonicalJson, sha256Hex } from '../answers/body-hash.js';
import { reconstruct, type Framing, type Reconstruction } from '../answers/reconstruction.js';
import { authenticateKey, chargeQuota, rateLimitHeaders, refundingOnFailure } from '../auth/service-auth.js';
import { SERVICE_ID } from '../deps.js';
import type { RequestContext } from '../http/context.js';
import { decodeBody, encodePayload, replyEncoded, requestFormat } from '../http/framing.js';
import type { Route } from '../http/route.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'No audit record for this requestId (records are kept 30 days).';

export const auditReconstructRoute: Route = {
  method: 'POST',
  pattern: `/${SERVICE_ID}/v1/audit/{requestId}/reconstruct`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const requestId = ctx.params.requestId.toLowerCase();
    const record = UUID.test(requestId) ? await deps.state.audit.get(key.accountId, requestId) : null;
    if (record === null) throw new AppError('not_found', undefined, NOT_FOUND);
    const { request, guess } = originalRequest(ctx, record);
    if (!hasVersions(record)) {
      throw new AppError('list_version_gone', [{ field: 'listsVersion', issue: 'the record predates list versions: nothing names the lists it was screened against' }]);
    }
    const started = performance.now();
    const rebuilt = await reconstruct(deps, key.accountId, record, request, guess);
    // IDs and outcome only (never the body): where the lists came from and how long it took.
    deps.logger.info({ requestId: ctx.requestId, of: record.requestId, from: rebuilt.from, identical: rebuilt.identical,
      ms: Math.round(performance.now() - started) }, 'screening reconstructed');
    const encoded = encodePayload(replyPayload(record, rebuilt, deps.now().toISOString()), ctx.format);
    // Audited as a screening of its own: its body, the lists it was screened against, its reply.
    const audit = [{
      requestId: ctx.requestId, accountId: key.accountId, screenedAt: deps.now().toISOString(), bodySha256: sha256Hex(ctx.request.body),
      listsVersion: record.listsVersion, engineVersion: engineVersion(), answerSha256: sha256Hex(encoded.body),
    }];
    const { quota, charge } = await chargeQuota(ctx, deps, key, SERVICE_ID, audit);
    return refundingOnFailure(ctx, deps, charge, () => replyEncoded(200, encoded, rateLimitHeaders(quota)));
  },
};

/**
 * The body as the original request: its bytes hash to the record's bodySha256 (a /screen call), or
 * the canonical JSON of what it decodes to does (a batch slot's entity); else 409.
 */
function originalRequest(ctx: RequestContext, record: AuditRecord): { request: ScreenRequest; guess: Framing } {
  const body = decodeBody(ctx.request);
  const asSent = sha256Hex(ctx.request.body) === record.bodySha256;
  if (!asSent && sha256Hex(canonicalJson(body)) !== record.bodySha256) {
    throw new AppError('body_mismatch', [{ field: 'body', issue: 'its SHA-256 differs from the bodySha256 of the audit record' }]);
  }
  const input = readScreenRequest(body);
  if (!input.ok) throw new AppError('invalid_request', input.issues);
  return { request: input.request, guess: !asSent ? 'batch-slot' : requestFormat(ctx.request.headers) === 'msgpack' ? 'msgpack' : 'json' };
}

function hasVersions(record: AuditRecord): record is Required<AuditRecord> {
  return record.listsVersion !== undefined && record.engineVersion !== undefined && record.answerSha256 !== undefined;
}

/** The reply; its JSON text carries the rebuilt answer's own JSON text (toJson), as a /screen answer is written. */
function replyPayload(record: Required<AuditRecord>, rebuilt: Reconstruction, reconstructedAt: string): PreparedJson {
  const head = {
    requestId: record.requestId, screenedAt: record.screenedAt, reconstructedAt, listsVersion: record.listsVersion,
    engineVersion: { original: record.engineVersion, now: engineVersion() }, identical: rebuilt.identical,
  };
  return new PreparedJson(
    () => ({ ...head, answer: rebuilt.answer.toValue() }),
    () => `${JSON.stringify(head).slice(0, -1)},"answer":${rebuilt.answer.toJson()}}`,
  );
}
