/**
 * @module Request validation: one Ajv instance, schemas compiled once at import, errors turned into
 * `{field, issue}` items that name the field ("address.country", "aliases[2]") and the problem.
 *
 * Ajv runs without coercion, defaults or removal, so it never changes the data: the caller
 * normalises afterwards. strictNumbers (Ajv's default) rejects NaN and Infinity from MessagePack.
 */
import { createRequire } from 'node:module';
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldIssue } from '../errors.js';
import { isAssignedAlpha2 } from '../lists/countries.js';
import { isRealCalendarDate } from '../lists/dates.js';
import { FORMAT_ISSUES, ISSUE_KEYWORD } from './schemas/common.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is module.exports.
const addFormats = addFormatsModule.default;

/**
 * Strings longer than this (UTF-16 code units) are not counted character by character for
 * minLength / maxLength. Ajv counts code points with a JavaScript loop over the whole string
 * (ucs2length): 21 strings of 38,000 characters (a 1 MiB body) cost ~20-40 ms of validation on a
 * serving thread, against under 1 ms for JSON.parse. A string of L code units has at least L / 2
 * code points, so beyond LONG_STRING it has more than LONG_STRING / 2 of them: more than every
 * length limit in the schemas (checked at compile time below), so answering L keeps every
 * verdict and issue as it was. A shorter string without a high surrogate has L code points.
 */
const LONG_STRING = 4096;
const ucs2Module = createRequire(import.meta.url)('ajv/dist/runtime/ucs2length') as {
  default: ((text: string) => number) & { code?: string };
};
const countCodePoints = ucs2Module.default;
// Ajv reads this export when it compiles a schema (limitLength.ts), so replacing it here, before
// any compile, bounds every length check of this process's validators.
/** Without a high surrogate, every code unit is a code point: the regex scans far faster than the loop. */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;
ucs2Module.default = Object.assign(
  (text: string): number => (text.length > LONG_STRING || !HIGH_SURROGATE.test(text) ? text.length : countCodePoints(text)),
  { code: countCodePoints.code },
);

/** Throws if a length limit reaches LONG_STRING / 2, where the bounded count above would be wrong. */
function checkLengthLimits(schema: unknown): void {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'maxLength' || key === 'minLength') && typeof value === 'number' && value >= LONG_STRING / 2) {
        throw new Error(`validation: a ${key} of ${value} needs LONG_STRING above ${2 * value}`);
      }
      stack.push(value);
    }
  }
}

/** More issues than this are cut: a body of 100,000 bad aliases must not produce 100,000 items. */
const MAX_ISSUES = 20;

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
addFormats(ajv, ['date-time']);
ajv.addKeyword({ keyword: ISSUE_KEYWORD, schemaType: 'string' });
ajv.addFormat('calendar-date', { type: 'string', validate: isRealCalendarDate });
ajv.addFormat('country-alpha2', { type: 'string', validate: (s: string) => isAssignedAlpha2(s.toUpperCase()) });
ajv.addFormat('utc-date-time', {
  type: 'string',
  // The identity service's own rule (identity/key-validation.ts): Z or +00:00, seconds optional.
  validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|\+00:?00)$/.test(s)
    && isRealCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s.replace(/\+00:?00$/, 'Z'))),
});

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

export type Validator<T> = (data: unknown) => ValidationResult<T>;

/**
 * More fields than any object of the contract has (a screening request knows 14). An object with
 * more, wherever it sits in the body, is refused before the schema: with allErrors the schema
 * would name every unknown field, and 90,000 keys in a 1 MiB body cost 0.2-0.7 s of a serving
 * thread (a batch envelope, an API key request, a screening request's address or identifier).
 */
export const MAX_FIELDS = 64;

export interface ValidatorOptions {
  /**
   * 'body' looks for crowded objects (more than MAX_FIELDS keys) in the body itself only, for a
   * schema whose inner values are validated on their own (a batch's entities: one crowded entity
   * is that slot's error, not the whole call's). Default 'all': anywhere in the body.
   */
  crowded?: 'all' | 'body';
}

