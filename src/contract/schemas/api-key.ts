/**
 * @module Schemas of the identity API (/me/api-keys): the create body (validated) and the key
 * records it answers (for the OpenAPI document).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ISSUE_KEYWORD, PrintableText, StringEnum, UtcDateTime } from './common.js';

export const SERVICE_ID_PATTERN = '^(\\*|[a-z][a-z0-9-]{1,62})$';
export const MAX_ALLOWED_SERVICES = 50;

export const CreateApiKeySchema = Type.Object(
  {
    name: PrintableText(1, 100, { description: 'A label for the key (1..100 printable characters).', examples: ['billing backend'] }),
    allowedServiceIds: Type.Array(
      Type.String({
        pattern: SERVICE_ID_PATTERN,
        [ISSUE_KEYWORD]: 'must be a service ID (lowercase slug ^[a-z][a-z0-9-]{1,62}$) or "*"',
      }),
      {
        minItems: 1,
        maxItems: MAX_ALLOWED_SERVICES,
        uniqueItems: true,
        description: 'Service IDs the key may call, or ["*"] for every service of the platform.',
        examples: [['sanctions-screening']],
      },
    ),
    expiresAt: Type.Optional(UtcDateTime('Expiry, in the future and at most 3 years ahead; default 365 days from now')),
    monthlyLimit: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Calls per service per UTC month (default 20000, at most the account cap).' }),
    ),
  },
  { additionalProperties: false },
);

export type CreateApiKeyBody = Static<typeof CreateApiKeySchema>;

export const ApiKeyRecordSchema = Type.Object({
  keyId: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The first 16 characters of the token, for display.' }),
  allowedServiceIds: Type.Array(Type.String()),
  monthlyLimit: Type.Integer(),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  status: StringEnum(['active', 'revoked', 'expired'] as const),
  revokedAt: Type.Optional(Type.String({ format: 'date-time', description: 'Present when revoked.' })),
});

export const CreatedApiKeySchema = Type.Composite([
  ApiKeyRecordSchema,
  Type.Object({ token: Type.String({ description: 'svc_live_ + 52 base32 characters; shown only in this response.' }) }),
]);

export const KeyUsageSchema = Type.Object({
  serviceId: Type.String(),
  used: Type.Integer({ minimum: 0, description: 'Calls counted this UTC month.' }),
  limit: Type.Integer({ description: 'The monthly limit of the key for this service.' }),
  resetAt: Type.String({ format: 'date-time', description: 'Start of the next UTC month, when `used` resets.' }),
});

export const ListedApiKeySchema = Type.Composite([
  ApiKeyRecordSchema,
  Type.Object({
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'The last service call the key was accepted for, recorded at most once a minute (so up to a minute behind); null when never used.',
    }),
    usage: Type.Array(KeyUsageSchema, {
      description: 'Use this month of each service this server counts that the key may call (revoked keys included).',
    }),
  }),
]);

export const ApiKeyListSchema = Type.Object({
  data: Type.Array(ListedApiKeySchema, { description: 'The keys of this page, newest first.' }),
  hasMore: Type.Boolean({ description: 'More keys follow: ask again with `startingAfter` = the last `keyId` of `data`.' }),
});
