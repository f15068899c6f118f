/**
 * @module Real-world spellings: how the UN, the EU and Canada write parties that are on the US lists
 * (../shared/eval/cross_publisher, the development half), and real names on no US list. A positive is
 * found when its target entry is among the matches and the answer is not `clear`; a negative is flagged
 * when the answer is not `clear`. Recall is counted per class on `mustFind` spellings; the others
 * (translations, unlisted aliases, lone nicknames) are reported apart, never a target. Negatives whose
 * words, transliterated, are exactly a listed name's (every word, weak ones too: homonym.ts) are
 * homonyms, counted apart from false positives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../src/engine/index.js';
import type { Fuzziness, Match } from '../../src/engine/types.js';
import type { EntryKind } from '../../src/lists/model.js';
import { homonymKey, listedHomonymKeys } from './homonym.js';
import { EVAL_DIR } from '../support/paths.js';
import { round } from './metrics.js';

const MODES: Fuzziness[] = ['strict', 'balanced', 'loose'];
const DIR = join(EVAL_DIR, 'cross_publisher');

interface Request { name: string; kind?: EntryKind }
interface Positive { id: string; class: string; variant: string; mustFind: boolean; publisher: string; request: Request; target: { list: string; id: string; names: string[] } }
interface Negative { id: string; class: string; publisher: string; request: Request }

export interface ClassFigure { n: number; recall: Record<Fuzziness, number> }
export interface NegativeFigure { n: number; homonyms: number; flagged: Record<Fuzziness, number>; flaggedNotHomonyms: Record<Fuzziness, number> }
export interface CrossPublisherReport {
  mustFind: Record<Fuzziness, number>;
  mustFindN: number;
  byClass: Record<string, ClassFigure>;
  /** mustFind: false, reported only (translations, unlisted aliases, lone nicknames). */
  notMustFind: Record<string, ClassFigure>;
  negatives: Record<string, NegativeFigure>;
  negativesAll: NegativeFigure;
  /** Balanced misses (must-find), a sample per class, for reading. */
  missed: Record<string, string[]>;
  /** Balanced false positives, a sample. */
  flaggedExamples: string[];
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

export function crossPublisherAvailable(): boolean {
  return existsSync(join(DIR, 'positives.jsonl'));
}

/** The eval names OFAC's consolidated (non-SDN) list as one; the service splits it by program. */
function isTarget(m: Match, target: Positive['target']): boolean {
  if (m.entryId !== target.id) return false;
  if (target.list === 'ofac-nonsdn') return m.listSource.startsWith('ofac-') && m.listSource !== 'ofac-sdn';
  return m.listSource === target.list;
}

function screenMode(engine: Engine, request: Request, mode: Fuzziness): { flagged: boolean; matches: Match[] } {
  const r = engine.screen({ name: request.name, kind: request.kind, fuzziness: mode, limit: 50 });
  return { flagged: r.summary.recommendedAction !== 'clear', matches: r.matches };
}

function recallOf(engine: Engine, rows: Positive[], missed?: string[]): ClassFigure {
  const recall = {} as Record<Fuzziness, number>;
  for (const mode of MODES) {
    let hits = 0;
    for (const p of rows) {
      const r = screenMode(engine, p.request, mode);
      const hit = r.flagged && r.matches.some((m) => m.confidence >= engine.thresholds[mode].review && isTarget(m, p.target));
      if (hit) hits++;
      else if (mode === 'balanced' && missed && missed.length < 25) missed.push(`${p.request.name} -> ${p.target.names[0]}`);
    }
    recall[mode] = round(hits / Math.max(1, rows.length));
  }
  return { n: rows.length, recall };
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k) ?? [];
    list.push(r);
    out.set(k, list);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function negativeFigure(engine: Engine, rows: Negative[], listedKeys: Set<string>, examples?: string[]): NegativeFigure {
  const homonym = rows.map((r) => listedKeys.has(homonymKey(r.request.name)));
  const fig: NegativeFigure = { n: rows.length, homonyms: homonym.filter(Boolean).length, flagged: {} as never, flaggedNotHomonyms: {} as never };
  for (const mode of MODES) {
    let flagged = 0;
    let flaggedOther = 0;
    rows.forEach((r, i) => {
      const s = screenMode(engine, r.request, mode);
      if (!s.flagged) return;
      flagged++;
      if (!homonym[i]) flaggedOther++;
      if (mode === 'balanced' && examples && examples.length < 40) examples.push(`${r.class}: ${r.request.name} = ${s.matches[0]?.matchedName} ${s.matches[0]?.confidence}${homonym[i] ? ' (homonym)' : ''}`);
    });
    fig.flagged[mode] = round(flagged / Math.max(1, rows.length), 4);
    fig.flaggedNotHomonyms[mode] = round(flaggedOther / Math.max(1, rows.length - fig.homonyms), 4);
  }
  return fig;
}

export function crossPublisher(engine: Engine): CrossPublisherReport {
  const positives = readJsonl<Positive>(join(DIR, 'positives.jsonl'));
  const negatives = readJsonl<Negative>(join(DIR, 'negatives.jsonl'));
  const must = positives.filter((p) => p.mustFind);
  const report: CrossPublisherReport = {
    mustFind: recallOf(engine, must).recall, mustFindN: must.length, byClass: {}, notMustFind: {}, negatives: {}, negativesAll: {} as never, missed: {}, flaggedExamples: [],
  };
  for (const [cls, rows] of groupBy(must, (p) => p.class)) {
    report.missed[cls] = [];
    report.byClass[cls] = recallOf(engine, rows, report.missed[cls]);
  }
  for (const [variant, rows] of groupBy(positives.filter((p) => !p.mustFind), (p) => p.variant)) report.notMustFind[variant] = recallOf(engine, rows);
  const listedKeys = listedHomonymKeys(engine);
  for (const [cls, rows] of groupBy(negatives, (n) => n.class)) report.negatives[cls] = negativeFigure(engine, rows, listedKeys, report.flaggedExamples);
  report.negativesAll = negativeFigure(engine, negatives, listedKeys);
  return report;
}
