/**
 * @module Names of one Enhanced XML entity: names > name > translations > translation.
 *
 * Each `name` is one OFAC name record (the primary name or an a.k.a./f.k.a./n.k.a.), and each of its
 * translations is the same name in one script. The Latin translation gives the list spelling the
 * legacy files carry ("LASTNAME, Firstname" for people, formattedFullName otherwise). The other
 * scripts (Arabic, Cyrillic, Chinese...) become extra aliases so the engine can match a name
 * written in its original script. Such an alias keeps the alias type and the quality of the name it
 * translates: a translation of a low-quality ("weak") a.k.a. is no more reliable than the a.k.a., and
 * translations of the primary name are strong a.k.a.s.
 */
import type { Alias, AliasType, DropCounter, EntryKind } from '../model.js';
import { childOf, itemsOf, textOf, type XmlNode } from './xml-node.js';

export interface EntityNames {
  primary: string;
  aliases: Alias[];
}

const ALIAS_TYPES: Readonly<Record<string, AliasType>> = { 'a.k.a.': 'aka', 'f.k.a.': 'fka', 'n.k.a.': 'nka' };

/**
 * Bidirectional-text controls (U+202B embedding ... U+202C) wrap OFAC's Arabic-script names for
 * display; they are not part of the spelling and would stop an exact match.
 */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').trim();
}

/** The list spelling of one translation. */
function spelling(translation: XmlNode, kind: EntryKind): string {
  const last = withoutBidiControls(textOf(translation, 'formattedLastName'));
  const first = withoutBidiControls(textOf(translation, 'formattedFirstName'));
  if (kind === 'individual' && last !== '' && first !== '') return `${last}, ${first}`;
  return withoutBidiControls(textOf(translation, 'formattedFullName')) || last || first;
}

function isLatin(translation: XmlNode, script: (node: XmlNode | undefined) => string): boolean {
  return script(childOf(translation, 'script')).toLowerCase() === 'latin';
}

interface NameRecord {
  isPrimary: boolean;
  type: AliasType;
  quality: Alias['quality'];
  main: string;
  others: string[];
}

function readName(
  name: XmlNode,
  kind: EntryKind,
  valueOf: (node: XmlNode | undefined) => string,
  dropped: DropCounter,
): NameRecord | null {
  const translations = itemsOf(name, 'translations', 'translation');
  const main =
    translations.find((t) => isLatin(t, valueOf)) ??
    translations.find((t) => textOf(t, 'isPrimary') === 'true') ??
    translations[0];
  const mainText = main ? spelling(main, kind) : '';
  if (mainText === '') {
    dropped.drop('name', 'no usable translation');
    return null;
  }
  const isPrimary = textOf(name, 'isPrimary') === 'true';
  const typeText = valueOf(childOf(name, 'aliasType')).toLowerCase();
  let type = ALIAS_TYPES[typeText];
  if (type === undefined) {
    if (!isPrimary) dropped.drop('aliasType', 'unknown or missing, read as a.k.a.');
    type = 'aka';
  }
  const others = translations
    .filter((t) => t !== main)
    .map((t) => withoutBidiControls(textOf(t, 'formattedFullName')))
    .filter((t) => t !== '');
  const quality = textOf(name, 'isLowQuality') === 'true' ? 'weak' : 'strong';
  return { isPrimary, type, quality, main: mainText, others };
}

/**
 * Returns null when the entity has no usable name at all. A missing primary flag promotes the first
 * name (counted); a second primary name is kept as an a.k.a. rather than lost.
 */
export function mapEntityNames(
  entity: XmlNode,
  kind: EntryKind,
  valueOf: (node: XmlNode | undefined) => string,
  dropped: DropCounter,
): EntityNames | null {
  const records = itemsOf(entity, 'names', 'name')
    .map((n) => readName(n, kind, valueOf, dropped))
    .filter((r): r is NameRecord => r !== null);
  if (records.length === 0) return null;
  let primary = records.find((r) => r.isPrimary);
  if (primary === undefined) {
    dropped.drop('name', 'no primary name, first name used');
    primary = records[0];
  }
  const aliases: Alias[] = [];
  const seen = new Set<string>([`aka\u0000${primary.main}`]);
  const add = (name: string, type: AliasType, quality: Alias['quality']): void => {
    const key = `${type}\u0000${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    aliases.push({ name, type, quality });
  };
  for (const other of primary.others) add(other, 'aka', 'strong');
  for (const record of records) {
    if (record === primary) continue;
    add(record.main, record.type, record.quality);
    for (const other of record.others) add(other, record.type, record.quality);
  }
  return { primary: primary.main, aliases };
}
