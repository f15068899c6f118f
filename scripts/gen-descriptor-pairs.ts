/**
 * Generates src/engine/descriptor-pairs.ts, the table of organisation descriptors written in another
 * language beside their English equivalent (predpriyatie = enterprise, zavod = plant, sanaye =
 * industries), mined from the US lists themselves: OFAC, BIS and the other US publishers write one
 * entry's names both ways, a transliterated Russian, Belarusian, Ukrainian or Persian alias beside an
 * English one ("AKTSIONERNOE OBSHCHESTVO NAUCHNO PROIZVODSTVENNOE PREDPRIYATIE X" and "JSC SCIENTIFIC
 * PRODUCTION ENTERPRISE X"; "SANAYE ELECTRONIC IRAN" and "IRAN ELECTRONICS INDUSTRIES"). The snapshot
 * stays in ../shared; the generated table is committed.
 *
 *   npx tsx scripts/gen-descriptor-pairs.ts [path/to/snapshot]
 *
 * How: every organisation's (not a person's, not a vessel's) names are read as the engine reads them
 * (normaliseName: legal forms folded and weak, variants folded). Of two names of one entry that share a
 * distinctive word (a strong word on at most MAX_SHARED_ENTRIES entries: the name itself, X) and differ
 * in 1 to MAX_LEFT strong words each, the words left over on one side are candidate translations of
 * those left over on the other (every cross pair, counted once per entry). A pair is kept when
 * - MIN_SUPPORT distinct entries or more have it,
 * - it is the words' association, not chance: of the alignments where the foreign word is left over,
 *   MIN_SHARE or more have the English word on the other side, and it is among the foreign word's
 *   MAX_PARTNERS strongest (English descriptors are left over beside many words, so only the foreign
 *   word's side is measured),
 * - both words are generic (each on MIN_WORD_ENTRIES entries or more: descriptors, not names), and
 *   they are not spellings of one word (more than two edits apart: the engine's fuzzy search meets
 *   those already) nor one inside the other,
 * - one of them is an English word and the other is not (the word-list package's ~275,000 English
 *   words, a devDependency): a translation, not two English words of related sense (factory, plant).
 * - the foreign word is no country's name nor a word from one (its first five letters those of a word
 *   of a country's English names, i18n-iso-countries: Syria, Belarusian, Lebanon).
 * Words of five letters or more (WORD), weak ones too (industries, enterprise, group: the descriptors
 * the vocabulary makes weak).
 * Nothing here comes from another publisher's lists (UN, EU, UK, Canada) nor from any evaluation set.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseName } from '../src/engine/normalise.js';
import countries from 'i18n-iso-countries';
import wordListPath from 'word-list';
import { loadListSet } from '../src/lists/catalog.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SNAPSHOT = process.argv[2] ?? join(ROOT, '../shared/data/snapshot');
const OUT = join(ROOT, 'src/engine/descriptor-pairs.ts');

/** A word shared by two names of an entry is its distinctive word when on this many entries or fewer. */
const MAX_SHARED_ENTRIES = 20;
/** At most this many strong words left over on each side: longer differences are other names, not translations. */
const MAX_LEFT = 5;
/** Distinct entries a pair must be seen in. */
const MIN_SUPPORT = 3;
/** Share of the foreign word's alignments (distinctive words it is left over beside) that meet the English word. */
const MIN_SHARE = 0.35;
/** A foreign word keeps at most this many English partners (its strongest). */
const MAX_PARTNERS = 2;
/** Both words must be on this many entries' names or more: generic descriptors. */
const MIN_WORD_ENTRIES = 4;

/** Words of five letters or more: shorter ones are initialisms (NPP, NII, OKB) or legal forms (JSC, LLC). */
const WORD = /^[a-z]{5,}$/;

/** Optimal string alignment distance (edits with transpositions). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const c = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + c);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The files read and their digests, for the header. */
function sources(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()
    .map((f) => `${f} (sha256 ${createHash('sha256').update(readFileSync(join(dir, f))).digest('hex').slice(0, 16)}…)`);
}

