/* ContactLab's keys: Space play/pause, S step, R reset, ? help wherever the
 * focus is (Alt+P, Alt+S, Alt+R from a text field too), and the skip links
 * that are the page's first Tab stops.
 */

var SHORTCUTS = { ' ': 'toggle', 's': 'step', 'S': 'step', 'r': 'reset', 'R': 'reset', '?': 'help' };
// With Alt they work from a field too (by the key's place: Alt changes ev.key on some layouts).
var ALT_SHORTCUTS = { KeyP: 'toggle', KeyS: 'step', KeyR: 'reset' };

/** Fields where keys are text: shortcuts stand back there. */
function isTyping(target) {
  if (!target || !target.tagName) return false;
  var tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag !== 'INPUT') return false;
  return ['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'color', 'range'].indexOf(target.type) < 0;
}

/** Controls that Space or Enter activates themselves. */
function isActivatable(target) {
  return !!target && !!target.closest && !!target.closest('button, a[href], summary, input, select, [role=button]');
}

/**
 * Space play/pause, S step, R reset, ? help: wherever the focus is, except
 * in a text field (the page's or ImGui's) and, for Space, on a control
 * that Space activates. Tab on the canvas leaves it (SDL would swallow it).
 * Listens in the capture phase: before SDL's listener on the canvas.
 * `controls`: the HTML controls (command(name), toggleHelp()).
 */
export function startShortcuts(api, controls, canvas) {
  window.addEventListener('keydown', function (ev) {
    if (ev.altKey && !ev.ctrlKey && !ev.metaKey && ALT_SHORTCUTS[ev.code]) {
      ev.preventDefault();
      ev.stopPropagation();
      controls.command(ALT_SHORTCUTS[ev.code]);
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey || isTyping(ev.target)) return;
    var onCanvas = ev.target === canvas;
    if (onCanvas && api.wantsKeyboard()) return;  // typing into an ImGui field
    if (ev.key === 'Tab') {
      if (onCanvas) ev.stopPropagation();  // SDL never sees it: the browser moves the focus on
      return;
    }
    var action = SHORTCUTS[ev.key];
    if (!action || (ev.key === ' ' && !onCanvas && isActivatable(ev.target))) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (action === 'help') controls.toggleHelp();
    else controls.command(action);
  }, true);
}

/** Skip links focus their part of the page; the link's hash is the app's state, so it never changes. */
export function setupSkipLinks() {
  document.querySelectorAll('.skip-links a').forEach(function (link) {
    link.addEventListener('click', function (ev) {
      ev.preventDefault();
      var target = document.getElementById(link.getAttribute('data-skip'));
      if (!target) return;
      // In a phone's folded sheet (web/page/sheet.js) the part is hidden: open the sheet first.
      var folded = document.querySelector('.controls-sheet-toggle[aria-expanded=false]');
      if (!target.getClientRects().length && folded && folded.closest('#controls').contains(target)) folded.click();
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    });
  });
}
