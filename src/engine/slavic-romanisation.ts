/**
 * @module Whether two Latin spellings are romanisations of one Russian, Ukrainian or Belarusian word.
 *
 * The US lists write East Slavic names the English way; other publishers write the same Cyrillic
 * word by their own language's table ("Aljochin", "Djomin", "Iljinych" for ALEKHIN, DEMIN,
 * ILYNIKH). romanisation.ts reads such a word back into one English spelling; where that reading is
 * no list word (the lists write ё as e, Swedish writes it jo), the word meets nothing. Here the two
 * spellings are compared letter by letter instead: they are one name when some Cyrillic word has
 * both among its spellings, each Cyrillic letter spelt by any of the published systems below.
 * Each letter's spellings are the union of, folded to lower-case ASCII as the lists fold them:
 * - BGN/PCGN romanisation of Russian (1947), of Ukrainian (2019) and of Belarusian (1979): the
 *   English spellings of the US lists (zh, kh, ts, ch, sh, shch, y, ya, yu, ye, yo);
 * - ISO 9:1995 and the GOST 7.79 system B, diacritics folded (c for ц, x for х, ja/ju);
 * - the Swedish transcription of Russian (Svenska skrivregler): zj, ch, tj, sj, sjtj, j, ja, ju, jo;
 * - the German Duden transcription: w, ss for с, z for ц, sch, tsch, schtsch, j (not its s for з:
 *   every language writes its own s so);
 * - the Polish PWN transcription: w, cz, sz, szcz, ch, c for ц, ia / ie / io / iu after a consonant;
 * - the Czech transcription (Pravidla českého pravopisu), háček letters read as digraphs first
 *   (romanisation.ts diacriticReading): č ch, š sh, ž zh, ch for х, c for ц, j;
 * - the French transcription (ou for у, tch, dj, ch for ш, j for ж) that UN and EU French texts use;
 * - the Ukrainian national system (Cabinet of Ministers Resolution No. 55, 2010) and the Belarusian
 *   one (2007 instruction on names in Latin letters): г h, і i, ї yi / i, є ye / ie, ў u / w;
 * - the Romanian alphabet as Moldovan civil records write Russian names (c for к, iu for ю);
 * - what every system leaves to usage: a consonant written twice by one side only (Gennady,
 *   Genady; German ss), the soft and hard signs written as nothing (Ilyin, Iljin, Ilin), кс as x
 *   (Alexander, Aleksandr), and the ending -ий written -y, -i, -iy, -ij, -ii (the final й as nothing).
 * The comparison is a walk over both words at once: (letters of one + 1) x (letters of the other + 1)
 * states, each trying the few spellings that start there. Both are short words (MAX_LETTERS).
 */

/** The spellings of each Cyrillic letter (see the module for sources); '' = written as nothing. */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  а: ['a'],
  б: ['b'],
  в: ['v', 'w'],
  г: ['g', 'h', 'gh'],
  ґ: ['g'],
  д: ['d'],
  // е after a vowel or at the start is ye / je / ie in most systems, e in ISO 9 and in usage.
  е: ['e', 'ye', 'je', 'ie'],
  // ё: the lists write it e (Alekhin, Demin), the others jo / io / yo (Aljochin, Djomin).
  ё: ['e', 'yo', 'jo', 'io'],
  є: ['ye', 'je', 'ie', 'e'],
  ж: ['zh', 'zj', 'sch', 'z', 'j'],
  // з: German writes it s (Sinowjew), but so does every language its own s: z only (Lopes is no Lopez).
  з: ['z'],
  и: ['i', 'y'],
  і: ['i', 'y'],
  ї: ['yi', 'ji', 'i', 'ii'],
  й: ['y', 'j', 'i', ''],
  к: ['k', 'c', 'ck'],
  кс: ['ks', 'x', 'cks'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s', 'ss'],
  т: ['t'],
  у: ['u', 'ou', 'oo'],
  ў: ['u', 'w', 'v'],
  ф: ['f', 'ph'],
  х: ['kh', 'h', 'ch', 'x'],
  ц: ['ts', 'tz', 'z', 'c', 'tc'],
  ч: ['ch', 'tj', 'tsch', 'cz', 'tch', 'c'],
  ш: ['sh', 'sj', 'sch', 'sz', 'ch'],
  щ: ['shch', 'sjtj', 'schtsch', 'szcz', 'sch', 'shh', 'sc'],
  ъ: [''],
  ы: ['y', 'i'],
  ь: ['', 'j', 'y'],
  э: ['e'],
  ю: ['yu', 'ju', 'iu', 'u'],
  я: ['ya', 'ja', 'ia'],
};

