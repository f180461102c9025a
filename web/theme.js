/* ContactLab themes on the page: dark (a screen; the first look), light (a
 * projector or print: dark lines on white) and auto (the system's
 * prefers-color-scheme). The page's CSS follows <html data-theme>, the plots
 * take their colours from colors(), the canvas from the app's palette
 * (src/engine/core/palette.h, told by page.js). Series and runs use the
 * Okabe–Ito colours, which stay apart for every kind of colour vision.
 *
 * Loaded in <head> as a module that blocks rendering until it has run
 * (shell/index.html: blocking="render"): the link's theme= is applied
 * before anything is drawn, so a light page never flashes dark first.
 */
import { hashValue } from './text.js';

export var CHOICES = ['dark', 'light', 'auto'];
export var DEFAULT_CHOICE = 'dark';

// Okabe & Ito (2008), "Color Universal Design".
var OI = { black: '#000000', orange: '#e69f00', skyBlue: '#56b4e9', bluishGreen: '#009e73', yellow: '#f0e442',
  blue: '#0072b2', vermillion: '#d55e00', reddishPurple: '#cc79a7' };

var THEMES = {
  dark: {
    series: [OI.skyBlue, OI.orange, OI.bluishGreen, OI.vermillion, OI.reddishPurple, OI.yellow, OI.blue, '#d9d9d9'],
    // Quantities every scene records keep one colour everywhere.
    // Dissipated work is drawn beside kinetic energy (orange) in most energy panels: not in vermillion.
    fixed: { E_kin: OI.orange, E_pot: OI.skyBlue, E_spring: OI.bluishGreen, E_diss: OI.reddishPurple,
      E_total: OI.yellow, W_stiffness: OI.vermillion, E_audit: '#d9d9d9' },
    axis: '#b8bfca',
    grid: 'rgba(255,255,255,0.07)',
    faint: 'rgba(255,255,255,0.25)',  // a guide line (asked restitution)
    curve: '#9aa3ad',                 // model curves
    reference: '#d9d9d9',             // the run when nothing is compared (as the app's reference)
    page: '#0f1115'                   // the browser's theme-color
  },
  light: {
    series: [OI.blue, OI.vermillion, OI.bluishGreen, OI.orange, OI.reddishPurple, OI.skyBlue, OI.black, '#777777'],
    fixed: { E_kin: OI.orange, E_pot: OI.blue, E_spring: OI.bluishGreen, E_diss: OI.reddishPurple,
      E_total: OI.black, W_stiffness: OI.vermillion, E_audit: '#777777' },
    axis: '#222222',
    grid: 'rgba(0,0,0,0.12)',
    faint: 'rgba(0,0,0,0.35)',
    curve: '#555555',
    reference: '#333333',
    page: '#ffffff'
  }
};

var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: light)') : null;
var chosen = DEFAULT_CHOICE;
var listeners = [];
var shown = null;  // the resolved theme last applied

/** The theme shown: 'dark' or 'light'. */
export function resolved() {
  if (chosen !== 'auto') return chosen;
  return media && media.matches ? 'light' : 'dark';
}

function setMeta(name, content) {
  var meta = document.querySelector('meta[name="' + name + '"]');
  if (meta) meta.setAttribute('content', content);
}

function apply() {
  var theme = resolved();
  document.documentElement.setAttribute('data-theme', theme);
  setMeta('color-scheme', theme);
  setMeta('theme-color', THEMES[theme].page);
  if (theme === shown) return;
  shown = theme;
  listeners.slice().forEach(function (fn) { fn(theme); });
}

/** Sets 'dark', 'light' or 'auto'; false (and nothing changed) for anything else. */
export function set(value) {
  if (CHOICES.indexOf(value) < 0) return false;
  chosen = value;
  apply();
  return true;
}

if (media) {
  var follow = function () { if (chosen === 'auto') apply(); };
  if (media.addEventListener) media.addEventListener('change', follow);
  else if (media.addListener) media.addListener(follow);
}
if (!set(hashValue(location.hash, 'theme'))) apply();

/** The choice: 'dark', 'light' or 'auto'. */
export function choice() { return chosen; }

/** The plots' colours for the theme shown. */
export function colors() { return THEMES[resolved()]; }

/** Calls fn(theme) whenever the theme shown changes. */
export function onChange(fn) { listeners.push(fn); }
