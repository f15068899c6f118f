/**
 * @module The CSL `ids` groups of one record to identity documents, gender and extra facts.
 *
 * The CSL copies OFAC's ID list, which mixes documents (Passport, Tax ID No., SWIFT/BIC) with facts
 * about the record ("Gender, Male", "Secondary sanctions risk:, ...", "Website, ..."). The split is
 * the one the OFAC loaders use (classifyIdType), so a CSL copy of an OFAC record looks like OFAC's own.
 */
import { parseDateValue } from '../dates.js';
import type { DropCounter, IdentityDocument, ListEntry } from '../model.js';
import { addExtra, classifyIdType, extraKey, genderOf, type IdTypeUse } from '../ofac/xml-id-types.js';
import type { CslId } from './csl-record.js';
import { toAlpha2 } from '../countries.js';

/** A document date as ISO when it is a whole day; otherwise undefined and its text goes to the note. */
function dayOf(text: string): string | undefined {
  const date = parseDateValue(text);
  return date && date.precision === 'day' ? date.from : undefined;
}

function setDates(doc: IdentityDocument, id: CslId, notes: string[]): void {
  let issue = id.issueDate?.trim() ?? '';
  let expiry = id.expirationDate?.trim() ?? '';
  const dates = id.unlabelledDates ?? [];
  if (dates.length === 2) [issue, expiry] = dates;
  // A lone CSV date may be the issue or the expiry date (the empty part was left out): a note only.
  else if (dates.length === 1) notes.push(`date ${dates[0]} (issue or expiry not stated)`);
  const issueIso = issue === '' ? undefined : dayOf(issue);
  const expiryIso = expiry === '' ? undefined : dayOf(expiry);
  if (issueIso) doc.issueDate = issueIso;
  else if (issue !== '') notes.push(`issued ${issue}`);
  if (expiryIso) doc.expiryDate = expiryIso;
  else if (expiry !== '') notes.push(`expires ${expiry}`);
}

function toDocument(id: CslId, drops: DropCounter): IdentityDocument | null {
  const number = id.number.trim();
  if (number === '') {
    drops.drop('ids', 'document without a number');
    return null;
  }
  const doc: IdentityDocument = { type: id.type.trim(), number };
  const notes: string[] = [];
  if (id.country && id.country.trim() !== '') {
    const country = toAlpha2(id.country);
    if (country) doc.country = country;
    else notes.push(`country ${id.country.trim()}`);
  }
  setDates(doc, id, notes);
  if (notes.length > 0) doc.note = notes.join('; ');
  return doc;
}

/** A file has ~170 distinct id types over ~25,000 ids: each is classified once. */
const uses = new Map<string, IdTypeUse>();

function useOf(type: string): IdTypeUse {
  let use = uses.get(type);
  if (use === undefined) {
    if (uses.size > 5000) uses.clear();
    use = classifyIdType(type);
    uses.set(type, use);
  }
  return use;
}

/** Adds the documents, the gender and the facts of `ids` to the entry and its extra. */
export function applyCslIds(entry: ListEntry, ids: readonly CslId[], extra: Record<string, string>, drops: DropCounter): void {
  for (const id of ids) {
    const use = useOf(id.type);
    if (use === 'gender') {
      const gender = genderOf(id.number);
      if (gender) entry.gender = gender;
      else drops.drop('ids', 'unknown gender');
    } else if (use === 'info') {
      addExtra(extra, extraKey(id.type), id.number.trim());
    } else {
      const doc = toDocument(id, drops);
      if (doc) entry.identityDocuments.push(doc);
    }
  }
}