/** Longest word compared, either side: far above any name word. */
export const MAX_LETTERS = 32;

const VOWELS = 'aeiouy';

/** Each spelling with the letter it spells, non-empty ones by their first Latin letter. */
interface Spelling {
  letter: number;
  text: string;
}

const LETTERS = Object.keys(SPELLINGS);
const BY_FIRST: ReadonlyMap<string, readonly Spelling[]> = (() => {
  const map = new Map<string, Spelling[]>();
  LETTERS.forEach((c, letter) => {
    for (const text of SPELLINGS[c]) {
      if (text === '') continue;
      const list = map.get(text[0]) ?? [];
      list.push({ letter, text });
      map.set(text[0], list);
    }
  });
  return map;
})();
/** Letters that may be written as nothing (й, ъ, ь). */
const SILENT: readonly number[] = LETTERS.flatMap((c, letter) => (SPELLINGS[c].includes('') ? [letter] : []));
/** й is written as nothing only at the end of a word (-ий as -y, -i: Dmitry, Dmitrij); inside one it is written (Kaidar is no Kadar). */
const SHORT_I = LETTERS.indexOf('й');

/** Most spellings starting at one position of a word (a letter has at most a few dozen). */
const MAX_STARTS = 48;

/** Spellings starting at each position of one word: letter and end per entry, `count` per position. */
interface Starts {
  letter: Int16Array;
  end: Int16Array;
  count: Uint8Array;
}

const newStarts = (): Starts => ({
  letter: new Int16Array(MAX_LETTERS * MAX_STARTS),
  end: new Int16Array(MAX_LETTERS * MAX_STARTS),
  count: new Uint8Array(MAX_LETTERS),
});

/** Scratch rows of sameCyrillic (one call at a time: no allocation per call). */
const STARTS_A = newStarts();
const STARTS_B = newStarts();
/** The word STARTS_A was filled for: a query word is compared with many list words in a row. */
let startsAWord = '';

/**
 * Fills `out` with the spellings that start at each position of `word`: letter and end; a consonant
 * spelling written with its first letter twice too (the doubling one side may add or drop).
 */
function fillStarts(word: string, out: Starts): void {
  for (let at = 0; at < word.length; at++) {
    let k = 0;
    const base = at * MAX_STARTS;
    for (const sp of BY_FIRST.get(word[at]) ?? []) {
      if (k + 2 > MAX_STARTS) break;
      if (word.startsWith(sp.text, at)) {
        out.letter[base + k] = sp.letter;
        out.end[base + k++] = at + sp.text.length;
      }
      if (!VOWELS.includes(sp.text[0]) && word[at + 1] === sp.text[0] && word.startsWith(sp.text, at + 1)) {
        out.letter[base + k] = sp.letter;
        out.end[base + k++] = at + 1 + sp.text.length;
      }
    }
    out.count[at] = k;
  }
}

/** Scratch table of sameCyrillic (one call at a time). */
const REACH = new Uint8Array((MAX_LETTERS + 1) * (MAX_LETTERS + 1));
const SILENT_LETTER = new Uint8Array(LETTERS.length);
for (const l of SILENT) SILENT_LETTER[l] = 1;
const LATIN_WORD = /^[a-z]+$/;

/**
 * Whether Latin words `a` and `b` (lower-case a-z) are spellings of one Cyrillic word by the tables
 * above (see the module). Equal words are; words of other letters (digits, non a-z) are not compared.
 * Comparing one word `a` with many words `b` in a row reads `a` once.
 */
