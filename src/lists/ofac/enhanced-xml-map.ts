/**
 * @module One Enhanced XML entity (sanctionsData > entities > entity) to a ListEntry.
 *
 * entryId is the entity's `id` attribute: it is the legacy ent_num / classic uid (checked on the real
 * file: entity id="26526" is EBRAHIMI, Ayatollah, ent_num 26526 in sdn.csv), whereas
 * generalInfo/identityId is an internal identity number (18230 for the same record).
 */
import { inferKind } from '../infer-kind.js';
import { LIST_INFO } from '../sources.js';
import {
  ENTRY_KINDS,
  LIST_SOURCES,
  type Address,
  type DropCounter,
  type IdentityDocument,
  type ListEntry,
  type ListSource,
} from '../model.js';
import { enhancedDate, mapFeatures } from './enhanced-xml-features.js';
import { mapEntityNames } from './enhanced-xml-names.js';
import { countryCode, referenceText, type EnhancedMapContext } from './enhanced-xml-refs.js';
import { addExtra } from './xml-id-types.js';
import { compactEntry } from './xml-memory.js';
import { childOf, itemsOf, textOf, type XmlNode } from './xml-node.js';
import { entryOnEachList } from './programs.js';

/** Lists other than these three are the "other non-SDN lists" (NS-MBS, CAPTA, NS-CMIC, NS-PLC). */
const LIST_NAMES: Readonly<Record<string, ListSource>> = {
  'sdn list': 'ofac-sdn',
  'sectoral sanctions identifications list': 'ofac-ssi',
  'fse list': 'ofac-fse',
  'foreign sanctions evaders list': 'ofac-fse',
};

/**
 * Every list of the entity, in LIST_SOURCES order (SDN first): an entity on several lists becomes one
 * entry per list (same entryId), so a `lists` filter naming any of them finds it. No list at all (the
 * schema requires one) reads as SDN and is counted: dropping a sanctioned party would be the worse error.
 */
function listSourcesOf(entity: XmlNode, ctx: EnhancedMapContext): ListSource[] {
  const sources = itemsOf(entity, 'sanctionsLists', 'sanctionsList').map(
    (list) => LIST_NAMES[referenceText(list, ctx).toLowerCase()] ?? 'ofac-non-sdn',
  );
  if (sources.length === 0) {
    ctx.dropped.drop('sanctionsList', 'missing, read as SDN');
    return ['ofac-sdn'];
  }
  return LIST_SOURCES.filter((s) => sources.includes(s));
}

/** The entity as one entry per list it is on; none when it is skipped (counted). */
export function mapEnhancedEntity(entity: XmlNode, ctx: EnhancedMapContext): ListEntry[] {
  const entryId = entity.attributes.id ?? '';
  if (entryId === '') {
    ctx.skipped.drop('entity', 'no id');
    return [];
  }
  const general = childOf(entity, 'generalInfo');
  const typeText = referenceText(childOf(general, 'entityType'), ctx).toLowerCase();
  const statedKind = ENTRY_KINDS.find((k) => k === typeText);
  const names = mapEntityNames(entity, statedKind ?? 'entity', (n) => referenceText(n, ctx), ctx.dropped);
  if (names === null) {
    ctx.skipped.drop('entity', 'no name');
    return [];
  }
  const sources = listSourcesOf(entity, ctx);
  const listSource = sources[0];
  const extra: Record<string, string> = {};
  const entry: ListEntry = {
    listSource,
    entryId,
    kind: statedKind ?? 'entity',
    kindInferred: false,
    name: names.primary,
    aliases: names.aliases,
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    addresses: itemsOf(entity, 'addresses', 'address')
      .map((a) => mapAddress(a, ctx))
      .filter((a): a is Address => a !== null),
    identityDocuments: mapDocuments(entity, ctx),
    programs: itemsOf(entity, 'sanctionsPrograms', 'sanctionsProgram').map((p) => ctx.pool.intern(referenceText(p, ctx))),
    sourceUrl: LIST_INFO[listSource].sourceUrl,
  };
  mapFeatures(entity, entry, extra, ctx);
  if (statedKind === undefined) setInferredKind(entry, typeText, ctx.dropped);
  const title = textOf(general, 'title');
  if (title !== '') entry.title = title;
  const remarks = textOf(general, 'remarks');
  if (remarks !== '') entry.remarks = remarks;
  addListingExtras(entity, extra, ctx);
  if (Object.keys(extra).length > 0) entry.extra = extra;
  return entryOnEachList(compactEntry(entry, ctx.pool), sources);
}

