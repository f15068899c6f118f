/**
 * @module The answer of POST .../audit/{requestId}/reconstruct (API.md "List versions, reconstruction
 * and changes").
 */
import { Type } from '@sinclair/typebox';
import { EngineVersionSchema, ListsVersionSchema, ScreenResponseSchema } from './responses.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const ReconstructionSchema = Type.Object({
  requestId: Type.String({ format: 'uuid', description: 'The reconstructed screening\'s requestId (this call\'s own is in X-Request-Id).' }),
  screenedAt: Timestamp('When the original screening ran.'),
  reconstructedAt: Timestamp('When this reconstruction ran.'),
  listsVersion: ListsVersionSchema,
  engineVersion: Type.Object({
    original: EngineVersionSchema,
    now: EngineVersionSchema,
  }, { description: 'The matching release of the original answer and of this one.' }),
  identical: Type.Boolean({
    description: 'Whether the rebuilt answer\'s bytes, in the original framing (JSON, MessagePack, or a batch slot\'s canonical JSON), hash to the record\'s answerSha256. Expected whenever engineVersion.original equals now.',
  }),
  answer: ScreenResponseSchema,
});