export function sameCyrillic(a: string, b: string): boolean {
  if (a === b) return true;
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n > MAX_LETTERS || m > MAX_LETTERS) return false;
  if (a !== startsAWord) {
    if (!LATIN_WORD.test(a)) return false;
    fillStarts(a, STARTS_A);
    startsAWord = a;
  }
  if (!LATIN_WORD.test(b)) return false;
  fillStarts(b, STARTS_B);
  const w = m + 1;
  REACH.fill(0, 0, (n + 1) * w);
  REACH[0] = 1;
  // The last row with a reachable cell: once the walk passes it, nothing is left to reach.
  let lastRow = 0;
  for (let i = 0; i <= n && i <= lastRow; i++) {
    for (let j = 0; j <= m; j++) {
      if (!REACH[i * w + j]) continue;
      if (i === n && j === m) return true;
      const na = i < n ? STARTS_A.count[i] : 0;
      const nb = j < m ? STARTS_B.count[j] : 0;
      for (let x = 0; x < na; x++) {
        const la = STARTS_A.letter[i * MAX_STARTS + x];
        const ea = STARTS_A.end[i * MAX_STARTS + x];
        for (let y = 0; y < nb; y++) {
          if (STARTS_B.letter[j * MAX_STARTS + y] !== la) continue;
          REACH[ea * w + STARTS_B.end[j * MAX_STARTS + y]] = 1;
          if (ea > lastRow) lastRow = ea;
        }
        // A letter the other side writes as nothing (й at the end, ъ, ь).
        if (SILENT_LETTER[la] && (la !== SHORT_I || j === m)) {
          REACH[ea * w + j] = 1;
          if (ea > lastRow) lastRow = ea;
        }
      }
      for (let y = 0; y < nb; y++) {
        const lb = STARTS_B.letter[j * MAX_STARTS + y];
        if (SILENT_LETTER[lb] && (lb !== SHORT_I || i === n)) REACH[i * w + STARTS_B.end[j * MAX_STARTS + y]] = 1;
      }
    }
  }
  return REACH[n * w + m] === 1;
}

/**
 * East Slavic patronymic endings as the systems above write them: the masculine -ovich / -evich
 * (Ukrainian -ovych, Belarusian -avich, Swedish -ovitj, German -owitsch, Polish -owicz, Czech -ovič
 * read -ovich) and the feminine -ovna / -evna (Ukrainian -ivna, Belarusian -auna), with the
 * iotated link of a soft stem (-yevich, -iyovych, -jevitj, -yivna).
 */
const PATRONYMIC = /^([a-z]{3,}?)(?:[iyj]?[oea][vw]|[iyj]?[oe]u)(?:ich|ych|itj|ytj|itsch|ytsch|itch|icz|ycz|ysch|ic)$|^([a-z]{3,}?)(?:[iyj]?[oea][vw]|[iyj]?[iy]?iv|[ae]u)na$/;

/** Russian patronymic endings the US lists write (BGN/PCGN), masculine and feminine. */
const RUSSIAN_ENDINGS: readonly (readonly string[])[] = [
  ['ovich', 'evich', 'yevich', 'ievich'],
  ['ovna', 'evna', 'yevna', 'ievna'],
];

/**
 * The stem and gender (0 masculine, 1 feminine) of a word with a patronymic ending (PATRONYMIC);
 * null for another word.
 */
export function patronymicStem(word: string): { stem: string; feminine: 0 | 1 } | null {
  const m = PATRONYMIC.exec(word);
  if (!m) return null;
  return m[1] !== undefined ? { stem: m[1], feminine: 0 } : { stem: m[2], feminine: 1 };
}

/**
 * The Russian spellings (BGN/PCGN) of a patronymic written in another language or in its Ukrainian
 * or Belarusian form ("Mikalaevich", "Aliaksandravich", "Hennadiyovych", "Oleksandrivna"): its stem
 * is a given name's spelling that `variantOf` folds (vocabulary.ts NAME_VARIANTS: Mikalai = Nikolai),
 * and each spelling of that given name (`spellingsOf`) with a Russian ending of the same gender is
 * a candidate; the caller keeps those the lists know. Empty for a word with no such stem.
 */
export function patronymicReadings(
  word: string, variantOf: (w: string) => string | undefined, spellingsOf: (canonical: string) => readonly string[],
): string[] {
  const p = patronymicStem(word);
  if (!p) return [];
  let canonical: string | undefined;
  for (const end of ['', 'i', 'y', 'iy', 'ij', 'j', 'a']) {
    canonical = variantOf(p.stem + end);
    if (canonical !== undefined) break;
  }
  if (canonical === undefined) return [];
  const out = new Set<string>();
  for (const given of spellingsOf(canonical)) {
    // The stem a Russian patronymic is built on: the given name without its final й or soft vowel
    // (Nikolai -> Nikola-evich, Gennady -> Gennad-ievich, Yuri -> Yur-ievich).
    for (const stem of new Set([given, given.replace(/(?:iy|ii|ij|y|i|j)$/, '')])) {
      if (stem.length < 3) continue;
      for (const ending of RUSSIAN_ENDINGS[p.feminine]) out.add(stem + ending);
    }
  }
  out.delete(word);
  return [...out];
}
