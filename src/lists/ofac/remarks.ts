/**
 * @module Facts hidden in OFAC legacy Remarks.
 *
 * The legacy sdn.csv has no columns for dates of birth, nationality or IDs: OFAC writes them into
 * Remarks as `;`-separated segments, e.g. "DOB 10 Dec 1948; alt. DOB 1949; POB Moscow, Russia;
 * nationality Russia; Gender Male; Passport 123 (Russia); a.k.a. 'IVANOV'." Values can hold commas and
 * parentheses ("POB Culiacan, Sinaloa, Mexico", "(Following data derived from a passport ...; ...)"),
 * so the split ignores `;` inside parentheses. Segments it does not recognise stay in the remarks text.
 */
import { parseDateValue } from '../dates.js';
import type { Alias, AliasType, DateValue, DropCounter, IdentityDocument } from '../model.js';
import { toAlpha2 } from '../countries.js';
import { documentFromSegment, firstSpace, firstWord } from './remarks-documents.js';

export interface RemarkFacts {
  datesOfBirth: DateValue[];
  placesOfBirth: string[];
  nationalities: string[];
  citizenships: string[];
  gender?: 'male' | 'female';
  identityDocuments: IdentityDocument[];
  aliases: Alias[];
}

type FactKind = 'dob' | 'pob' | 'nationality' | 'citizenship' | 'gender' | 'aka' | 'fka' | 'nka';

/**
 * Segment labels by their first word, lower case, without a trailing colon. One map lookup per
 * segment instead of a chain of regular expressions: this runs once per load, cold, over about
 * 100,000 segments, where every extra pass shows in the start-up time.
 */
const FACT_WORDS: ReadonlyMap<string, FactKind> = new Map<string, FactKind>([
  ['dob', 'dob'], ['pob', 'pob'], ['nationality', 'nationality'], ['citizen', 'citizenship'],
  ['citizenship', 'citizenship'], ['gender', 'gender'],
  // Always dotted in remarks; an undotted "Aka ..." is a name, not an alias marker.
  ['a.k.a.', 'aka'], ['f.k.a.', 'fka'], ['n.k.a.', 'nka'],
]);

/** Splits remarks on `;` outside parentheses; unbalanced parentheses fall back to a plain split. */
export function splitRemarks(text: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29 && depth > 0) depth--;
    else if (c === 0x3b && depth === 0) {
      pushSegment(segments, text.slice(start, i));
      start = i + 1;
    }
  }
  pushSegment(segments, text.slice(start));
  // A "(" never closed would swallow every later segment; the source text is then split plainly.
  if (depth === 0) return segments;
  const plain: string[] = [];
  for (const part of text.split(';')) pushSegment(plain, part);
  return plain;
}

/** Trims a segment and its final full stop ("Gender Male." -> "Gender Male"). */
function pushSegment(segments: string[], raw: string): void {
  let segment = raw.trim();
  if (segment.endsWith('.')) segment = segment.slice(0, -1).trimEnd();
  if (segment) segments.push(segment);
}

export function parseRemarks(text: string, drops: DropCounter): RemarkFacts {
  const facts: RemarkFacts = {
    datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [], identityDocuments: [], aliases: [],
  };
  for (const raw of splitRemarks(text)) {
    const segment = /^alt\.\s/i.test(raw) ? raw.slice(4).trimStart() : raw;
    const space = firstSpace(segment);
    if (space < 0) continue; // a lone word carries no value
    const word = firstWord(segment, space);
    const kind = FACT_WORDS.get(word);
    if (kind) readFact(kind, segment.slice(space + 1).trim(), facts, drops);
    else readDocument(segment, word, facts, drops);
  }
  return facts;
}

function readFact(kind: FactKind, value: string, facts: RemarkFacts, drops: DropCounter): void {
  switch (kind) {
    case 'dob': {
      const date = parseDateValue(value);
      if (!date) drops.drop('dateOfBirth', 'invalid date');
      else if (!facts.datesOfBirth.some((d) => d.from === date.from && d.to === date.to)) facts.datesOfBirth.push(date);
      return;
    }
    case 'pob':
      return pushUnique(facts.placesOfBirth, value);
    case 'nationality':
      // A vessel's "Nationality of Registration" is no person's nationality.
      if (!/^of\s/i.test(value)) pushCountry(facts.nationalities, value, 'nationality', drops);
      return;
    case 'citizenship':
      return pushCountry(facts.citizenships, value, 'citizenship', drops);
    case 'gender': {
      const g = value.toLowerCase();
      if (g === 'male' || g === 'female') facts.gender ??= g;
      else drops.drop('gender', 'unknown value');
      return;
    }
    default: {
      const alias = aliasFromRemark(kind, value);
      if (alias) facts.aliases.push(alias);
      else drops.drop('alias', 'empty a.k.a. in remarks');
    }
  }
}

function readDocument(segment: string, word: string, facts: RemarkFacts, drops: DropCounter): void {
  const doc = documentFromSegment(segment, word, drops);
  if (doc && !facts.identityDocuments.some((d) => d.type === doc.type && d.number === doc.number)) {
    facts.identityDocuments.push(doc);
  }
}

/**
 * The name of "a.k.a. 'NAME'" / "f.k.a. "NAME"" / "n.k.a. 'NAME'". Names can hold apostrophes
 * ('ABU 'ABD AL-'AZIZ', 'PEOPLE'S ARMY'), so the name runs from the first quote to the last one.
 */
export function aliasFromRemark(type: AliasType, body: string): Alias | null {
  const text = body.trim();
  const quote = text[0] === "'" || text[0] === '"' ? text[0] : '';
  let name = text;
  if (quote) {
    const last = text.lastIndexOf(quote);
    name = last > 0 ? text.slice(1, last) : text.slice(1);
    // "a.k.a. ''FUPI''": a nickname quoted twice.
    if (name.length > 2 && name.startsWith(quote) && name.endsWith(quote)) name = name.slice(1, -1);
    // "a.k.a. 'ABU-AL-KARKH', 'Yusuf'": a surname and given name quoted apart.
    if (quote === "'") name = name.replace(/',\s*'/g, ', ');
  }
  name = name.replace(/\s+/g, ' ').trim();
  if (!name) return null;
  // OFAC writes its low-quality ("weak") a.k.a.s only in the remarks, quoted; the strong ones are in
  // alt.csv (in the 2024 consolidated XML, 64 of the 66 weak a.k.a.s appear in the CSV remarks and
  // 1 of 1,060 strong ones). A remarks alias is therefore weak.
  return { name, type, quality: 'weak' };
}

function pushCountry(target: string[], text: string, field: string, drops: DropCounter): void {
  const code = toAlpha2(text);
  if (!code) drops.drop(field, 'unknown country');
  else pushUnique(target, code);
}

function pushUnique(target: string[], value: string): void {
  if (value && !target.includes(value)) target.push(value);
}
