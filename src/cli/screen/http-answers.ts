/**
 * @module Reading the batch endpoint's answers: the array of slots (a screening response or
 * `{"error": {...}}` each, API.md).
 * An answer that does not have the contract's shape stops the run: writing it out as results
 * would record screenings that did not happen.
 */
import type { FieldIssue } from '../../errors.js';
import type { ScreenResponse } from '../../contract/screen-response.js';
import { ScreenStopError, type SlotError, type SlotOutcome } from './screen-records.js';

export interface ApiError {
  code: string;
  message: string;
}

export function slotsFrom(data: unknown, expected: number): SlotOutcome[] {
  if (!Array.isArray(data) || data.length !== expected) {
    const got = Array.isArray(data) ? `${data.length} slots` : 'no JSON array';
    throw new ScreenStopError(`unexpected answer from the server: ${got} for ${expected} entities`);
  }
  return data.map((slot, i) => slotOutcome(slot, i));
}

function slotOutcome(slot: unknown, index: number): SlotOutcome {
  if (isRecord(slot) && isRecord(slot.error)) return { ok: false, error: slotError(slot.error) };
  if (isScreenResponse(slot)) return { ok: true, response: slot };
  throw new ScreenStopError(`unexpected answer from the server: slot ${index} is neither a screening response nor an error`);
}

function slotError(error: Record<string, unknown>): SlotError {
  const out: SlotError = {
    code: typeof error.code === 'string' ? error.code : 'unknown',
    message: typeof error.message === 'string' ? error.message : '',
  };
  if (typeof error.requestId === 'string') out.requestId = error.requestId;
  if (Array.isArray(error.details)) out.details = error.details.filter(isIssue);
  return out;
}

function isScreenResponse(value: unknown): value is ScreenResponse {
  return (
    isRecord(value) &&
    typeof value.requestId === 'string' &&
    Array.isArray(value.matches) &&
    isRecord(value.summary) &&
    typeof value.summary.recommendedAction === 'string'
  );
}

function isIssue(value: unknown): value is FieldIssue {
  return isRecord(value) && typeof value.field === 'string' && typeof value.issue === 'string';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
