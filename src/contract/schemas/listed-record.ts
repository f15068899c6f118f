/**
 * @module Response schema of GET /lists/{listSource}/entries/{entryId} (API.md "The listed record"),
 * for the OpenAPI document. Mirrors server/answers/listed-record.ts; a field the list does not carry is absent.
 */
import { Type } from '@sinclair/typebox';
import { IDENTIFIER_TYPES } from '../../engine/request-identifier.js';
import { ENTRY_KINDS, LIST_SOURCES } from '../../lists/model.js';
import { StringEnum } from './common.js';

const Strings = (description: string) => Type.Optional(Type.Array(Type.String(), { description }));

const ListedDateSchema = Type.Object({
  text: Type.String({ description: 'The date as the list gives it ("1970", "circa 1965", "12 Mar 1958").' }),
  from: Type.String({ format: 'date', description: 'Earliest date the text allows.' }),
  to: Type.String({ format: 'date', description: 'Latest date the text allows.' }),
  precision: StringEnum(['day', 'month', 'year', 'range'] as const),
  approximate: Type.Boolean(),
});

const ListedAddressSchema = Type.Object({
  street: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  region: Type.Optional(Type.String({ description: 'State, province or region.' })),
  postalCode: Type.Optional(Type.String()),
  country: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2, when the listed country maps to one.' })),
  countryText: Type.Optional(Type.String({ description: "The list's own country text where it maps to no ISO code." })),
});

const ListedIdentifierSchema = Type.Object({
  type: StringEnum(IDENTIFIER_TYPES, { description: 'The identifier type it is compared as (request `identifiers[].type`).' }),
  listedType: Type.String({ description: 'The type as the list names it ("Passport", "Vessel Registration Identification").' }),
  value: Type.String({ description: 'As listed.' }),
  country: Type.Optional(Type.String({ description: 'Issuing country, ISO 3166-1 alpha-2.' })),
  issueDate: Type.Optional(Type.String()),
  expiryDate: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
});

export const ListedRecordSchema = Type.Object({
  listSource: StringEnum(LIST_SOURCES),
  entryId: Type.String(),
  kind: StringEnum(ENTRY_KINDS),
  kindInferred: Type.Optional(Type.Boolean({ description: 'True when the list does not state the kind and it was inferred.' })),
  names: Type.Array(Type.Object({
    name: Type.String({ description: "The list's spelling." }),
    type: StringEnum(['primary', 'aka', 'fka', 'nka'] as const),
    lowQuality: Type.Optional(Type.Boolean({ description: "OFAC's weak a.k.a.: not meant to identify anyone alone." })),
  }), { description: 'The primary name first, then the other names in list order.' }),
  datesOfBirth: Type.Optional(Type.Array(ListedDateSchema)),
  placesOfBirth: Strings('As listed.'),
  nationalities: Strings('ISO 3166-1 alpha-2.'),
  citizenships: Strings('ISO 3166-1 alpha-2.'),
  gender: Type.Optional(StringEnum(['male', 'female'] as const)),
  title: Type.Optional(Type.String()),
  addresses: Type.Optional(Type.Array(ListedAddressSchema)),
  identifiers: Type.Optional(Type.Array(ListedIdentifierSchema)),
  programs: Strings('Sanctions programs or list-specific bases.'),
  remarks: Type.Optional(Type.String()),
  details: Type.Optional(Type.Record(Type.String(), Type.String(), {
    description: 'Other publisher fields (vessel flag and type, license policy, Federal Register notice...).',
  })),
  sourceUrl: Type.String({ format: 'uri' }),
  publishedAt: Type.Union([Type.String({ format: 'date-time', description: "The list's publishedAt." }), Type.Null()]),
  publishedAtSource: Type.Optional(StringEnum(['publisher', 'http-last-modified', 'file-time'] as const, {
    description: 'Where publishedAt comes from; `file-time` means the list carries no date (publishedAt is only the file\'s time).',
  })),
});
