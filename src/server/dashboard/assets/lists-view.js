// @ts-check
/**
 * The lists page: GET /sanctions-screening/v1/lists with the tab's API key, one row per list with
 * its status (flagged when older than the server's maximum age), entry count, how old the
 * publisher's date and the server's last load are, and where the date comes from.
 */
import { callApi, rateLimitOf } from './api.js';
import { badge, byId, externalLink, h } from './dom.js';
import { clearError, showError } from './error-view.js';
import { formatAge, formatCount, formatDateTime } from './format.js';

const LISTS_PATH = '/sanctions-screening/v1/lists';

const STATUS_TEXT = {
  ok: 'ok',
  stale: 'stale: refresh failing',
  missing: 'missing: not loaded',
  sample: 'sample data',
};

/**
 * @typedef {object} ListStatus
 * @property {string} source
 * @property {string} name
 * @property {string} publisher
 * @property {number} entryCount
 * @property {string | null} publishedAt
 * @property {string | null} lastRefresh
 * @property {'ok' | 'stale' | 'missing' | 'sample'} status
 * @property {string} sourceUrl
 * @property {'publisher' | 'http-last-modified' | 'file-time'} [publishedAtSource] where publishedAt comes from
 * @property {boolean} [outdated] true when the list is older than the server's configured maximum age
 */

/** Where a list's date comes from, in words; servers that do not say get an em dash. */
const DATE_SOURCE_TEXT = {
  publisher: 'the publisher, in the file',
  'http-last-modified': 'HTTP Last-Modified of the download',
  'file-time': 'file time (no publisher date)',
};

/**
 * @param {{ apiKey: { current: () => string | null, need: () => string | null } }} options
 */
export function createListsView({ apiKey }) {
  const errorRegion = byId('lists-error', HTMLElement);
  const status = byId('lists-status', HTMLElement);
  const tbody = byId('lists-table', HTMLTableElement).tBodies[0];
  byId('lists-reload', HTMLButtonElement).addEventListener('click', () => void load(true));

  /** @param {boolean} asked a click asks for the key; merely opening the page only says it is needed */
  async function load(asked) {
    clearError(errorRegion);
    const key = asked ? apiKey.need() : apiKey.current();
    if (key === null) {
      tbody.replaceChildren();
      status.textContent = 'Paste an API key above to see the lists.';
      return;
    }
    try {
      const { data, headers } = await callApi('GET', LISTS_PATH, key);
      render(data.data);
      const quota = rateLimitOf(headers);
      const total = data.data.reduce((/** @type {number} */ sum, /** @type {ListStatus} */ l) => sum + l.entryCount, 0);
      status.textContent = `${data.data.length} lists, ${formatCount(total)} entries in all.`
        + (quota ? ` This key has ${formatCount(quota.remaining)} of ${formatCount(quota.limit)} calls left this month.` : '');
    } catch (error) {
      tbody.replaceChildren();
      status.textContent = '';
      showError(errorRegion, error);
    }
  }

  /** @param {ListStatus[]} lists */
  function render(lists) {
    tbody.replaceChildren(...lists.map((list) => h('tr', { 'data-source': list.source },
      h('th', { scope: 'row' }, externalLink(list.sourceUrl, list.name), h('code', { class: 'hint block' }, list.source)),
      h('td', {}, badge(list.status, STATUS_TEXT[list.status] ?? list.status),
        list.outdated === true ? h('span', {}, ' ', badge('outdated', 'outdated: older than the maximum age')) : null),
      h('td', { class: 'num' }, formatCount(list.entryCount)),
      h('td', {}, list.publishedAtSource === 'file-time' ? undatedText(list.publishedAt) : dated(list.publishedAt)),
      h('td', { class: 'date-source' }, list.publishedAtSource ? DATE_SOURCE_TEXT[list.publishedAtSource] ?? list.publishedAtSource : '—'),
      h('td', {}, dated(list.lastRefresh)),
      h('td', {}, list.publisher))));
  }

  return { show: () => load(false) };
}

/**
 * A file time is no publication date: never shown with an age, as if the list were that fresh.
 * @param {string | null} iso
 */
export function undatedText(iso) {
  return h('span', { class: 'undated' }, `date unknown (file time ${iso === null ? '—' : formatDateTime(iso)})`);
}

/** @param {string | null} iso */
function dated(iso) {
  if (iso === null) return '—';
  return h('span', {}, formatDateTime(iso), h('span', { class: 'age block' }, formatAge(iso)));
}
