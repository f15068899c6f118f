/**
 * @module Schemas of the answers that have no schema in src/contract/schemas/ because nothing
 * validates them at run time: the health routes and the OpenAPI document itself. Only the OpenAPI
 * document (and the contract check of the HTTP tests) reads them.
 */
import { Type } from '@sinclair/typebox';
import { LIST_SOURCES } from '../../lists/model.js';
import { StringEnum } from '../../contract/schemas/common.js';

export const HealthSchema = Type.Object({
  status: Type.Literal('ok', { description: 'The process answers.' }),
});

export const ReadinessSchema = Type.Object({
  status: StringEnum(['ready', 'degraded'] as const, {
    description: 'ready: every list is `ok` and dated. degraded: some list is missing, stale, undated or only the bundled sample; the instance still screens (answers say so in `coverage`).',
  }),
  entries: Type.Integer({ minimum: 0, description: 'List entries in the screening index.' }),
  store: Type.String({ description: 'Kind of key, quota and audit store ("redis" or "lmdb").', examples: ['redis'] }),
  missing: Type.Array(StringEnum(LIST_SOURCES), { description: 'Lists with no file loaded.' }),
  stale: Type.Array(StringEnum(LIST_SOURCES), { description: 'Lists served from an older copy (their refresh keeps failing or would have collapsed them).' }),
  undated: Type.Array(StringEnum(LIST_SOURCES), {
    description: 'Lists loaded from a file that carries no date and has no recorded Last-Modified (publishedAtSource file-time): their age is unknown.',
  }),
  sample: Type.Boolean({ description: 'True when the lists are the bundled sample, not the published lists.' }),
  reason: Type.Optional(Type.String({
    description: 'Present when every list is reported stale because no scan of the list directory has completed for LISTS_STALE_AFTER_MS (the list watchdog): why.',
  })),
});

/** Only the top of the document: its full shape is the OpenAPI 3.1 specification's business. */
export const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.String({ pattern: '^3\\.1\\.\\d+$' }),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    paths: Type.Object({}),
  },
  { description: 'This OpenAPI 3.1 document.' },
);
