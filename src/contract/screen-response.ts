/**
 * @module The public shape of one screening answer: the engine's result plus the server's
 * requestId and screenedAt (the engine is pure and knows neither) and the answer's `coverage`.
 * The coverage's JSON text is made once per list set and filter (coverage.ts) and spliced in here.
 */
import type { Match, ScreenResult, ScreenSummary } from '../engine/types.js';
import type { Coverage, PreparedCoverage } from './coverage.js';
import { PreparedJson } from './prepared-json.js';
import { engineVersion } from '../engine/engine-version.js';

export interface ScreenResponse {
  requestId: string;
  screenedAt: string;
  matches: Match[];
  summary: ScreenSummary;
  /** The matching release that computed it (engine/engine-version.ts). */
  engineVersion: string;
  coverage: Coverage;
}

/** One answer; its JSON text splices the cached coverage text after the per-request fields. */
export class ScreenAnswer {
  constructor(
    readonly requestId: string,
    readonly screenedAt: string,
    readonly result: ScreenResult,
    readonly coverage: PreparedCoverage,
  ) {}

  toValue(): ScreenResponse {
    const { requestId, screenedAt, result, coverage } = this;
    return { requestId, screenedAt, matches: result.matches, summary: result.summary, engineVersion: engineVersion(), coverage: coverage.value };
  }

  toJson(): string {
    const { requestId, screenedAt, result } = this;
    const head = JSON.stringify({ requestId, screenedAt, matches: result.matches, summary: result.summary, engineVersion: engineVersion() });
    return `${head.slice(0, -1)},"coverage":${this.coverage.json}}`;
  }
}

/** The payload of POST /screen. */
export function screenPayload(answer: ScreenAnswer): PreparedJson {
  return new PreparedJson(() => answer.toValue(), () => answer.toJson());
}

/** The payload of POST /screen/batch: answers and per-slot error bodies, in submission order. */
export function batchPayload(slots: readonly unknown[]): PreparedJson {
  const value = (): unknown[] => slots.map((s) => (s instanceof ScreenAnswer ? s.toValue() : s));
  return new PreparedJson(value, () => `[${slots.map((s) => (s instanceof ScreenAnswer ? s.toJson() : JSON.stringify(s))).join(',')}]`);
}
