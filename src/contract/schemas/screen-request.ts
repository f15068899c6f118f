/**
 * @module Request schemas of POST /screen and POST /screen/batch (API.md "Screening").
 * Strings are trimmed before validation (see screen-input.ts), so length limits apply to trimmed text.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IDENTIFIER_TYPES } from '../../engine/request-identifier.js';
import { DEFAULT_FUZZINESS, FUZZINESS_MODES } from '../../engine/types.js';
import { ENTRY_KINDS, LIST_SOURCES } from '../../lists/model.js';
import { CalendarDate, CountryCode, PrintableText, StringEnum } from './common.js';

export const MAX_ALIASES = 20;
export const MAX_IDENTIFIERS = 20;
export const MAX_BATCH = 100;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

export const AddressSchema = Type.Object(
  {
    country: Type.Optional(CountryCode('Country of the address.')),
    city: Type.Optional(PrintableText(1, 100, { description: 'City of the address (1..100 characters).' })),
  },
  { additionalProperties: false, description: 'Address of the screened party; only country and city are compared.' },
);

export const IdentifierSchema = Type.Object(
  {
    type: StringEnum(IDENTIFIER_TYPES, { description: 'Kind of identifier; `other` is compared with listed identifiers of every type.' }),
    value: PrintableText(1, 100, {
      description: 'The number or code (1..100 characters); case, spaces, dashes, dots and a leading type word such as "IMO" are ignored.',
      examples: ['IMO 9187629'],
    }),
    country: Type.Optional(CountryCode('Issuing country; a listed identifier of another country does not match.')),
  },
  { additionalProperties: false, description: 'An identifier of the screened party, compared exactly with the listed ones.' },
);

export const ScreenRequestSchema = Type.Object(
  {
    name: PrintableText(1, 300, {
      description: 'Name to screen (1..300 characters after trimming), in any script or order.',
      examples: ['Example Trading LLC'],
    }),
    kind: Type.Optional(
      StringEnum(ENTRY_KINDS, { description: 'Kind of party; absent means any kind.' }),
    ),
    aliases: Type.Optional(
      Type.Array(PrintableText(1, 300, { description: 'Another name of the party.' }), {
        maxItems: MAX_ALIASES,
        description: `Other names of the party (at most ${MAX_ALIASES}).`,
      }),
    ),
    dateOfBirth: Type.Optional(CalendarDate('Date of birth of an individual')),
    nationality: Type.Optional(CountryCode('Nationality of an individual.')),
    address: Type.Optional(AddressSchema),
    placeOfBirth: Type.Optional(PrintableText(1, 200, {
      description: 'Place of birth of an individual, free text such as "Giza, Egypt" (our extension); compared by words with the listed places.',
    })),
    identifiers: Type.Optional(
      Type.Array(IdentifierSchema, {
        maxItems: MAX_IDENTIFIERS,
        description: `Identifiers of the party (at most ${MAX_IDENTIFIERS}); an exact match is strong evidence and brings the entry into the matches whatever its name.`,
      }),
    ),
    fuzziness: Type.Optional(
      StringEnum(FUZZINESS_MODES, {
        default: DEFAULT_FUZZINESS,
        description: 'strict: exact after normalisation; balanced: plus phonetic and token similarity; loose: aggressive.',
      }),
    ),
    lists: Type.Optional(
      Type.Array(StringEnum(LIST_SOURCES), {
        minItems: 1,
        uniqueItems: true,
        description: 'Screen only against these lists (listSource IDs); absent means every list.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Most matches to return.' }),
    ),
    threshold: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: 'Review threshold overriding the mode default (0..1).' }),
    ),
    changedSince: Type.Optional(
      Type.String({
        pattern: '^([0-9a-f]{16}|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?Z)$',
        description: 'Screen only against entries added or changed since this `coverage.listsVersion` of an earlier answer or ' +
          'this ISO 8601 UTC time (`coverage.changedSince` then says so, and `clear` means "no new match since"). ' +
          'A version or time older than the version archive answers 410 `list_version_gone`; see GET /lists/changes.',
      }),
    ),
  },
  { additionalProperties: false, description: 'One party to screen.' },
);

export type ScreenRequestBody = Static<typeof ScreenRequestSchema>;

/** The batch envelope form; a bare JSON array of requests is accepted as well. */
export const BatchEnvelopeSchema = Type.Object(
  {
    entities: Type.Array(Type.Unknown({ description: 'A screening request, validated on its own.' }), {
      minItems: 1,
      maxItems: MAX_BATCH,
      description: `1..${MAX_BATCH} screening requests, answered in this order.`,
    }),
  },
  { additionalProperties: false },
);

export const BatchArraySchema = Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH });

/** For the OpenAPI document: both accepted batch bodies, with entities typed. */
export const BatchRequestSchema = Type.Union(
  [
    Type.Object({ entities: Type.Array(ScreenRequestSchema, { minItems: 1, maxItems: MAX_BATCH }) }, {
      additionalProperties: false,
    }),
    Type.Array(ScreenRequestSchema, { minItems: 1, maxItems: MAX_BATCH }),
  ],
  { description: `1..${MAX_BATCH} entities, as {"entities": [...]} or a bare array.` },
);
