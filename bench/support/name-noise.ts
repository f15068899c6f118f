/**
 * Light, deterministic noise on list names for the benchmark query mix: the kind of variation a
 * real caller's spelling has (one typo, swapped letters, reordered or dropped tokens, case).
 * This is for timing realistic queries, not for accuracy: bench/eval/perturb.ts does that.
 */

/** mulberry32: a small seeded generator, so the mix is the same on every run and machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)];
}

type Noise = (tokens: string[], random: Random) => string[] | null;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Index of a token long enough to take a typo, or -1. */
function longToken(tokens: readonly string[], random: Random): number {
  const long = tokens.map((t, i) => (t.length >= 5 ? i : -1)).filter((i) => i >= 0);
  return long.length === 0 ? -1 : pick(long, random);
}

function editToken(tokens: string[], random: Random, edit: (t: string, at: number) => string): string[] | null {
  const i = longToken(tokens, random);
  if (i < 0) return null;
  const at = 1 + Math.floor(random() * (tokens[i].length - 2));
  const out = [...tokens];
  out[i] = edit(tokens[i], at);
  return out;
}

const NOISES: Noise[] = [
  (t, r) => editToken(t, r, (s, at) => s.slice(0, at) + pick([...LETTERS], r) + s.slice(at + 1)),
  (t, r) => editToken(t, r, (s, at) => s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2)),
  (t, r) => editToken(t, r, (s, at) => s.slice(0, at) + s.slice(at + 1)),
  (t) => (t.length >= 2 ? [t[t.length - 1], ...t.slice(0, -1)] : null),
  (t) => (t.length >= 3 ? [t[0], ...t.slice(2)] : null),
  (t) => t.map((s) => s.toLowerCase()),
];

/** One light change to a name; the name unchanged when no change applies to it. */
export function addNoise(name: string, random: Random): string {
  const tokens = name.split(/\s+/).filter(Boolean);
  for (let attempt = 0; attempt < 4; attempt++) {
    const changed = pick(NOISES, random)(tokens, random);
    if (changed) return changed.join(' ');
  }
  return name;
}
