/**
 * @module Schemas of the decisions on matches (API.md, "Decisions on matches"): the create body
 * (validated), the decision records answered, and the `decision` a match carries.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ENTRY_KINDS, LIST_SOURCES } from '../../lists/model.js';
import { CalendarDate, CountryCode, ISSUE_KEYWORD, PrintableText, StringEnum } from './common.js';

export const DECISION_VALUES = ['false-positive', 'true-match'] as const;
export const REFERENCE_PATTERN = '^[A-Za-z0-9._:-]{1,64}$';

export const DecisionSubjectSchema = Type.Object(
  {
    name: PrintableText(1, 300, { description: 'The screened name, as screened (1..300 characters after trimming).' }),
    kind: Type.Optional(StringEnum(ENTRY_KINDS, { description: 'As screened; absent means any kind.' })),
    dateOfBirth: Type.Optional(CalendarDate('As screened')),
    nationality: Type.Optional(CountryCode('As screened.')),
  },
  {
    additionalProperties: false,
    description: 'The subject as screened. Only an HMAC-SHA256 of it under a secret of the account is kept (`subjectKey`): ' +
      'its name words in any order, date of birth, nationality and kind. A screening with the same subject meets the decision.',
  },
);

export const CreateDecisionSchema = Type.Object(
  {
    subject: DecisionSubjectSchema,
    listSource: StringEnum(LIST_SOURCES),
    entryId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\p{Cc}\\p{Cs}]*$', [ISSUE_KEYWORD]: 'must not contain control characters', description: "The match's entryId." }),
    decision: StringEnum(DECISION_VALUES, { description: 'false-positive: this subject is not the listed party; true-match: it is.' }),
    reference: Type.Optional(Type.String({
      pattern: REFERENCE_PATTERN,
      [ISSUE_KEYWORD]: 'must be 1..64 of A-Z a-z 0-9 . _ : -',
      description: "The caller's case ID (1..64 of A-Z a-z 0-9 . _ : -); no free text is accepted.",
      examples: ['CASE-2031-0042'],
    })),
  },
  { additionalProperties: false },
);

export type CreateDecisionBody = Static<typeof CreateDecisionSchema>;

export const DecisionRecordSchema = Type.Object({
  decisionId: Type.String({ format: 'uuid' }),
  subjectKey: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'HMAC-SHA256 of the normalised subject under a secret of the account; names no one without it.' }),
  listSource: StringEnum(LIST_SOURCES),
  entryId: Type.String(),
  entryVersion: Type.String({ pattern: '^[0-9a-f]{64}$', description: "The entry's content hash when decided; the decision lapses when the entry changes." }),
  decision: StringEnum(DECISION_VALUES),
  reference: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.String({ format: 'date-time' }),
  keyId: Type.String({ format: 'uuid', description: 'The API key that recorded it.' }),
  expiresAt: Type.String({ format: 'date-time', description: 'decidedAt + DECISIONS_RETENTION_DAYS (default 365).' }),
}, { description: 'What is stored of a decision: nothing else of the subject.' });

export const DecisionListSchema = Type.Object({
  data: Type.Array(DecisionRecordSchema, { description: 'Newest first.' }),
  hasMore: Type.Boolean({ description: 'More follow: ask again with `startingAfter` = the last `decisionId` of `data`.' }),
});

export const MatchDecisionSchema = Type.Object({
  decisionId: Type.String({ format: 'uuid' }),
  decision: StringEnum(DECISION_VALUES),
  decidedAt: Type.String({ format: 'date-time' }),
  reference: Type.Union([Type.String(), Type.Null()]),
  lapsed: Type.Boolean({ description: 'The entry changed since the decision: the match counts as undecided.' }),
}, {
  description: "The account's decision on this subject and entry. While not lapsed, a false-positive no longer drives " +
    'recommendedAction (the match stays listed) and a true-match makes it at least manual-review.',
});
