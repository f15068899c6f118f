// @ts-check
/**
 * The lists page's "changed since" card: GET /sanctions-screening/v1/lists/changes?since= with the
 * tab's API key (a listsVersion of an earlier answer, or a UTC time), per list the entries added,
 * changed and removed. An added or changed entry opens its listed record
 * (GET /lists/{listSource}/entries/{entryId}) below the list; a removed one is no longer listed.
 */
import { callApi } from './api.js';
import { byId, h } from './dom.js';
import { clearError, showError } from './error-view.js';
import { formatCount } from './format.js';

const CHANGES_PATH = '/sanctions-screening/v1/lists/changes';
const ENTRY_PATH = (/** @type {string} */ source, /** @type {string} */ id) =>
  `/sanctions-screening/v1/lists/${encodeURIComponent(source)}/entries/${encodeURIComponent(id)}`;
/** Entries shown per kind and list; the count says how many more there are. */
const SHOWN = 100;

/**
 * @typedef {object} ListChange
 * @property {string} source
 * @property {string | null} fromVersion
 * @property {string | null} toVersion
 * @property {string[]} added
 * @property {string[]} changed
 * @property {string[]} removed
 */

/**
 * @param {{ apiKey: { need: () => string | null } }} options
 */
export function createChangesView({ apiKey }) {
  const form = byId('changes-form', HTMLFormElement);
  const input = byId('changes-since', HTMLInputElement);
  const errorRegion = byId('changes-error', HTMLElement);
  const status = byId('changes-status', HTMLElement);
  const result = byId('changes-result', HTMLElement);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void load();
  });

  async function load() {
    clearError(errorRegion);
    const key = apiKey.need();
    if (key === null) return;
    const since = input.value.trim();
    try {
      const { data } = await callApi('GET', `${CHANGES_PATH}?since=${encodeURIComponent(since)}`, key);
      const lists = /** @type {ListChange[]} */ (data.lists);
      const changed = lists.filter((l) => l.added.length + l.changed.length + l.removed.length > 0);
      status.textContent = `Since lists version ${data.from}: ${changed.length} of ${lists.length} lists changed. Now: ${data.to}.`;
      result.replaceChildren(...changed.map((l) => listBlock(l, key)));
    } catch (error) {
      result.replaceChildren();
      status.textContent = '';
      showError(errorRegion, error);
    }
  }
}

/**
 * @param {ListChange} list
 * @param {string} key
 */
function listBlock(list, key) {
  const record = h('div', { class: 'changes-record', 'aria-live': 'polite' });
  return h('section', { class: 'changes-list', 'data-source': list.source },
    h('h3', {}, list.source, ' ', h('span', { class: 'hint' }, `${list.fromVersion ?? '—'} → ${list.toVersion ?? '—'}`)),
    kindBlock('added', list.added, (id) => entryButton(list.source, id, key, record)),
    kindBlock('changed', list.changed, (id) => entryButton(list.source, id, key, record)),
    kindBlock('removed', list.removed, (id) => h('span', { class: 'entry-removed', title: 'no longer listed' }, id)),
    record);
}

/**
 * @param {string} kind
 * @param {string[]} ids
 * @param {(id: string) => HTMLElement} item
 */
function kindBlock(kind, ids, item) {
  const more = ids.length > SHOWN ? h('span', { class: 'hint' }, ` and ${formatCount(ids.length - SHOWN)} more`) : null;
  return h('p', { class: `changes-${kind}` }, h('strong', {}, `${formatCount(ids.length)} ${kind}`), ids.length > 0 ? ': ' : '',
    ...ids.slice(0, SHOWN).flatMap((id, i) => (i === 0 ? [item(id)] : [' ', item(id)])), more);
}

/**
 * A button opening the entry's listed record below the list.
 * @param {string} source
 * @param {string} id
 * @param {string} key
 * @param {HTMLElement} record
 */
function entryButton(source, id, key, record) {
  const button = h('button', { type: 'button', class: 'link entry-link', 'data-entry': id }, id);
  button.addEventListener('click', async () => {
    try {
      const { data } = await callApi('GET', ENTRY_PATH(source, id), key);
      record.replaceChildren(h('h4', {}, `${data.name} `, h('code', {}, `${source} ${id}`)),
        h('pre', { class: 'record-json' }, JSON.stringify(data, null, 2)));
    } catch (error) {
      record.replaceChildren(h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
    }
  });
  return button;
}
