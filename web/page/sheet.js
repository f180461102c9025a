/* A small screen's controls: on a phone (or any window under 520 px wide,
 * or a touch screen under 520 px tall: a phone held sideways) the page's
 * HTML controls (web/controls.js) become a sheet at the bottom: Play, Step,
 * Reset and the time at once, the presets and the scene's key parameters a
 * tap on More away. The app then draws the scene and its overlays but no
 * ImGui panel (cl_set_controls_in_page), so the picture is the scene's; the
 * dock's tools fold behind an Options button, so a plot fits above the sheet.
 * An embed keeps the app's own compact bar: its frame belongs to the host page.
 */

// The app's own threshold for a narrow canvas (App::kNarrowScreen, CSS px).
var SMALL_SCREEN = '(max-width: 519.98px), (max-height: 519.98px) and (pointer: coarse)';
// Where the dock's tools fold behind Options: a small screen, or any touch screen (a tablet).
var TOUCH = '(pointer: coarse)';

var shown = false;

/** Whether the controls are in the sheet now. */
export function sheetShown() {
  return shown;
}

function sheetWanted(query) {
  return !!(query && query.matches) && !document.body.classList.contains('embed');
}

/**
 * Lays the page out for the sheet before the app starts (body.sheet, which
 * makes the picture shorter): the app then sizes its canvas once, not again
 * when the controls arrive (the picture jumped by 85 CSS px on a phone).
 */
export function layOutForSheet() {
  document.body.classList.toggle('sheet', sheetWanted(window.matchMedia ? window.matchMedia(SMALL_SCREEN) : null));
}

/**
 * Puts the controls in the sheet while the screen is small and the page is
 * not an embed; returns a function to call when the embed class changes.
 */
export function watchSheet(api, controls) {
  var query = window.matchMedia ? window.matchMedia(SMALL_SCREEN) : null;
  // The dock's tools (theme, language, sound, clip, Customize, Add plot) behind one button, on a phone or a
  // touch screen (style.css, body.fold-tools).
  var touch = window.matchMedia ? window.matchMedia(TOUCH) : null;
  var toolsToggle = document.getElementById('dock-tools-toggle');
  toolsToggle.addEventListener('click', function () {
    toolsToggle.setAttribute('aria-expanded', String(toolsToggle.getAttribute('aria-expanded') !== 'true'));
  });
  function update() {
    var wanted = sheetWanted(query);
    document.body.classList.toggle('fold-tools', wanted || !!(touch && touch.matches));
    if (wanted === shown && document.body.classList.contains('sheet') === wanted) return;
    shown = wanted;
    document.body.classList.toggle('sheet', wanted);
    api.setControlsInPage(wanted ? 1 : 0);
    controls.setSheet(wanted);
  }
  if (query) query.addEventListener('change', update);
  if (touch) touch.addEventListener('change', update);
  update();
  return update;
}
