/**
 * @module Building blocks shared by the request and response schemas. They are plain TypeBox
 * objects with descriptions: Ajv compiles them for validation, the OpenAPI document reuses them.
 */
import { Type, type SchemaOptions, type TUnsafe } from '@sinclair/typebox';

/**
 * Schema keyword carrying the public issue text for a `pattern` or `const` failure, where Ajv's own
 * message ("must match pattern ...") would mean nothing to a user. An OpenAPI-style extension.
 */
export const ISSUE_KEYWORD = 'x-issue';

/** Issue text per custom format, read by validation.ts. */
export const FORMAT_ISSUES: Readonly<Record<string, string>> = {
  'calendar-date': 'must be a real calendar date YYYY-MM-DD',
  'country-alpha2': 'must be an assigned ISO 3166-1 alpha-2 country code',
  'utc-date-time': 'must be an ISO 8601 UTC timestamp such as 2027-01-31T00:00:00Z',
};

/** No control characters and no lone surrogates (a JSON "\ud800" escape yields one). */
export const PRINTABLE_PATTERN = '^[^\\p{Cc}\\p{Cs}]*$';

/** A string enum as `{type: "string", enum: [...]}`: one clear Ajv error instead of one per member. */
export function StringEnum<T extends string>(values: readonly T[], options: SchemaOptions = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ ...options, type: 'string', enum: [...values] });
}

export function PrintableText(minLength: number, maxLength: number, options: SchemaOptions = {}) {
  return Type.String({
    ...options,
    minLength,
    maxLength,
    pattern: PRINTABLE_PATTERN,
    [ISSUE_KEYWORD]: 'must not contain control characters',
  });
}

export const CountryCode = (description: string) =>
  Type.String({
    format: 'country-alpha2',
    description: `${description} ISO 3166-1 alpha-2, case-insensitive; answered in upper case.`,
    examples: ['IR'],
  });

export const CalendarDate = (description: string) =>
  Type.String({ format: 'calendar-date', description: `${description} (YYYY-MM-DD, a real calendar date).`, examples: ['1970-01-31'] });

export const UtcDateTime = (description: string) =>
  Type.String({ format: 'utc-date-time', description: `${description} (ISO 8601 in UTC: "Z" or "+00:00").`, examples: ['2027-01-31T00:00:00Z'] });
