/**
 * @module components.schemas of the OpenAPI document, generated from the TypeBox schemas the server
 * validates with (src/contract/schemas/). A TypeBox schema is plain JSON Schema 2020-12 plus symbol
 * keys, which JSON serialisation drops, so it is the OpenAPI 3.1 schema as is. Wherever a named
 * schema appears inside another one, the copy is replaced by a `$ref`, so the reference shows each
 * shape once.
 */
import type { TSchema } from '@sinclair/typebox';
import { ApiKeyListSchema, ApiKeyRecordSchema, CreateApiKeySchema, CreatedApiKeySchema } from '../../contract/schemas/api-key.js';
import { ISSUE_KEYWORD } from '../../contract/schemas/common.js';
import {
  AuditRecordSchema,
  BatchResponseSchema,
  CoverageSchema,
  ErrorResponseSchema,
  EvidenceSchema,
  ListsResponseSchema,
  ListChangesSchema,
  ListStatusSchema,
  MatchSchema,
  ScreenResponseSchema,
} from '../../contract/schemas/responses.js';
import { CreateDecisionSchema, DecisionListSchema, DecisionRecordSchema, MatchDecisionSchema } from '../../contract/schemas/decision.js';
import { ListedRecordSchema } from '../../contract/schemas/listed-record.js';
import { ReconstructionSchema } from '../../contract/schemas/reconstruction.js';
import { AddressSchema, BatchRequestSchema, IdentifierSchema, ScreenRequestSchema } from '../../contract/schemas/screen-request.js';
import { modeSentence } from './descriptions.js';
import { HealthSchema, OpenApiDocumentSchema, ReadinessSchema } from './ops-schemas.js';

export type JsonObject = { [key: string]: unknown };

/** Name -> schema. The names are the public ones (`#/components/schemas/<name>`). */
const SOURCES: Readonly<Record<string, TSchema>> = {
  ScreenRequest: ScreenRequestSchema,
  Address: AddressSchema,
  Identifier: IdentifierSchema,
  BatchRequest: BatchRequestSchema,
  ScreenResponse: ScreenResponseSchema,
  Coverage: CoverageSchema,
  Match: MatchSchema,
  Evidence: EvidenceSchema,
  BatchResponse: BatchResponseSchema,
  Error: ErrorResponseSchema,
  ListsResponse: ListsResponseSchema,
  ListChanges: ListChangesSchema,
  ListStatus: ListStatusSchema,
  AuditRecord: AuditRecordSchema,
  Reconstruction: ReconstructionSchema,
  ListedRecord: ListedRecordSchema,
  DecisionRequest: CreateDecisionSchema,
  Decision: DecisionRecordSchema,
  DecisionList: DecisionListSchema,
  MatchDecision: MatchDecisionSchema,
  CreateApiKeyRequest: CreateApiKeySchema,
  ApiKey: ApiKeyRecordSchema,
  CreatedApiKey: CreatedApiKeySchema,
  ApiKeyList: ApiKeyListSchema,
  Health: HealthSchema,
  Readiness: ReadinessSchema,
  OpenApiDocument: OpenApiDocumentSchema,
};

export type ComponentName = keyof typeof SOURCES & string;

/** Descriptions for schemas whose TypeBox source has none (added after deduplication). */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  ScreenResponse: 'The answer to one screening: ranked matches and the recommended action.',
  Coverage: 'What an answer was screened against: every list (or those named in `lists`) with its date and status.',
  Match: 'One list entry that matched, with the evidence behind its confidence.',
  Evidence: 'One compared request field and its signed contribution to the confidence.',
  Error: 'The error envelope of every non-2xx answer (and of an invalid batch slot).',
  ListsResponse: 'The catalog: one item per listSource.',
  ListChanges: 'What changed in the lists since a listsVersion or a time: per list, the entries added, changed and removed.',
  ListStatus: 'One list as this server has it loaded.',
  ListedRecord: 'One list entry as listed, every field the list carries; a field it does not carry is absent.',
  AuditRecord: 'What is kept of a screening (30 days): nothing of the request but the hash of its body.',
  Reconstruction: 'A screening rebuilt against the list versions it was screened against, and whether it is identical to the answer sent.',
  DecisionRequest: 'Body of POST /decisions. Unknown fields are refused (400); no free text is accepted.',
  DecisionList: 'A page of decisions, newest first.',
  CreateApiKeyRequest: 'Body of POST /me/api-keys. Unknown fields are refused (400).',
  ApiKey: 'An API key record; never carries the token, which only the create answer shows.',
  CreatedApiKey: 'The new key record with its token: store the token now, it is never shown again.',
  ApiKeyList: 'Every key of the account, newest first.',
  Health: 'Liveness: the process answers.',
  Readiness: 'Readiness: lists loaded (every list ok, or degraded naming the missing, stale or sample ones) and store reachable.',
};

export const schemaRef = (name: ComponentName): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** Plain JSON of every component, with nested named schemas replaced by references. */
export function buildComponentSchemas(): Record<string, JsonObject> {
  const plain = Object.fromEntries(Object.entries(SOURCES).map(([name, schema]) => [name, toPlain(schema)]));
  const byShape = new Map(Object.entries(plain).map(([name, schema]) => [JSON.stringify(schema), name]));
  const out: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(plain)) {
    const deduplicated = withRefs(schema, byShape, true) as JsonObject;
    out[name] = DESCRIPTIONS[name] && deduplicated.description === undefined
      ? { description: DESCRIPTIONS[name], ...deduplicated }
      : deduplicated;
  }
  describeFuzziness(out.ScreenRequest);
  return out;
}

/** The TypeBox schema as JSON, without our validator-only `x-issue` keyword. */
function toPlain(schema: TSchema): JsonObject {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === ISSUE_KEYWORD ? undefined : value))) as JsonObject;
}

function withRefs(node: unknown, byShape: ReadonlyMap<string, string>, isRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => withRefs(item, byShape, false));
  if (typeof node !== 'object' || node === null) return node;
  const named = isRoot ? undefined : byShape.get(JSON.stringify(node));
  if (named !== undefined) return schemaRef(named);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withRefs(value, byShape, false)]));
}

/** The thresholds of each mode, read from the engine's mode table when the document is built. */
function describeFuzziness(screenRequest: JsonObject): void {
  const properties = screenRequest.properties as Record<string, JsonObject>;
  const fuzziness = properties.fuzziness;
  fuzziness.description = `${String(fuzziness.description)} ${modeSentence()}`;
}
