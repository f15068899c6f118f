/**
 * The request-path bench alternates its servers batch by batch (issue 16). Its order used to turn
 * once a round: with the default 3 rounds, one order ran two rounds to one, and the server first in
 * it was first 50 times out of 75. turnOrder, turned every batch over all rounds, is fair within one.
 */
import { expect, it } from 'vitest';
import { turnOrder } from '../bench/support/load.js';

it('every server is first and last as often as any other over the bench\'s 3 rounds of 25 batches, within one', () => {
  const servers = ['now lmdbW1', 'now lmdbW2', 'before lmdbW1', 'before lmdbW2'];
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  for (let round = 0; round < 3; round++) {
    for (let b = 0; b < 25; b++) {
      const order = turnOrder(servers, round * 25 + b);
      expect([...order].sort()).toEqual([...servers].sort());
      first.set(order[0], (first.get(order[0]) ?? 0) + 1);
      last.set(order.at(-1)!, (last.get(order.at(-1)!) ?? 0) + 1);
    }
  }
  // Only the two ends of the list are ever first or last: each as often as the other, within one.
  const [a, z] = [servers[0], servers.at(-1)!];
  expect((first.get(a) ?? 0) + (first.get(z) ?? 0)).toBe(75);
  expect(Math.abs((first.get(a) ?? 0) - (first.get(z) ?? 0))).toBeLessThanOrEqual(1);
  expect(Math.abs((last.get(a) ?? 0) - (last.get(z) ?? 0))).toBeLessThanOrEqual(1);
});
