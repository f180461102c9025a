/* The page's theme and language lists (in the dock's bar), and what a
 * link's theme= and lang= ask for. The theme changes at once; the language
 * is fixed for a page load (web/text.js), so choosing one reloads the page
 * with the link's state.
 */
import { KEYS, linked } from './link_hash.js';
import { showMessage } from './messages.js';
import * as text from '../text.js';
import * as theme from '../theme.js';

var T = text.t;
var themeSelect = document.getElementById('theme-choice');
var languageSelect = document.getElementById('language-choice');
var languagePicked = null;  // chosen in the list, about to reload

/** A link's theme= value (null: the default); one that is not a theme is said and changes nothing. */
export function applyThemeValue(value) {
  var wanted = value == null || value === '' ? theme.DEFAULT_CHOICE : value;
  if (!theme.set(wanted)) {
    showMessage('warning', T('page.theme_refused', { value: text.clip(value), choices: theme.CHOICES.join(', '),
      theme: theme.choice() }));
  }
  themeSelect.value = theme.choice();
}

/** The theme= value the link keeps, or null for the default. */
export function themeInLink() {
  return theme.choice() !== theme.DEFAULT_CHOICE ? theme.choice() : null;
}

/** The language the link names (kept in the link), or null when it follows the browser. */
export function chosenLanguage() {
  if (languagePicked) return languagePicked;
  var code = linked(KEYS.lang);
  return text.CHOICES.indexOf(code) >= 0 ? code : null;
}

/** Whether a link's lang= value names a language of the table other than the page's (a reload shows it). */
export function otherLanguage(code) {
  return !!code && code !== text.language() && text.CHOICES.indexOf(code) >= 0;
}

/** Says that a link's lang= is no language of the table, if it is not. */
export function sayRefusedLanguage() {
  var value = text.refused();
  if (value == null) return;
  var names = text.CHOICES.map(function (code) { return text.textIn(code, 'language.name'); });
  showMessage('warning', T('language.refused', { code: text.clip(value), languages: names.join(', '),
    name: T('language.name') }));
}

/** Fills the two lists; a choice calls writeHash() (and a language reloads the page). */
export function setupChoices(writeHash) {
  themeSelect.value = theme.choice();
  themeSelect.addEventListener('change', function () {
    theme.set(themeSelect.value);
    writeHash();
  });
  text.CHOICES.forEach(function (code) {
    var option = new Option(text.textIn(code, 'language.name'), code);
    option.lang = code;
    languageSelect.appendChild(option);
  });
  languageSelect.value = text.language();
  languageSelect.addEventListener('change', function () {
    languagePicked = languageSelect.value;
    writeHash();
    location.reload();  // every text, the app's included, drawn anew in the language
  });
}
