/**
 * @module The prose of the OpenAPI document (CommonMark): the decisions of API.md that a caller
 * programs against. Figures that live in code (mode thresholds, error table, limits) are read from
 * it when the document is built, so the reference cannot drift from the server.
 */
import { MODES } from '../../engine/modes.js';
import { FUZZINESS_MODES } from '../../engine/types.js';
import { ERROR_TABLE, type ErrorCode } from '../../errors.js';
import { SERVICE_ID } from '../deps.js';
import { DEFAULT_LIMIT, MAX_BATCH, MAX_LIMIT } from '../../contract/schemas/screen-request.js';

/** "strict: reported from 0.6, review (default anyMatchAbove) 0.85, block 0.88; ..." */
export function modeSentence(): string {
  const parts = FUZZINESS_MODES.map((mode) => {
    const t = MODES[mode].thresholds;
    return `${mode}: reported from ${t.reportingFloor}, review (default anyMatchAbove) ${t.review}, block ${t.block}`;
  });
  return `Thresholds per mode: ${parts.join('; ')}.`;
}

export function modeTable(): string {
  const rows = FUZZINESS_MODES.map((mode) => {
    const t = MODES[mode].thresholds;
    return `| \`${mode}\` | ${t.reportingFloor} | ${t.review} | ${t.block} |`;
  });
  return ['| fuzziness | reporting floor | review threshold (default `anyMatchAbove`) | block threshold |',
    '|---|---|---|---|', ...rows].join('\n');
}

/** One bullet per code: "- `invalid_api_key`: The API key is not valid." plus the route's note on it. */
export function codeList(codes: readonly ErrorCode[], notes: Partial<Record<ErrorCode, string>> = {}): string {
  return codes.map((code) => `- \`${code}\`: ${ERROR_TABLE[code].message}${notes[code] ? ` ${notes[code]}` : ''}`).join('\n');
}

function errorTable(): string {
  const rows = (Object.keys(ERROR_TABLE) as ErrorCode[]).map((code) => `| ${ERROR_TABLE[code].status} | \`${code}\` | ${ERROR_TABLE[code].message} |`);
  return ['| status | code | meaning |', '|---|---|---|', ...rows].join('\n');
}

export const SCREENING_DESCRIPTION = `Screens one party against every loaded US restricted-party list (or those named in \`lists\`).

**Fuzziness.** \`strict\` matches names that are equal after normalisation (case, diacritics,
punctuation, token order, legal-form and honorific words); \`balanced\` (default) adds phonetic and
token-level similarity (typos, transliteration variants, missing middle names, joined or split
tokens); \`loose\` is aggressive (two typos per name, initials, partial names). Thresholds, calibrated
on evaluation data:

${modeTable()}

**Matches** are ranked by confidence, then by list (\`ofac-sdn\` first), then entryId; one match per
list entry (its best name), only those at or above the mode's reporting floor, at most \`limit\`
(default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}). \`matchedName\` is the list's own spelling.
\`evidence\` has one item per request field that was compared; the weights are signed (a mismatching
date of birth counts against) and add up to \`confidence\`.

**summary.recommendedAction**: \`clear\` when no match reaches \`anyMatchAbove\` (the mode's review
threshold, or \`threshold\` when given); \`manual-review\` when at least one does; \`block\` when a match
reaches the block threshold with corroborating evidence (name plus date of birth, nationality or
country). **summary.aliasesNotCompared** appears only when the aliases' bounded work stopped before the
last alias: how many, counted from the end, were not compared in full (screen them on their own).

**entryId** is the publisher's identifier (OFAC ent_num such as \`"306"\`, the Consolidated Screening
List \`_id\`, the SAM Number). Where the publisher gives none it is derived and stable:
\`bis-denied\` from the native dpl.txt: \`dpl-\` + the first 16 hex digits of SHA-256 over
Name|Street_Address|City|Country|Effective_Date|FR_Citation (trimmed, upper-cased, whitespace
collapsed; exact duplicate rows get \`-2\`, \`-3\`); \`dhs-uflpa\`: \`uflpa-\` + the first 16 hex digits of
SHA-256 over the normalised entity name.

**Quota**: one unit. **Audit**: the answer's \`requestId\` and \`screenedAt\` are kept with the SHA-256
of the raw request body (the exact bytes, JSON or MessagePack) for 30 days; see
\`GET /${SERVICE_ID}/v1/audit/{requestId}\`. The body itself is never stored or logged.`;

