/**
 * @module One screening request from parsed body to the engine's ScreenRequest: trim, validate,
 * normalise (country codes upper case, defaults filled). Invalid input is a value, not an exception,
 * because a batch reports it per slot.
 */
import { fuzzinessOf, type ScreenRequest } from '../engine/types.js';
import type { FieldIssue } from '../errors.js';
import { DEFAULT_LIMIT, ScreenRequestSchema, type ScreenRequestBody } from './schemas/screen-request.js';
import { compileValidator, crowdedIssues } from './validation.js';
import { isInvisibleOnly } from '../types/invisible.js';

const validateScreen = compileValidator(ScreenRequestSchema);

/** `changedSince` stays beside the request: the server chooses the entries screened, the engine never sees it. */
export type ScreenInput = { ok: true; request: ScreenRequest; changedSince?: string } | { ok: false; issues: FieldIssue[] };

export function readScreenRequest(data: unknown): ScreenInput {
  // Before the trimmed copy: copying an object of 90,000 keys alone costs ~0.1 s.
  const crowded = crowdedIssues(data);
  if (crowded !== null) return { ok: false, issues: crowded };
  const result = validateScreen(trimmed(data));
  if (!result.ok) return { ok: false, issues: result.issues };
  const invisible = invisibleIssues(result.value);
  if (invisible.length > 0) return { ok: false, issues: invisible };
  const { changedSince } = result.value;
  return changedSince === undefined ? { ok: true, request: normalised(result.value) } : { ok: true, request: normalised(result.value), changedSince };
}

export const NOTHING_TO_SCREEN = 'has nothing to screen (only invisible characters: zero-width, format, control or combining marks)';

/**
 * A name or alias of only invisible characters passes the schema (it is 1..300 printable code
 * points) but gives the engine nothing: it would be screened, charged and audited as `clear`.
 */
function invisibleIssues(body: ScreenRequestBody): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (isInvisibleOnly(body.name)) issues.push({ field: 'name', issue: NOTHING_TO_SCREEN });
  body.aliases?.forEach((alias, i) => {
    if (isInvisibleOnly(alias)) issues.push({ field: `aliases[${i}]`, issue: NOTHING_TO_SCREEN });
  });
  return issues;
}

const trim = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** A copy with the free-text fields trimmed, so "  " fails as empty and limits count trimmed text. */
function trimmed(data: unknown): unknown {
  if (!isPlainObject(data)) return data;
  const copy: Record<string, unknown> = { ...data };
  if ('name' in copy) copy.name = trim(copy.name);
  if ('placeOfBirth' in copy) copy.placeOfBirth = trim(copy.placeOfBirth);
  if (Array.isArray(copy.aliases)) copy.aliases = copy.aliases.map(trim);
  if (Array.isArray(copy.identifiers)) {
    copy.identifiers = copy.identifiers.map((id: unknown) => (isPlainObject(id) && 'value' in id ? { ...id, value: trim(id.value) } : id));
  }
  if (isPlainObject(copy.address)) {
    const address = { ...copy.address };
    if ('city' in address) address.city = trim(address.city);
    copy.address = address;
  }
  return copy;
}

function normalised(body: ScreenRequestBody): ScreenRequest {
  const request: ScreenRequest = {
    name: body.name,
    fuzziness: fuzzinessOf(body),
    limit: body.limit ?? DEFAULT_LIMIT,
  };
  if (body.kind !== undefined) request.kind = body.kind;
  if (body.aliases !== undefined) request.aliases = body.aliases;
  if (body.dateOfBirth !== undefined) request.dateOfBirth = body.dateOfBirth;
  if (body.placeOfBirth !== undefined) request.placeOfBirth = body.placeOfBirth;
  if (body.nationality !== undefined) request.nationality = body.nationality.toUpperCase();
  if (body.address !== undefined) {
    const address: NonNullable<ScreenRequest['address']> = {};
    if (body.address.country !== undefined) address.country = body.address.country.toUpperCase();
    if (body.address.city !== undefined) address.city = body.address.city;
    request.address = address;
  }
  if (body.identifiers !== undefined) {
    request.identifiers = body.identifiers.map((id) => (id.country === undefined ? { type: id.type, value: id.value } : { ...id, country: id.country.toUpperCase() }));
  }
  if (body.lists !== undefined) request.lists = body.lists;
  if (body.threshold !== undefined) request.threshold = body.threshold;
  return request;
}
