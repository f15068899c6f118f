/**
 * @module Response schemas, for the OpenAPI document only (answers are not validated at run time).
 * They mirror engine/types.ts (Match, ScreenResult), lists/catalog.ts (ListStatus) and errors.ts.
 */
import { Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../errors.js';
import { ENTRY_KINDS, LIST_SOURCES } from '../../lists/model.js';
import { StringEnum } from './common.js';
import { MatchDecisionSchema } from './decision.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const EvidenceSchema = Type.Object({
  field: StringEnum(['name', 'aliases', 'dateOfBirth', 'nationality', 'address.country', 'address.city', 'kind', 'placeOfBirth', 'identifiers'] as const),
  weight: Type.Number({ description: 'Signed contribution to the confidence; the weights of a match add up to it.' }),
  detail: Type.Optional(Type.String({ description: 'Short explanation; never repeats the screened name.' })),
});

export const MatchSchema = Type.Object({
  listSource: StringEnum(LIST_SOURCES),
  entryId: Type.String({ description: "The publisher's identifier (OFAC ent_num, CSL _id, SAM Number) or a documented derived ID." }),
  matchedName: Type.String({ description: "The list's own spelling of the name that matched." }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  evidence: Type.Array(EvidenceSchema),
  listFreshness: Type.Union([Timestamp("The list's publishedAt."), Type.Null()]),
  primaryName: Type.String(),
  nameType: StringEnum(['primary', 'aka', 'fka', 'nka'] as const),
  entityType: StringEnum(ENTRY_KINDS),
  programs: Type.Array(Type.String()),
  sourceUrl: Type.String({ format: 'uri' }),
  decision: Type.Optional(MatchDecisionSchema),
});

const PublishedAtSourceSchema = Type.Union([
  StringEnum(['publisher', 'http-last-modified', 'file-time'] as const, {
    description: "Where publishedAt comes from: the publisher's date in the file, the download's HTTP Last-Modified, or the file's modification time.",
  }),
  Type.Null(),
]);

const ListStatusValueSchema = StringEnum(['ok', 'stale', 'missing', 'sample'] as const);

const Hex16 = (description: string) => Type.String({ pattern: '^[0-9a-f]{16}$', description });
const Sha256 = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });
const ListVersionSchema = Type.Union([
  Hex16("The list's content version: 16 hex of SHA-256 over its parsed entries (ordered by entryId); the same content read from another file format gives the same version."),
  Type.Null(),
]);
export const ListsVersionSchema = Hex16('16 hex of SHA-256 over the (source, version) pairs screened against.');
export const EngineVersionSchema = Hex16('The matching release: changes whenever scoring can change (the WASM core and the engine modules and tables).');

export const CoverageSchema = Type.Object({
  status: StringEnum(['complete', 'incomplete'] as const, {
    description: 'incomplete when any list screened against is missing, stale, the bundled sample, has no entries, or carries no date (publishedAtSource file-time).',
  }),
  lists: Type.Array(Type.Object({
    source: StringEnum(LIST_SOURCES),
    publishedAt: Type.Union([Timestamp("The list's publishedAt."), Type.Null()]),
    publishedAtSource: PublishedAtSourceSchema,
    status: ListStatusValueSchema,
    entryCount: Type.Integer({ minimum: 0 }),
    version: ListVersionSchema,
  }), { description: 'One item per list screened against: every list, or those named in `lists`.' }),
  listsVersion: ListsVersionSchema,
  changedSince: Type.Optional(Type.String({
    description: 'Present when the request set `changedSince`: only entries added or changed since that listsVersion or time were screened against, so `clear` means "no new match since".',
  })),
}, { description: 'What this answer was screened against, so a stored answer documents itself (a clear included).' });

