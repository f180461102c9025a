/* ContactLab's link: the URL hash holds the run's state, so a link
 * reproduces what was on screen. Most of it is the app's (parameters,
 * scene, view: src/app/link_hash.cpp); a few keys are the page's own, and
 * the app never sees or writes them. The hash is rewritten in place (no
 * history entry, no hashchange) whenever either side changes.
 */

// The page's keys:
export var KEYS = {
  plots: 'plots',        // the plot panels and their series (web/plots/plot_data.js)
  allow: 'allow',        // origins a host page may message from (web/host_link.js); set by the link only
  theme: 'theme',        // dark, light or auto (web/theme.js)
  lang: 'lang',          // en or de (web/text.js)
  theory: 'theory',      // 1: the theory panel open (also in embed=1)
  perf: 'perf',          // 1: what each frame costs, printed (web/frame_timing.js); set by the link only
  activity: 'activity',  // a teacher's activity, encoded (web/studio.js)
  studio: 'studio',      // 1: Customize mode open
  sound: 'sound'         // 1: impacts heard (web/sound.js)
};
var PAGE_KEYS = Object.keys(KEYS).map(function (name) { return KEYS[name]; });

function hashParts(hash) {
  return String(hash || '').replace(/^#/, '').split('&').filter(Boolean);
}

/** The page key a hash part sets ('plots', 'allow'), or null for the app's parts. */
function pageKeyOf(part) {
  var key = part.split('=')[0];
  return PAGE_KEYS.indexOf(key) >= 0 ? key : null;
}

/** Splits a hash into the app's part (string, no '#') and the page keys' raw values (null: absent). */
export function splitHash(hash) {
  var parts = hashParts(hash);
  var split = { app: parts.filter(function (p) { return !pageKeyOf(p); }).join('&') };
  PAGE_KEYS.forEach(function (key) {
    var part = parts.filter(function (p) { return pageKeyOf(p) === key; })[0];
    split[key] = part ? part.slice(key.length + 1) : null;
  });
  return split;
}

/** The raw value of page key `key` in this page's link, or null. */
export function linked(key) {
  return splitHash(location.hash)[key];
}

/** Whether the link sets page key `key` to 1 (theory=1, perf=1). */
export function keyLinked(key) {
  var value = linked(key);
  return value === '1' || value === 'true';
}

/** The embed=1 look (the picture alone, for a course page) follows the app's part of the link. */
export function updateEmbedClass(appPart) {
  var embed = hashParts(appPart).some(function (p) { return p === 'embed=1' || p === 'embed=true'; });
  document.body.classList.toggle('embed', embed);
}

/**
 * Writes the app's part `app` (no '#') and the page's values into the URL
 * without a history entry (no hashchange). `page`: {plots, theme, lang,
 * activity} as strings (null: left out), {theory, studio, sound} as
 * booleans; allow= and perf= are kept as the link set them.
 */
export function writeHash(app, page) {
  var parts = app ? [app] : [];
  if (page.plots) parts.push(KEYS.plots + '=' + page.plots);
  var allowValue = linked(KEYS.allow);
  if (allowValue) parts.push(KEYS.allow + '=' + allowValue);
  if (page.theme) parts.push(KEYS.theme + '=' + page.theme);
  if (page.lang) parts.push(KEYS.lang + '=' + page.lang);
  if (page.theory) parts.push(KEYS.theory + '=1');
  if (keyLinked(KEYS.perf)) parts.push(KEYS.perf + '=1');
  if (page.studio) parts.push(KEYS.studio + '=1');
  if (page.sound) parts.push(KEYS.sound + '=1');
  if (page.activity) parts.push(KEYS.activity + '=' + page.activity);
  var hash = parts.length ? '#' + parts.join('&') : '';
  if (hash === location.hash) return;
  try {
    history.replaceState(history.state, '', hash || location.pathname + location.search);
  } catch (e) {
    // Sandboxed iframes (about:srcdoc, data:) may refuse; the run is unaffected.
  }
}
