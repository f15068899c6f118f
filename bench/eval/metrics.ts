/** Confusion counts and the figures derived from them. */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function emptyConfusion(): Confusion {
  return { tp: 0, fp: 0, tn: 0, fn: 0 };
}

export function count(c: Confusion, predicted: boolean, actual: boolean): void {
  if (predicted && actual) c.tp++;
  else if (predicted) c.fp++;
  else if (actual) c.fn++;
  else c.tn++;
}

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

export function scores(c: Confusion): Scores {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision: round(precision), recall: round(recall), f1: round(f1) };
}

export const round = (x: number, digits = 4): number => Math.round(x * 10 ** digits) / 10 ** digits;
