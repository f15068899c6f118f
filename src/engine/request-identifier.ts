/**
 * @module The identifiers a request may carry (API.md "Identifiers"): the contract's types and the
 * shape of one. Apart from identifiers.ts, which matches them, so that types.ts (which the matcher
 * reads Evidence from) can name them without an import cycle.
 */

export const IDENTIFIER_TYPES = [
  'passport', 'national-id', 'tax-id', 'registration-number', 'imo', 'mmsi', 'call-sign', 'aircraft-serial',
  'swift-bic', 'crypto-address', 'other',
] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export interface RequestIdentifier {
  type: IdentifierType;
  value: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
}