export function compileValidator<S extends TSchema>(schema: S, options: ValidatorOptions = {}): Validator<Static<S>> {
  checkLengthLimits(schema);
  const validate = ajv.compile<Static<S>>(schema);
  const shallow = options.crowded === 'body';
  return (data) => {
    const crowded = shallow ? crowdedBody(data) : crowdedIssues(data);
    if (crowded !== null) return { ok: false, issues: crowded };
    if (validate(data)) return { ok: true, value: data };
    return { ok: false, issues: toIssues(validate.errors ?? []) };
  };
}

/** The issue of an object in `data` with more than MAX_FIELDS keys, or null (run before copying `data`). */
export function crowdedIssues(data: unknown): FieldIssue[] | null {
  const crowded = crowdedObject(data, MAX_FIELDS);
  return crowded === null ? null : [{ field: crowded || 'body', issue: `must have at most ${MAX_FIELDS} fields` }];
}

/** crowdedIssues for the body object itself only (its values are not looked into). */
function crowdedBody(data: unknown): FieldIssue[] | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || Buffer.isBuffer(data)) return null;
  let count = 0;
  for (const key in data) {
    if (Object.hasOwn(data, key) && ++count > MAX_FIELDS) return [{ field: 'body', issue: `must have at most ${MAX_FIELDS} fields` }];
  }
  return null;
}

interface Visit {
  value: object;
  parent: Visit | null;
  key: string | number;
}

/**
 * The field name of the first object in `data` with more than `max` own keys ('' for the body
 * itself), or null. One pass over the objects and arrays, each object's keys counted no further
 * than max + 1; names are built only for the one found.
 */
function crowdedObject(data: unknown, max: number): string | null {
  if (data === null || typeof data !== 'object') return null;
  const stack: Visit[] = [{ value: data, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key: i });
      }
      continue;
    }
    if (Buffer.isBuffer(value)) continue;
    let count = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (++count > max) return visitName(visit);
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push({ value: item, parent: visit, key });
    }
  }
  return null;
}

function visitName(visit: Visit): string {
  const parts: Array<string | number> = [];
  for (let v: Visit | null = visit; v !== null && v.parent !== null; v = v.parent) parts.unshift(v.key);
  return parts.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name === '' ? part : `${name}.${part}`), '');
}

/** "/address/country" -> "address.country", "/aliases/2" -> "aliases[2]". */
export function fieldName(instancePath: string, prefix = ''): string {
  let field = prefix;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    field += /^\d+$/.test(part) ? `[${part}]` : field === '' ? part : `.${part}`;
  }
  return field;
}

function toIssues(errors: readonly ErrorObject[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = toIssue(error);
    if (issue === null) continue;
    const key = `${issue.field}\u0000${issue.issue}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

function toIssue(error: ErrorObject): FieldIssue | null {
  const field = fieldName(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const own = (error.parentSchema as Record<string, unknown> | undefined)?.[ISSUE_KEYWORD];
  switch (error.keyword) {
    case 'additionalProperties':
      return { field: join(field, String(params.additionalProperty)), issue: 'is not a known field' };
    case 'required':
      return { field: join(field, String(params.missingProperty)), issue: 'is required' };
    case 'type':
      return { field: field || 'body', issue: `must be ${article(String(params.type))}` };
    case 'format':
      return { field, issue: FORMAT_ISSUES[String(params.format)] ?? `must be a valid ${String(params.format)}` };
    case 'enum':
      return { field, issue: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'minLength':
      return { field, issue: Number(params.limit) === 1 ? 'must not be empty' : `must have at least ${String(params.limit)} characters` };
    case 'maxLength':
      return { field, issue: `must have at most ${String(params.limit)} characters` };
    case 'minItems':
      return { field: field || 'body', issue: `must have at least ${String(params.limit)} items` };
    case 'maxItems':
      return { field: field || 'body', issue: `must have at most ${String(params.limit)} items` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field, issue: `must be ${String(params.comparison)} ${String(params.limit)}` };
    case 'pattern':
    case 'const':
      return { field, issue: typeof own === 'string' ? own : 'has an invalid value' };
    case 'uniqueItems':
      return { field, issue: 'must not contain duplicates' };
    case 'anyOf':
    case 'oneOf':
      return { field: field || 'body', issue: typeof own === 'string' ? own : 'has an invalid shape' };
    default:
      return { field: field || 'body', issue: typeof own === 'string' ? own : 'is invalid' };
  }
}

function join(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
