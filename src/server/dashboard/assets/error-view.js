// @ts-check
/**
 * Showing a refusal: the envelope's message and code, one line per field issue, the request ID
 * for support, and the named fields of the form marked invalid with the issue beside them.
 */
import { ApiError } from './api.js';
import { h } from './dom.js';

/**
 * @param {HTMLElement} region an element with role="alert"
 * @param {unknown} error
 * @param {HTMLFormElement} [form] whose `data-field` controls are marked
 */
export function showError(region, error, form) {
  clearError(region, form);
  const apiError = error instanceof ApiError
    ? error
    : new ApiError(0, 'dashboard_error', `The dashboard failed: ${error instanceof Error ? error.message : String(error)}`, null, []);
  const lines = apiError.details.map((d) => h('li', {}, h('code', {}, d.field), ` ${d.issue}`));
  region.append(
    h('div', { class: 'error' },
      h('p', {}, h('strong', {}, apiError.message), ' ', h('code', { class: 'error-code' }, apiError.code)),
      lines.length > 0 && h('ul', { class: 'error-details' }, ...lines),
      apiError.requestId && h('p', { class: 'hint' },
        `Request ID ${apiError.requestId}`, apiError.status > 0 ? ` · HTTP ${apiError.status}` : ''),
    ),
  );
  if (form !== undefined) markFields(form, apiError.details);
}

/**
 * @param {HTMLElement} region
 * @param {HTMLFormElement} [form]
 */
export function clearError(region, form) {
  region.replaceChildren();
  if (form === undefined) return;
  for (const note of form.querySelectorAll('.field-error')) note.remove();
  for (const field of form.querySelectorAll('[aria-invalid]')) {
    field.removeAttribute('aria-invalid');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => !id.startsWith('err-'));
    if (described.length > 0) field.setAttribute('aria-describedby', described.join(' '));
    else field.removeAttribute('aria-describedby');
  }
}

/**
 * "aliases[2]" marks the aliases box; "address" (an unknown key inside it) marks nothing but is
 * still listed in the summary above.
 * @param {HTMLFormElement} form
 * @param {{ field: string, issue: string }[]} details
 */
function markFields(form, details) {
  details.forEach((detail, index) => {
    const base = detail.field.replace(/\[\d+\]$/, '');
    const control = form.querySelector(`[data-field="${CSS.escape(base)}"]`);
    if (!(control instanceof HTMLElement)) return;
    const id = `err-${form.id}-${index}`;
    const note = h('p', { class: 'field-error', id }, `${detail.field} ${detail.issue}`);
    const holder = control instanceof HTMLFieldSetElement ? control : control.closest('.field') ?? control.parentElement;
    holder?.append(note);
    control.setAttribute('aria-invalid', 'true');
    const described = control.getAttribute('aria-describedby');
    control.setAttribute('aria-describedby', described ? `${described} ${id}` : id);
  });
}

/**
 * A problem found before calling the server, shown like the server's own refusals.
 * @param {string} field
 * @param {string} issue
 * @param {string} message
 */
export function localError(field, issue, message) {
  return new ApiError(0, 'invalid_input', message, null, [{ field, issue }]);
}