export const BATCH_DESCRIPTION = `Screens 1 to ${MAX_BATCH} parties, each exactly as \`POST /screen\` would, and answers a JSON
array in submission order. The body is \`{"entities": [...]}\` or a bare array; 0 or more than
${MAX_BATCH} entities is a 400 for the whole call.

Each entity is validated on its own: an invalid one gets \`{"error": {...}}\` (code \`invalid_request\`,
the fields named in \`details\`) in its slot, is not screened, not audited and **consumes no quota**;
the others are screened. A batch of N valid entities consumes N units in one atomic step, or none
with 429 when fewer than N remain. Each slot has its own \`requestId\`; the audit hash of a slot is
the SHA-256 of the entity's canonical JSON (object keys sorted at every level, no whitespace, as
submitted before trimming). A batch whose every slot is invalid answers 200 and consumes nothing.`;

export const INFO_DESCRIPTION = `US restricted-party screening (OFAC SDN and non-SDN lists, BIS Entity, Denied, Unverified and
Military End-User lists, State debarred and ISN lists, GSA SAM exclusions, DHS UFLPA) and the
identity API that issues the API keys.

## Two APIs, one listener
The screening service lives under \`/${SERVICE_ID}/v1\`; other services of the platform live under
\`/{serviceId}/v1\` and use the same keys (a service ID this server does not serve answers 404
\`unknown_service\`). The identity API (\`/me/api-keys\`) is on the same listener unless the operator
sets \`IDENTITY_PORT\`, which moves it to a port of its own; each port then answers 404 \`not_found\` for
the other API's paths.

## Authentication
- Service calls: \`Authorization: Bearer <API_KEY>\`. A token is \`svc_live_\` + 52 base32 characters
  (256 random bits); the server stores only its SHA-256 and shows it once, in the create answer.
- Identity calls: \`Authorization: Bearer <SESSION_JWT>\` only; an API key is refused there, so a key
  can never mint or revoke keys. Accounts are created on first use.
- A key is \`active\`, \`revoked\` or \`expired\`; revocation takes effect on every service within 60 s.
  An account has at most 10 active keys by default.
- No credential is needed for \`/healthz\`, \`/readyz\`, this document and the API reference page.

## Quotas and rate-limit headers
One unit per screened entity (a batch of N valid entities uses N; invalid batch slots use none);
\`GET /lists\` and \`GET /audit/{requestId}\` use none. Limits are per key and service per UTC month
(default 20000). Every successful service answer carries \`X-RateLimit-Limit\`,
\`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (ISO 8601 UTC start of the next month). A call that
would exceed the quota answers 429 \`quota_exceeded\` with the same headers plus \`Retry-After\`
(seconds) and consumes nothing. Counting is atomic across instances.

## Formats
Request bodies are \`application/json\` or \`application/msgpack\` (other types: 415); bodies over
1 MiB (the default of \`MAX_BODY_BYTES\`) answer 413. Answers are JSON unless \`Accept\` ranks
\`application/msgpack\` above JSON. Field names and values are the same in both formats. Country
codes are accepted in any case and answered in upper case; unknown request fields are refused.

## Errors
Every non-2xx answer is \`{"error": {"code", "message", "requestId", "details"?}}\`, where \`details\`
lists \`{field, issue}\` items naming each bad field. Every answer carries \`X-Request-Id\`, equal to
the \`requestId\` of the body. A path that exists with another method answers 405 with \`Allow\`.

${errorTable()}

## Privacy
Request bodies are never persisted or logged. Of a screening, only \`requestId\`, the screening time
and the SHA-256 of the request body are kept, for 30 days.`;
