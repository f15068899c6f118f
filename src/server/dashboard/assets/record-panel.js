// @ts-check
/**
 * The side panel of one party: the query's fields beside the record as listed on each of its lists
 * (GET /lists/{listSource}/entries/{entryId}), the words that did and did not match highlighted, and
 * the evidence of each match. Non-modal: Escape or Close returns focus to the row that opened it.
 */
import { callApi } from './api.js';
import { badge, byId, externalLink, h } from './dom.js';
import { showError } from './error-view.js';
import { decisionForm } from './decision-form.js';
import { evidenceTable } from './evidence-table.js';
import { formatDateTime } from './format.js';
import { highlighted, words } from './word-match.js';

/** @typedef {import('./party-table.js').Party} Party */

const ENTRY_PATH = (/** @type {string} */ source, /** @type {string} */ id) =>
  `/sanctions-screening/v1/lists/${encodeURIComponent(source)}/entries/${encodeURIComponent(id)}`;

/** @param {string} value */
const foldId = (value) => value.toUpperCase().replace(/^(IMO|MMSI)(?=[\s.:#-]*\d)/, '').replace(/[^0-9A-Z]/g, '');

/**
 * @param {{ apiKey: () => string | null }} options
 */
export function createRecordPanel({ apiKey }) {
  const panel = byId('record-panel', HTMLElement);
  const body = byId('record-body', HTMLElement);
  const heading = byId('record-title', HTMLElement);
  /** @type {HTMLElement | null} */
  let opener = null;
  let generation = 0;

  function close() {
    panel.hidden = true;
    body.replaceChildren();
    generation++;
    opener?.focus();
    opener = null;
  }
  byId('record-close', HTMLButtonElement).addEventListener('click', close);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  /**
   * @param {Party} party
   * @param {Record<string, any>} query the request as sent
   * @param {HTMLElement} row
   */
  async function open(party, query, row) {
    const mine = ++generation;
    opener = row;
    const best = party.matches[0];
    heading.textContent = best.primaryName ?? best.matchedName;
    const listed = h('div', { class: 'record-listed', 'aria-busy': 'true' }, h('p', { class: 'status' }, 'Loading the record as listed…'));
    body.replaceChildren(h('div', { class: 'record-columns' }, queryColumn(query, party), listed));
    panel.hidden = false;
    heading.focus();
    const key = apiKey();
    if (key === null) return;
    try {
      const records = await Promise.all(party.matches.map((m) => callApi('GET', ENTRY_PATH(m.listSource, m.entryId), key)));
      if (mine !== generation) return;
      listed.replaceChildren(...records.map(({ data }, i) => recordView(data, party.matches[i], query, apiKey)));
    } catch (error) {
      if (mine !== generation) return;
      listed.replaceChildren();
      showError(listed, error);
    } finally {
      listed.removeAttribute('aria-busy');
    }
  }

  return { open, close };
}

/**
 * @param {Record<string, any>} query
 * @param {Party} party
 */
function queryColumn(query, party) {
  const listedWords = party.matches.flatMap((m) => words(`${m.matchedName} ${m.primaryName ?? ''}`));
  /** @type {[string, Node | string][]} */
  const rows = [['Name', highlighted(String(query.name ?? ''), listedWords)]];
  if (Array.isArray(query.aliases)) rows.push(['Aliases', h('span', {}, ...query.aliases.flatMap((a, i) => [i > 0 ? '; ' : '', highlighted(a, listedWords)]))]);
  for (const [label, field] of /** @type {const} */ ([['Kind', 'kind'], ['Date of birth', 'dateOfBirth'], ['Place of birth', 'placeOfBirth'], ['Nationality', 'nationality']])) {
    if (query[field]) rows.push([label, String(query[field])]);
  }
  if (query.address) rows.push(['Address', [query.address.city, query.address.country].filter(Boolean).join(', ')]);
  if (Array.isArray(query.identifiers)) {
    rows.push(['Identifiers', h('ul', { class: 'plain' }, ...query.identifiers.map((/** @type {any} */ id) =>
      h('li', {}, `${id.type}: ${id.value}${id.country ? ` (${id.country})` : ''}`)))]);
  }
  return h('section', { class: 'record-query', 'aria-label': 'Your query' }, h('h3', {}, 'Your query'), definitions(rows));
}

/**
 * @param {any} record the listed record
 * @param {import('./screen-results.js').Match} match
 * @param {Record<string, any>} query
 * @param {() => string | null} apiKey
 */
function recordView(record, match, query, apiKey) {
  const queryWords = [query.name, ...(query.aliases ?? [])].flatMap((n) => words(String(n)));
  const queryIds = new Set((query.identifiers ?? []).map((/** @type {any} */ id) => foldId(String(id.value))));
  /** @type {[string, Node | string | null][]} */
  const rows = [
    ['Names', h('ul', { class: 'plain names' }, ...record.names.map((/** @type {any} */ n) => h('li', {},
      highlighted(n.name, queryWords), ' ', h('span', { class: 'hint' }, n.type + (n.lowQuality ? ', low quality' : '')))))],
    ['Kind', record.kind],
    ['Dates of birth', list(record.datesOfBirth?.map((/** @type {any} */ d) =>
      d.from === query.dateOfBirth || (d.from <= query.dateOfBirth && query.dateOfBirth <= d.to) ? h('mark', { class: 'word-hit' }, d.text) : d.text))],
    ['Places of birth', list(record.placesOfBirth?.map((/** @type {string} */ p) =>
      query.placeOfBirth ? highlighted(p, words(String(query.placeOfBirth))) : p))],
    ['Nationalities', list([...(record.nationalities ?? []), ...(record.citizenships ?? [])])],
    ['Gender', record.gender ?? null],
    ['Addresses', list(record.addresses?.map((/** @type {any} */ a) =>
      [a.street, a.city, a.region, a.postalCode, a.country ?? a.countryText].filter(Boolean).join(', ')))],
    ['Identifiers', list(record.identifiers?.map((/** @type {any} */ id) => {
      const text = `${id.listedType}: ${id.value}${id.country ? ` (${id.country})` : ''}`;
      return queryIds.has(foldId(id.value)) ? h('mark', { class: 'word-hit' }, text) : text;
    }))],
    ['Programs', list(record.programs)],
    ['Title', record.title ?? null],
    ['Remarks', record.remarks ?? null],
    ['Other details', list(Object.entries(record.details ?? {}).map(([k, v]) => `${k}: ${v}`))],
    ['Published', record.publishedAtSource === 'file-time' ? `date unknown (file time ${formatDateTime(record.publishedAt)})` : formatDateTime(record.publishedAt)],
    ['Source', externalLink(record.sourceUrl, 'publisher page')],
  ];
  return h('section', { class: 'record-entry', 'data-entry': `${record.listSource}:${record.entryId}` },
    h('h3', {}, 'As listed ', badge('list', record.listSource), ' ', h('code', {}, `#${record.entryId}`)),
    definitions(rows.filter(([, v]) => v !== null && v !== undefined && v !== '')),
    evidenceTable(match),
    decisionForm(match, query, apiKey));
}

/** @param {(Node | string)[] | undefined} items */
function list(items) {
  if (!items || items.length === 0) return null;
  return h('ul', { class: 'plain' }, ...items.map((item) => h('li', {}, item)));
}

/** @param {[string, Node | string | null][]} rows */
function definitions(rows) {
  return h('dl', { class: 'record-fields' }, ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
}
