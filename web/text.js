/* ContactLab's words on the page, in the reader's language. The message
 * table (assets/text/*.json) holds every user-visible string in English and
 * German; the build writes it as one module per language (text_en.js,
 * text_de.js: src/engine/text_tables.cmake), and a page loads only its own
 * language's, with the few texts matched in any language (language and
 * preset names) in the others. The app's engine asks the page for its
 * texts (entry below; src/engine/core/text.h).
 *
 * The language is fixed for a page load: the link's lang=, else the first
 * of the browser's languages the table carries, else English. Choosing
 * another reloads the page with the link's state (see page.js), so no text
 * drawn earlier stays behind in the old language.
 *
 * Static markup names its texts by key: data-text="key" sets the text,
 * data-text-aria-label / data-text-title / data-text-placeholder the
 * attribute; they are filled as this module runs (module scripts run once
 * the document is parsed).
 */

export var CHOICES = ['en', 'de'];
var DEFAULT_CHOICE = 'en';
var ATTRIBUTES = ['aria-label', 'title', 'placeholder'];
var CLIP_CHARS = 80;  // user text quoted in a message is cut here (an origin fits)

var missing = {};  // keys asked for and not in the table (the first MISSING_KEPT)
var MISSING_KEPT = 1000;

/** The table's language for a tag ("de-AT" -> "de"), or null. */
function fromTag(tag) {
  var primary = String(tag || '').toLowerCase().split(/[-_]/)[0];
  return CHOICES.indexOf(primary) >= 0 ? primary : null;
}

/** The raw value of `key` in a link's hash ("#a=1&lang=de", "lang" -> "de"), or null. */
export function hashValue(hash, key) {
  var parts = String(hash || '').replace(/^#/, '').split('&');
  for (var i = 0; i < parts.length; i++) if (parts[i].indexOf(key + '=') === 0) return parts[i].slice(key.length + 1);
  return null;
}

function browserLanguage() {
  var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (var i = 0; i < tags.length; i++) if (fromTag(tags[i])) return fromTag(tags[i]);
  return DEFAULT_CHOICE;
}

var linked = hashValue(location.hash, 'lang');
var decoded = null;
try { decoded = linked == null ? null : decodeURIComponent(linked); } catch (e) { decoded = linked; }
var pageLanguage = (decoded && CHOICES.indexOf(decoded) >= 0) ? decoded : browserLanguage();
// A link's lang= that is not a language of the table (page.js says so).
var refusedCode = decoded != null && decoded !== '' && CHOICES.indexOf(decoded) < 0 ? decoded : null;
// {code: {key: text}}: every text of the page's language, a few of the others.
// The tables sit beside index.html; the site's bundle (src/app/bundle_page.mjs)
// moves this module's code, so the address is the document's, not the module's.
var tables = (await import(new URL('text_' + pageLanguage + '.js', document.baseURI).href)).default;

/** `pattern` with each {name} replaced by args[name] ({{ is a brace). */
function fill(pattern, args) {
  return pattern.replace(/\{\{|\{([a-zA-Z0-9_]+)\}/g, function (whole, name) {
    if (whole === '{{') return '{';
    return args && Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole;
  });
}

/** The text of `key` in language `code`; a key the table lacks comes back as itself. */
export function textIn(code, key, args) {
  var pattern = entry(code, key);
  if (pattern == null) {
    if (!missing[key] && Object.keys(missing).length < MISSING_KEPT) {
      missing[key] = true;
      console.warn('ContactLab text missing: ' + key);
    }
    return key;
  }
  return fill(pattern, args);
}

export function t(key, args) { return textIn(pageLanguage, key, args); }

/** User text (a link's value, an origin) as a message quotes it: cut, with an ellipsis. */
export function clip(text) {
  text = String(text);
  return text.length > CLIP_CHARS ? text.slice(0, CLIP_CHARS) + '…' : text;
}

/** Fills the texts that markup below `root` names by key. */
function apply(root) {
  var nodes = (root || document).querySelectorAll('[data-text]');
  for (var i = 0; i < nodes.length; i++) nodes[i].textContent = t(nodes[i].getAttribute('data-text'));
  ATTRIBUTES.forEach(function (attribute) {
    var named = (root || document).querySelectorAll('[data-text-' + attribute + ']');
    for (var k = 0; k < named.length; k++)
      named[k].setAttribute(attribute, t(named[k].getAttribute('data-text-' + attribute)));
  });
}

/** The text of `key` in `code` as the table has it (placeholders unfilled), or null: the app's engine asks (the wasm has no copy). */
export function entry(code, key) {
  var table = Object.prototype.hasOwnProperty.call(tables, code) ? tables[code] : null;
  var found = table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : null;
  return typeof found === 'string' ? found : null;
}

/** The page's language: 'en' or 'de'. */
export function language() { return pageLanguage; }

/** The link's lang= value when it is no language of the table, else null. */
export function refused() { return refusedCode; }

/** Keys asked for and not found (tests read it, through window.contactlab.text). */
export function missingKeys() { return Object.keys(missing); }

document.documentElement.setAttribute('lang', pageLanguage);
apply();
