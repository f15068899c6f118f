/**
 * Generates src/engine/legal-forms-elf.ts, the legal-form vocabulary the normaliser reads, from the
 * ISO 20275 Entity Legal Forms (ELF) code list kept by GLEIF (../shared/data/reference/iso20275-elf,
 * see its PROVENANCE.md). The CSV stays in ../shared; the generated table is committed.
 *
 *   npx tsx scripts/gen-legal-forms.ts [path/to/elf.csv]
 *
 * What it takes from every active (ACTV) row, read the way the engine reads a name (rawWords):
 * - each abbreviation (local and transliterated, `;`-separated): one word ("d.o.o." -> doo, "ООО" ->
 *   ooo) becomes a single-word legal form; several ("S.A. de C.V.") a phrase. A dotted abbreviation of
 *   three letters or more is also a phrase of its letters as payment messages write it ("S A DE C V").
 * - the form's name (local and transliterated, parenthesised asides cut; not English ones, see readRows): a phrase of 2 to 6 words
 *   ("Dioničko društvo", "Akciová společnost"). One-word names only when long (8+ letters: compounds
 *   such as Aktiengesellschaft, Osakeyhtiö); shorter ones are ordinary words (Fond, Obec, Kraj, Udruga).
 * - Cyrillic names of three or four words also give their initials, as Russian-language registries
 *   abbreviate them and ELF's Russian rows do not (ФГУП, ФГБУ, АНО, ПАО).
 * - two-letter abbreviations written with one dot ("Rt." of the Hungarian Részvénytársaság, "Bt.",
 *   "hf."), that the single-word table leaves out (a word lists write inside names, such as RT of
 *   RT-CAPITAL): read as the form only where a name ends in them, dot and all (ELF_END_DOTTED_FORMS).
 * Left out: words the engine reads as something else (stop words, particles, titles, common names,
 * name variants), single letters, numbers, and abbreviations that are words of a listed person's name
 * in the US lists snapshot (../shared/data/snapshot): read there as a name, they must stay one.
 * Each phrase folds to its form's abbreviation (its initials when ELF gives none); the hand table in
 * vocabulary.ts (LEGAL_FORMS) decides the canonical spelling where it has the abbreviation (ooo = llc).
 * - every word of 4 letters or more of the forms' names (ELF_FORM_NAME_WORDS: sociedad, acciones,
 *   yhtio, obshchestvo...), as the words another language's legal form is written with, whole or in
 *   part, declined or reordered ("Sociedade por ações aberta", "Societatea pe acțiuni"), where no
 *   phrase of the table reads them: name-matcher.ts counts them in an organisation's name as words
 *   the lists do not know. Not the English names (see readRows) nor their words (trust, capital),
 *   nor words read as something else.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import anyAscii from 'any-ascii';
import { rawWords } from '../src/engine/normalise.js';
import {
  COMMON_NAMES, GENERIC_FIRST_GIVEN, GIVEN_NAME_TITLES, HAND_LEGAL_FORMS, HONORIFICS, NAME_VARIANTS, NUMBER_TENS, NUMBER_UNITS,
  ORDINALS, PARTICLES, STOP_WORDS, VESSEL_PREFIXES, WORD_ABBREVIATIONS,
} from '../src/engine/vocabulary.js';
import { loadListSet } from '../src/lists/catalog.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CSV = process.argv[2] ?? join(ROOT, '../shared/data/reference/iso20275-elf/2023-09-28-elf-code-list-v1.5.csv');
const SNAPSHOT = join(ROOT, '../shared/data/snapshot');
const OUT = join(ROOT, 'src/engine/legal-forms-elf.ts');

/** Longest name read as a phrase: longer ones are descriptions ("Organizational-legal forms of..."). */
const MAX_PHRASE_WORDS = 6;
/** One-word names shorter than this are ordinary words (Fond, Obec, Banka), not legal forms. */
const MIN_SINGLE_NAME = 8;
/** Words of forms' names shorter than this are not kept (ELF_FORM_NAME_WORDS): "de", "con", "pro" are words of names too. */
const MIN_NAME_WORD = 4;

const words = (s: string): string[] => rawWords(s).map((w) => w.text);
const isCyrillic = (s: string): boolean => /[\u0400-\u04ff]/u.test(s);
/**
 * Latin, Greek and Cyrillic text only: the engine reads Han, Hangul, Thai and the rest one character
 * at a time or not at all, so their names and abbreviations written in those scripts read as nothing
 * a query would write (the Latin transliterated columns of those rows are kept).
 */
const READABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}\p{P}\p{Zs}\p{M}'`´&+/]*$/u;
/** A two-letter abbreviation is a legal form when written dotted (d.d., a.s.) or in Cyrillic or Greek (АД, АО); else an initialism (LG, BT). */
const TWO_LETTER_FORM = /^(?:\p{L}\.\s*\p{L}\.?|[\p{Script=Cyrillic}\p{Script=Greek}]{2})$/u;

/** Words that the engine reads as something else than a legal form. */
const OTHER_VOCABULARY: ReadonlySet<string> = new Set([
  ...STOP_WORDS, ...PARTICLES, ...HONORIFICS, ...VESSEL_PREFIXES, ...COMMON_NAMES, ...NAME_VARIANTS.keys(), ...NAME_VARIANTS.values(),
  ...GIVEN_NAME_TITLES, ...GENERIC_FIRST_GIVEN, ...WORD_ABBREVIATIONS.keys(), ...WORD_ABBREVIATIONS.values(), ...ORDINALS.keys(), ...NUMBER_UNITS.keys(), ...NUMBER_TENS.keys(),
]);

interface ListedWords {
  /** Words of listed people's names: an abbreviation that is one stays a name. */
  persons: Set<string>;
  /** Words of other names: how many names have them first or last (where legal forms stand), and inside. */
  edge: Map<string, number>;
  inside: Map<string, number>;
}

/** Words of the names of the US lists snapshot. */
async function listedWords(): Promise<ListedWords> {
  const set = await loadListSet({ dir: SNAPSHOT });
  const out: ListedWords = { persons: new Set(), edge: new Map(), inside: new Map() };
  for (const e of set.entries) {
    for (const n of [e.name, ...e.aliases.map((a) => a.name)]) {
      const ws = words(n);
      if (e.kind === 'individual') for (const w of ws) out.persons.add(w);
      else ws.forEach((w, i) => {
        const at = i === 0 || i === ws.length - 1 ? out.edge : out.inside;
        at.set(w, (at.get(w) ?? 0) + 1);
      });
    }
  }
  return out;
}

/**
 * Legal forms stand at the ends of names (OOO X, X D.O.O.): an abbreviation the lists write inside
 * names as often as a quarter of the time is a word of the name there (JV, Fund, RT, NPF).
 */
const MIN_EDGE_SHARE = 0.75;

interface Row { code: string; country: string; names: string[]; abbreviations: string[]; english: boolean; englishNames: string[] }

