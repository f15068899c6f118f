// @ts-check
/**
 * Building DOM nodes without parsing HTML: every text goes through textContent, so names from the
 * lists or from the user can never become markup (the page's CSP also refuses HTML sinks).
 */

/** @typedef {Node | string | null | undefined | false} Child */
/** @typedef {Record<string, string | number | boolean | null | undefined>} Attrs */

/**
 * An element with attributes (false/null/undefined are left out, true sets an empty attribute)
 * and children (nodes or plain text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

/**
 * The element with this ID, checked against the expected type (a missing or renamed element in
 * index.html fails loudly at start instead of later on a click).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new (...args: any[]) => T} type
 * @returns {T}
 */
export function byId(id, type) {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`dashboard: #${id} is missing or not a ${type.name}`);
  return element;
}

/**
 * A link to a publisher's page; only https URLs become links, anything else stays text.
 * @param {string} url
 * @param {string} text
 * @returns {HTMLElement}
 */
export function externalLink(url, text) {
  if (!/^https:\/\//i.test(url)) return h('span', {}, text);
  return h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, text);
}

/**
 * A status badge whose class carries the colour and whose text carries the meaning.
 * @param {string} status
 * @param {string} [label]
 */
export function badge(status, label = status) {
  return h('span', { class: `badge badge-${status.replace(/[^a-z-]/g, '')}` }, label);
}