async function main(): Promise<void> {
  const english = new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  // Names of countries are no descriptors though the word list lacks them (Syria, Belarusian, Lebanon).
  const placeStems = new Set(Object.values(countries.getNames('en', { select: 'all' })).flat().flatMap((n) => normaliseName(n).map((t) => t.text)).filter((w) => WORD.test(w)).map((w) => w.slice(0, 5)));
  const set = await loadListSet({ dir: SNAPSHOT });
  const orgs = set.entries.filter((e) => e.kind !== 'individual' && e.kind !== 'vessel' && e.kind !== 'aircraft');
  // Strong words of each name of each organisation.
  const named = orgs.map((e) => {
    const names = [e.name, ...e.aliases.map((a) => a.name)].map((n) => [...new Set(normaliseName(n).filter((t) => !t.syllabic && !t.abjad && WORD.test(t.text)).map((t) => t.text))]);
    return { id: `${e.listSource}:${e.entryId}`, names: names.filter((n) => n.length > 0) };
  });
  // Entries per word (an entry listed by several publishers counts once per publisher: no matter, both sides are alike).
  const entriesWith = new Map<string, number>();
  for (const e of named) for (const w of new Set(e.names.flat())) entriesWith.set(w, (entriesWith.get(w) ?? 0) + 1);
  const pairSupport = new Map<string, Set<string>>();
  const leftIn = new Map<string, Set<string>>();
  for (const e of named) {
    for (let i = 0; i < e.names.length; i++) {
      for (let j = i + 1; j < e.names.length; j++) {
        const a = e.names[i];
        const b = e.names[j];
        // Pairs count once per distinctive word shared (the name X): an entry listed by several
        // publishers, or a network's branches all named after it, count once.
        const distinctive = a.filter((w) => b.includes(w) && (entriesWith.get(w) ?? 0) <= MAX_SHARED_ENTRIES);
        if (distinctive.length === 0) continue;
        const key = distinctive.sort().join(' ');
        const leftA = a.filter((w) => !b.includes(w));
        const leftB = b.filter((w) => !a.includes(w));
        if (leftA.length === 0 || leftB.length === 0 || leftA.length > MAX_LEFT || leftB.length > MAX_LEFT) continue;
        for (const w of [...leftA, ...leftB]) {
          let s = leftIn.get(w);
          if (!s) leftIn.set(w, (s = new Set()));
          s.add(key);
        }
        for (const x of leftA) {
          for (const y of leftB) {
            if (x === y) continue;
            const k = x < y ? `${x} ${y}` : `${y} ${x}`;
            let s = pairSupport.get(k);
            if (!s) pairSupport.set(k, (s = new Set()));
            s.add(key);
          }
        }
      }
    }
  }
  interface Pair { a: string; b: string; foreign: string; support: number; share: number }
  const candidates: Pair[] = [];
  for (const [k, s] of pairSupport) {
    if (s.size < MIN_SUPPORT) continue;
    const [a, b] = k.split(' ');
    if ((entriesWith.get(a) ?? 0) < MIN_WORD_ENTRIES || (entriesWith.get(b) ?? 0) < MIN_WORD_ENTRIES) continue;
    if (a.includes(b) || b.includes(a) || distance(a, b) <= 2) continue;
    // One word English, the other not: a translation, not two English words of related sense (factory / plant).
    if (english.has(a) === english.has(b)) continue;
    const foreign = english.has(a) ? b : a;
    if (placeStems.has(foreign.slice(0, 5))) continue;
    // The share of the foreign word's alignments that meet this English word: English descriptors
    // are left over beside many words (a name's other descriptors), the foreign word beside its own.
    const share = s.size / leftIn.get(foreign)!.size;
    if (share < MIN_SHARE) continue;
    candidates.push({ a, b, foreign, support: s.size, share });
  }
  // Each foreign word's strongest partners only.
  const partners = new Map<string, Pair[]>();
  for (const p of candidates) partners.set(p.foreign, [...(partners.get(p.foreign) ?? []), p]);
  const top = (w: string): Pair[] => partners.get(w)!.sort((x, y) => y.support - x.support || y.share - x.share).slice(0, MAX_PARTNERS);
  const kept = candidates.filter((p) => top(p.foreign).includes(p)).sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
  write(kept, orgs.length, sources(SNAPSHOT));
  for (const p of [...kept].sort((x, y) => y.support - x.support)) console.log(`${p.a}\t${p.b}\t${p.support}\t${p.share.toFixed(2)}`);
  console.log(`${kept.length} pairs from ${orgs.length} organisations (${candidates.length} candidates)`);
}

function write(pairs: Array<{ a: string; b: string; foreign: string; support: number }>, orgCount: number, files: string[]): void {
  const q = (s: string): string => `'${s}'`;
  const rows = pairs.map((p) => [p.foreign, p.foreign === p.a ? p.b : p.a, p.support] as const).sort((x, y) => x[0].localeCompare(y[0]) || x[1].localeCompare(y[1]));
  const lines = rows.map(([f, e, n]) => `  [${q(f)}, ${q(e)}, ${n}],`);
  const text = `/**
 * @module Organisation descriptors written in another language beside their English equivalent, as
 * the US lists write one entry's names both ways (a transliterated Russian, Belarusian, Ukrainian or
 * Persian alias beside an English one): mined from the US lists snapshot (../shared/data/snapshot,
 * ${orgCount} organisations) by scripts/gen-descriptor-pairs.ts, read from
${files.map((f) => ` *   ${f}`).join('\n')}
 * GENERATED: do not edit; run the script again. Each row: the word in another language and its
 * English equivalent, as the engine reads them, and the number of distinct names (distinctive words
 * shared by two names of one entry) that pair them.
 */

/** [word in another language, English word, support]. */
export const DESCRIPTOR_PAIRS: ReadonlyArray<readonly [string, string, number]> = [
${lines.join('\n')}
];
`;
  writeFileSync(OUT, text);
}

await main();