function setInferredKind(entry: ListEntry, typeText: string, dropped: DropCounter): void {
  dropped.drop('entityType', typeText === '' ? 'missing, kind inferred' : 'unknown value, kind inferred');
  const hasPersonData = entry.datesOfBirth.length > 0 || entry.placesOfBirth.length > 0 || entry.gender !== undefined;
  entry.kind = inferKind(entry.name, hasPersonData).kind;
  entry.kindInferred = true;
}

/** Legal authorities, sanctions types and related parties, as the legacy remarks show them. */
function addListingExtras(entity: XmlNode, extra: Record<string, string>, ctx: EnhancedMapContext): void {
  for (const a of itemsOf(entity, 'legalAuthorities', 'legalAuthority')) addExtra(extra, 'Legal Authority', referenceText(a, ctx));
  for (const t of itemsOf(entity, 'sanctionsTypes', 'sanctionsType')) addExtra(extra, 'Sanctions Type', referenceText(t, ctx));
  for (const r of itemsOf(entity, 'relationships', 'relationship')) {
    addExtra(extra, referenceText(childOf(r, 'type'), ctx) || 'Linked To', textOf(r, 'relatedEntity'));
  }
}

const ADDRESS_PARTS: Readonly<Record<string, 'street' | 'city' | 'state' | 'postalCode'>> = {
  ADDRESS1: 'street',
  ADDRESS2: 'street',
  ADDRESS3: 'street',
  CITY: 'city',
  'STATE/PROVINCE': 'state',
  REGION: 'state',
  'POSTAL CODE': 'postalCode',
};

/** Country plus the parts of the Latin translation; an address element with neither is no address. */
function mapAddress(node: XmlNode, ctx: EnhancedMapContext): Address | null {
  const address: Address = {};
  const translations = itemsOf(node, 'translations', 'translation');
  const latin =
    translations.find((t) => referenceText(childOf(t, 'script'), ctx).toLowerCase() === 'latin') ?? translations[0];
  for (const part of latin ? itemsOf(latin, 'addressParts', 'addressPart') : []) {
    const field = ADDRESS_PARTS[referenceText(childOf(part, 'type'), ctx).toUpperCase()];
    const value = textOf(part, 'value');
    if (field === undefined || value === '') continue;
    address[field] = address[field] === undefined ? value : `${address[field]}, ${value}`;
  }
  const country = childOf(node, 'country');
  const countryText = referenceText(country, ctx);
  if (countryText !== '') {
    const code = countryCode(country?.attributes.refId, countryText, ctx);
    if (code !== undefined) address.country = code;
    else address.countryText = countryText;
  }
  return Object.keys(address).length > 0 ? address : null;
}

function mapDocuments(entity: XmlNode, ctx: EnhancedMapContext): IdentityDocument[] {
  const documents: IdentityDocument[] = [];
  for (const node of itemsOf(entity, 'identityDocuments', 'identityDocument')) {
    const type = referenceText(childOf(node, 'type'), ctx);
    const number = textOf(node, 'documentNumber');
    if (type === '' || number === '') {
      ctx.dropped.drop('identityDocument', 'no type or number');
      continue;
    }
    const doc: IdentityDocument = { type: ctx.pool.intern(type), number };
    const issuer = childOf(node, 'issuingCountry');
    const issuerText = referenceText(issuer, ctx);
    if (issuerText !== '') {
      const code = countryCode(issuer?.attributes.refId, issuerText, ctx);
      if (code !== undefined) doc.country = code;
      else doc.note = `issued by ${issuerText}`;
    }
    const issued = documentDate(childOf(node, 'issueDate'), 'identityDocument issueDate', ctx.dropped);
    if (issued) doc.issueDate = issued;
    const expires = documentDate(childOf(node, 'expirationDate'), 'identityDocument expirationDate', ctx.dropped);
    if (expires) doc.expiryDate = expires;
    if (textOf(node, 'isValid') === 'false') doc.note = doc.note ? `${doc.note}; marked invalid by OFAC` : 'marked invalid by OFAC';
    documents.push(doc);
  }
  return documents;
}

function documentDate(node: XmlNode | undefined, field: string, dropped: DropCounter): string | undefined {
  if (node === undefined) return undefined;
  const value = enhancedDate(node, '');
  if (value === null) dropped.drop(field, 'not a usable date');
  return value?.from;
}
