/**
 * @module The public shape of one screening answer: the engine's result plus the server's
 * requestId and screenedAt (the engine is pure and knows neither).
 */
import type { Match, ScreenResult, ScreenSummary } from '../engine/types.js';

export interface ScreenResponse {
  requestId: string;
  screenedAt: string;
  matches: Match[];
  summary: ScreenSummary;
}

export function screenResponse(requestId: string, screenedAt: string, result: ScreenResult): ScreenResponse {
  return { requestId, screenedAt, matches: result.matches, summary: result.summary };
}