function readRows(): { rows: Row[]; sha256: string } {
  const text = readFileSync(CSV);
  const records = parse(text, { bom: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  const rows: Row[] = [];
  for (const r of records.slice(1)) {
    if (r[12] !== 'ACTV' || !r[2]) continue;
    const split = (s: string): string[] => s.split(';').map((a) => a.trim()).filter(Boolean);
    // Parenthesised asides ("(skraćeno EGIU)", "(artels)") are no part of the name as written.
    // English names of forms are what English-language list names call a kind of business (Trust
    // Company, Business Corporation, Commercial Bank): words of those names, not legal forms. The
    // English forms the lists write are in vocabulary.ts by hand; one-word abbreviations are kept.
    const english = r[7] === 'en';
    const names = english ? [] : [r[5], r[8]].map((n) => n.replace(/\([^)]*\)?/g, ' ').trim()).filter((n) => n && READABLE.test(n));
    const abbreviations = [...split(r[9]), ...split(r[10])].filter((a) => READABLE.test(a));
    const englishNames = english ? [r[5], r[8]].filter((n) => n && READABLE.test(n)) : [];
    rows.push({ code: r[0], country: r[2], names, abbreviations, english, englishNames });
  }
  return { rows, sha256: createHash('sha256').update(text).digest('hex') };
}

/** Initials of a Cyrillic name of 3-4 words (prepositions of one letter skipped): ФГУП, АНО. */
function cyrillicInitials(name: string): string | undefined {
  const parts = name.split(/[\s-]+/u).filter((w) => w.length > 1 && /^[\u0400-\u04ff]/u.test(w));
  if (parts.length < 3 || parts.length > 4 || parts.length !== name.split(/[\s-]+/u).filter((w) => w.length > 1).length) return undefined;
  return anyAscii(parts.map((w) => w[0]).join('')).toLowerCase();
}

/** A dotted abbreviation's letters as written without dots ("S.A. de C.V." -> s a de c v), 3+ letters. */
function spacedLetters(abbreviation: string): string[] | undefined {
  if (!abbreviation.includes('.')) return undefined;
  const spaced = words(abbreviation.replace(/\./g, ' '));
  return spaced.filter((w) => w.length === 1).length >= 3 ? spaced : undefined;
}

async function main(): Promise<void> {
  const { rows, sha256 } = readRows();
  const listed = await listedWords();
  const single = new Map<string, string>();
  const phrases = new Map<string, readonly [string, readonly string[]]>();
  const excluded = new Map<string, string>();
  const dotted = new Set<string>();
  const endDotted = new Set<string>();
  const allowed = (w: string): boolean => {
    if (w.length < 2 || /^\d+$/.test(w)) return false;
    if (OTHER_VOCABULARY.has(w)) return excluded.set(w, 'vocabulary'), false;
    if (HAND_LEGAL_FORMS.has(w)) return true;
    if (listed.persons.has(w)) return excluded.set(w, 'person name'), false;
    const inside = listed.inside.get(w) ?? 0;
    const edge = listed.edge.get(w) ?? 0;
    if (inside >= 2 && edge < MIN_EDGE_SHARE * (edge + inside)) return excluded.set(w, 'inside names'), false;
    return true;
  };
  // A one-word name the lists write (Foundation, Society, Cooperative) is a word of names there: a
  // legal form would be weak, and "SOCIETY OF ISLAMIC COOPERATION" would keep one strong word.
  const unlisted = (w: string): boolean => HAND_LEGAL_FORMS.has(w) || (!listed.edge.has(w) && !listed.inside.has(w) && !listed.persons.has(w)) || (excluded.set(w, 'listed word'), false);
  const canonicalOf = (t: string): string => HAND_LEGAL_FORMS.get(t) ?? t;
  const addPhrase = (canonical: string, ws: readonly string[]): void => {
    if (ws.length < 2 || ws.length > MAX_PHRASE_WORDS) return;
    const key = ws.join(' ');
    if (!phrases.has(key)) phrases.set(key, [canonical, ws]);
  };
  for (const row of rows) {
    const abbreviations = row.abbreviations.map((a) => ({ a, ws: words(a) })).filter(({ ws }) => ws.length > 0);
    const initials = row.names.filter(isCyrillic).map(cyrillicInitials).find((i) => i !== undefined && allowed(i));
    const firstAbbreviation = abbreviations.find(({ ws }) => ws.length === 1 && allowed(ws[0]))?.ws[0] ?? initials;
    for (const { a, ws } of abbreviations) {
      if (ws.length === 1) {
        const two = ws[0].length === 2 && !TWO_LETTER_FORM.test(a) && !HAND_LEGAL_FORMS.has(ws[0]);
        if (!two && allowed(ws[0]) && !single.has(ws[0])) single.set(ws[0], canonicalOf(ws[0]));
        if (ws[0].length === 2 && /^\p{Script=Latin}\.\s*\p{Script=Latin}\.?$/u.test(a) && single.has(ws[0])) dotted.add(ws[0]);
        if (ws[0].length === 2 && /^\p{Script=Latin}{2}\.$/u.test(a) && !OTHER_VOCABULARY.has(ws[0]) && !listed.persons.has(ws[0])) endDotted.add(ws[0]);
      } else if (!row.english && (ws.some((w) => w.length > 1) || ws.length >= 3)) {
        // Single letters apart ("A. C."): two of them are as often a person's initials.
        addPhrase(canonicalOf(ws.join('')), ws);
      }
    }
    for (const a of row.abbreviations) {
      const spaced = spacedLetters(a);
      if (spaced) addPhrase(canonicalOf(words(a).join('')), spaced);
    }
    if (initials && allowed(initials) && !single.has(initials)) single.set(initials, canonicalOf(initials));
    for (const name of row.names) {
      const ws = words(name);
      if (ws.length === 1) {
        // A one-word name is a legal form when its form is abbreviated from it (Aktiengesellschaft AG,
        // Osakeyhtiö Oy); one without an abbreviation is an ordinary word (Foundation, Association).
        const abbreviated = firstAbbreviation !== undefined && firstAbbreviation[0] === ws[0][0];
        if (abbreviated && ws[0].length >= MIN_SINGLE_NAME && allowed(ws[0]) && unlisted(ws[0]) && !single.has(ws[0])) single.set(ws[0], canonicalOf(firstAbbreviation));
        continue;
      }
      const canonical = firstAbbreviation ?? ws.map((w) => w[0]).join('');
      addPhrase(canonicalOf(canonical), ws);
    }
  }
  for (const w of endDotted) if (single.has(w) || HAND_LEGAL_FORMS.has(w)) endDotted.delete(w);
  // Words English names of forms have too (trust, capital, bank, public) are what English-language
  // names call a kind of business ("Deutsche Bank Trust Company" is not DEUTSCHE BANK).
  const englishWords = new Set(rows.flatMap((row) => row.englishNames.flatMap(words)));
  const nameWords = new Set<string>();
  for (const row of rows) {
    for (const name of row.names) {
      for (const w of words(name)) if (w.length >= MIN_NAME_WORD && !/\d/.test(w) && !OTHER_VOCABULARY.has(w) && !englishWords.has(w)) nameWords.add(w);
    }
  }
  write(sha256, rows.length, single, [...phrases.values()], dotted, endDotted, nameWords);
  console.log(`${nameWords.size} words of forms' names`);
  console.log(`${rows.length} active rows: ${single.size} single-word forms, ${phrases.size} phrases; excluded ${excluded.size} words`);
  console.log(`excluded: ${[...excluded].map(([w, why]) => `${w} (${why})`).join(', ')}`);
}

function write(
  sha256: string, rowCount: number, single: Map<string, string>, phrases: Array<readonly [string, readonly string[]]>, dotted: Set<string>,
  endDotted: Set<string>, nameWords: Set<string>,
): void {
  const q = (s: string): string => JSON.stringify(s).replace(/"/g, "'");
  const singles = [...single].sort(([a], [b]) => a.localeCompare(b)).map(([w, c]) => `[${q(w)}, ${q(c)}]`);
  const phraseLines = phrases
    .sort((a, b) => a[1].join(' ').localeCompare(b[1].join(' ')))
    .map(([c, ws]) => `  [${q(c)}, [${ws.map(q).join(', ')}]],`);
  const lines: string[] = [];
  for (let i = 0; i < singles.length; i += 8) lines.push(`  ${singles.slice(i, i + 8).join(', ')},`);
  const sortedWords = [...nameWords].sort().map(q);
  const wordLines: string[] = [];
  for (let i = 0; i < sortedWords.length; i += 10) wordLines.push(`  ${sortedWords.slice(i, i + 10).join(', ')},`);
  const text = `/**
 * @module Legal forms of ISO 20275, the Entity Legal Forms (ELF) code list kept by GLEIF
 * (https://www.gleif.org/en/about-lei/code-lists/iso-20275-entity-legal-forms-code-list), version 1.5
 * of 2023-09-28, file 2023-09-28-elf-code-list-v1.5.csv (sha256 ${sha256.slice(0, 16)}…, ${rowCount} active rows),
 * read as the engine reads names. GENERATED by scripts/gen-legal-forms.ts: do not edit; run it again.
 */

/** Single-word legal forms (abbreviations, long one-word names) and the token they fold to. */
export const ELF_LEGAL_FORMS: ReadonlyArray<readonly [string, string]> = [
${lines.join('\n')}
];

/** Two-letter forms ELF writes dotted ("d.d.", "a.s."): read as one when written "a. s." at a name's end. */
export const ELF_DOTTED_FORMS: readonly string[] = [${[...dotted].sort().map(q).join(', ')}];

/**
 * Two-letter forms ELF writes with one dot ("Rt.") that the single-word table leaves out (words the
 * lists write inside names): read as a legal form only where a name ends in them, dot and all.
 */
export const ELF_END_DOTTED_FORMS: readonly string[] = [${[...endDotted].sort().map(q).join(', ')}];

/** Multi-word legal forms (names, abbreviations of several words) and the token they fold to. */
export const ELF_LEGAL_FORM_PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
${phraseLines.join('\n')}
];

/**
 * Words of 4 letters or more of the forms' names (not the English ones), as read: the words another
 * language's legal form is written with, where it is written otherwise than ELF names it.
 */
export const ELF_FORM_NAME_WORDS: readonly string[] = [
${wordLines.join('\n')}
];
`;
  writeFileSync(OUT, text);
}

await main();
