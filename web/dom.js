/* ContactLab's DOM kit: the few element builders every panel of the page
 * uses (controls, plots, sweep, studio, questions, ...), written once.
 * Text goes in through textContent only: much of it comes from a link or a
 * file.
 */

/** A `tag` element with a class (or none) and a text (or none). */
export function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** A page button (class btn) that runs onClick; `hint` is its tooltip. */
export function button(text, onClick, hint) {
  var b = el('button', 'btn', text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  if (hint) b.title = hint;
  return b;
}

/**
 * A one-line text field without autofill. `decimal`: a number typed as text
 * with a phone's decimal keypad (a number field would reject 1e-3 in some
 * browsers and hide typos; the engine checks the text).
 */
export function textInput(className, decimal) {
  var input = el('input', className || 'controls-input');
  input.type = 'text';
  input.autocomplete = 'off';
  if (decimal) input.inputMode = 'decimal';
  return input;
}

/** A checkbox in its label: {wrap (the label), input}. */
export function checkbox(className, text, checked) {
  var wrap = el('label', className);
  var input = el('input');
  input.type = 'checkbox';
  input.checked = !!checked;
  wrap.appendChild(input);
  wrap.appendChild(document.createTextNode(' ' + text));
  return { wrap: wrap, input: input };
}

/** `input` with its label above it, in a studio-field box; the input gets `id`. */
export function labelled(id, text, input) {
  var wrap = el('div', 'studio-field');
  var label = el('label', null, text);
  label.htmlFor = id;
  input.id = id;
  wrap.appendChild(label);
  wrap.appendChild(input);
  return wrap;
}

/** A paragraph a screen reader says when its text changes (role status, polite). */
export function statusLine(className) {
  var p = el('p', className);
  p.setAttribute('role', 'status');
  p.setAttribute('aria-live', 'polite');
  return p;
}

/**
 * Shows the engine's `message` in a form's error line (hidden when empty)
 * and marks the `fields` it is about (aria-invalid), every other field of
 * `form` unmarked; what the user typed stays as typed.
 */
export function showFormError(errorEl, form, message, fields) {
  errorEl.hidden = !message;
  errorEl.textContent = message || '';
  form.querySelectorAll('[aria-invalid]').forEach(function (f) { f.removeAttribute('aria-invalid'); });
  if (message) Array.prototype.forEach.call(fields || [], function (f) { f.setAttribute('aria-invalid', 'true'); });
}

/** An SVG element with its attributes ({name: value}), for icons and line samples. */
export function svg(tag, attributes) {
  var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, String(attributes[name])); });
  return node;
}
