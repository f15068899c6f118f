/**
 * @module Example bodies shown in the API reference. The document tests validate each one against
 * its schema, so an example cannot drift from the contract unnoticed.
 */
import type { JsonObject } from './components.js';

const INDIVIDUAL = { name: 'Vladimir Vladimirovich PUTIN', kind: 'individual', dateOfBirth: '1952-10-07', nationality: 'RU' };

const ENTITY = {
  name: 'Example Trading LLC',
  kind: 'entity',
  aliases: ['Example Trading Company'],
  address: { country: 'IR', city: 'Tehran' },
  fuzziness: 'strict',
  lists: ['ofac-sdn', 'bis-entity'],
  limit: 5,
};

export const SCREEN_REQUEST_EXAMPLES: JsonObject = {
  individual: { summary: 'An individual with date of birth and nationality', value: INDIVIDUAL },
  entity: { summary: 'A company, strict names, two lists only', value: ENTITY },
  minimal: { summary: 'A name alone', value: { name: 'Quentin Marblewhisk' } },
};

export const BATCH_REQUEST_EXAMPLES: JsonObject = {
  envelope: { summary: '{"entities": [...]}', value: { entities: [INDIVIDUAL, { name: 'Quentin Marblewhisk' }] } },
  bareArray: { summary: 'A bare array', value: [ENTITY, { name: 'Quentin Marblewhisk', fuzziness: 'loose' }] },
};

const SDN_URL = 'https://ofac.treasury.gov/specially-designated-nationals-and-blocked-persons-list-sdn-human-readable-lists';

/** An answer screened against two lists, one of which (UFLPA) had no file: incomplete. */
const COVERAGE = {
  status: 'incomplete',
  listsVersion: '5c1e0a7d93b2f468',
  lists: [
    { source: 'ofac-sdn', publishedAt: '2026-11-20T00:00:00.000Z', publishedAtSource: 'publisher', status: 'ok', entryCount: 17942, version: '8f41c2d07a9e3b15' },
    { source: 'dhs-uflpa', publishedAt: null, publishedAtSource: null, status: 'missing', entryCount: 0, version: null },
  ],
};
const ENGINE_VERSION = '3b9d0e6a1f27c584';

const BLOCK_ANSWER = {
  requestId: 'd10bde04-39d1-4d51-8901-f64221e4afc6',
  screenedAt: '2026-11-22T03:20:54.797Z',
  matches: [
    {
      listSource: 'ofac-sdn',
      entryId: '35096',
      matchedName: 'PUTIN, Vladimir Vladimirovich',
      confidence: 1,
      evidence: [
        { field: 'name', weight: 0.88, detail: 'primary name' },
        { field: 'dateOfBirth', weight: 0.08, detail: 'same date of birth' },
        { field: 'nationality', weight: 0.04, detail: 'same nationality or citizenship' },
      ],
      listFreshness: '2026-11-20T00:00:00.000Z',
      primaryName: 'PUTIN, Vladimir Vladimirovich',
      nameType: 'primary',
      entityType: 'individual',
      programs: ['RUSSIA-EO14024'],
      sourceUrl: SDN_URL,
    },
  ],
  summary: { anyMatchAbove: 0.75, recommendedAction: 'block' },
  engineVersion: ENGINE_VERSION,
  coverage: COVERAGE,
};

const CLEAR_ANSWER = {
  requestId: '10bc46b1-0317-4fe8-98f1-ff3e7264eaff',
  screenedAt: '2026-11-22T03:20:54.978Z',
  matches: [],
  summary: { anyMatchAbove: 0.75, recommendedAction: 'clear' },
  engineVersion: ENGINE_VERSION,
  coverage: COVERAGE,
};

export const SCREEN_RESPONSE_EXAMPLES: JsonObject = {
  block: { summary: 'An SDN match corroborated by date of birth and nationality', value: BLOCK_ANSWER },
  clear: { summary: 'No match', value: CLEAR_ANSWER },
};

export const BATCH_RESPONSE_EXAMPLES: JsonObject = {
  mixed: {
    summary: 'A screened slot and an invalid one (which consumed no quota)',
    value: [
      CLEAR_ANSWER,
      {
        error: {
          code: 'invalid_request',
          message: 'The request is invalid.',
          requestId: '7f3182b8-d98a-4d6f-93bd-684af34cd87c',
          details: [{ field: 'name', issue: 'must not be empty' }],
        },
      },
    ],
  },
};

export const CREATE_KEY_EXAMPLES: JsonObject = {
  oneService: { summary: 'A key for the screening service', value: { name: 'billing backend', allowedServiceIds: ['sanctions-screening'] } },
  everyService: {
    summary: 'Every service, own expiry and limit',
    value: { name: 'nightly batch', allowedServiceIds: ['*'], expiresAt: '2027-06-30T00:00:00Z', monthlyLimit: 5000 },
  },
};