export const ScreenResponseSchema = Type.Object({
  requestId: Type.String({ format: 'uuid', description: 'Also the X-Request-Id header and the audit record key.' }),
  screenedAt: Timestamp('When the screening ran.'),
  matches: Type.Array(MatchSchema, { description: 'Ranked by confidence, then list (SDN first), then entryId.' }),
  summary: Type.Object({
    anyMatchAbove: Type.Number({ description: 'The review threshold applied (mode default or `threshold`).' }),
    recommendedAction: StringEnum(['clear', 'manual-review', 'block'] as const),
    aliasesNotCompared: Type.Optional(Type.Integer({
      minimum: 1,
      description: 'Only when the work bound of the aliases stopped before the last one: how many aliases, counted from ' +
        'the end, were not compared in full. The answer covers the name and the aliases before them; screen the rest ' +
        'in a request of their own.',
    })),
  }),
  engineVersion: EngineVersionSchema,
  coverage: CoverageSchema,
});

export const ErrorResponseSchema = Type.Object({
  error: Type.Object({
    code: StringEnum(ERROR_CODES),
    message: Type.String(),
    requestId: Type.String({ format: 'uuid' }),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), issue: Type.String() }))),
  }),
});

export const BatchResponseSchema = Type.Array(Type.Union([ScreenResponseSchema, ErrorResponseSchema]), {
  description: 'One slot per submitted entity, in order: a screening result or {"error": {...}}.',
});

export const ListStatusSchema = Type.Object({
  source: StringEnum(LIST_SOURCES),
  name: Type.String(),
  publisher: Type.String(),
  entryCount: Type.Integer({ minimum: 0 }),
  publishedAt: Type.Union([Timestamp("The publisher's date on the list, else the download's Last-Modified, else the file's modification time."), Type.Null()]),
  publishedAtSource: PublishedAtSourceSchema,
  ageDays: Type.Union([Type.Integer({ minimum: 0, description: 'Whole days since publishedAt.' }), Type.Null()], {
    description: 'Whole days since publishedAt; null when unknown: the list is missing or carries no date (publishedAtSource file-time).',
  }),
  outdated: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'publishedAt is older than the server\'s LISTS_MAX_AGE_DAYS (default 30); null when the age is unknown (a file time is no publication date).',
  }),
  lastRefresh: Type.Union([Timestamp('When this server last loaded the list.'), Type.Null()]),
  version: ListVersionSchema,
  versionSince: Type.Union([Timestamp('When this service first loaded this content version.'), Type.Null()]),
  archiveBytes: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes the version archive holds for this list: every version kept (LISTS_ARCHIVE_DAYS), compressed.' })),
  status: ListStatusValueSchema,
  sourceUrl: Type.String({ format: 'uri' }),
});

export const ListsResponseSchema = Type.Object({ data: Type.Array(ListStatusSchema) });

const EntryIds = (description: string) => Type.Array(Type.String(), { description: `${description}, by entryId (sorted).` });

export const ListChangesSchema = Type.Object({
  from: Hex16('The listsVersion `since` stands for, over the lists it covers.'),
  to: Hex16('The listsVersion served now over the same lists: the `since` (or `changedSince`) to use next time.'),
  lists: Type.Array(Type.Object({
    source: StringEnum(LIST_SOURCES),
    fromVersion: ListVersionSchema,
    toVersion: ListVersionSchema,
    added: EntryIds('Entries listed now and not then'),
    changed: EntryIds('Entries listed then and now whose content (any field) differs'),
    removed: EntryIds('Entries listed then and no longer'),
  }), { description: 'One item per list `since` covers (every list for a time; a listsVersion of a `lists` filter covers those lists).' }),
});

export const AuditRecordSchema = Type.Object({
  requestId: Type.String({ format: 'uuid' }),
  screenedAt: Timestamp('When the screening ran.'),
  bodySha256: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: 'SHA-256 of the raw body (/screen) or of the canonical JSON of the entity (batch slot).',
  }),
  listsVersion: Type.Optional(ListsVersionSchema),
  engineVersion: Type.Optional(EngineVersionSchema),
  answerSha256: Type.Optional(Sha256('SHA-256 of the exact answer bytes sent (before any Content-Encoding), or of the slot\'s canonical JSON in a batch. Absent on records written before it was kept.')),
});

/** Headers of every successful service answer (and of a 429). */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': 'Calls allowed per UTC month for this key and service.',
  'X-RateLimit-Remaining': 'Calls left this month.',
  'X-RateLimit-Reset': 'ISO 8601 UTC start of the next UTC month, when the count resets.',
} as const;
