/* ContactLab's start: the loading indicator, fatal errors, and the
 * Emscripten runtime (index.js, which fetches index.wasm;
 * index.deferred.wasm follows the first frame: deferred_code.js).
 *
 * index.js is a classic script that picks up a global `Module` as it runs
 * (the one global the page makes for Emscripten). The shell keeps the
 * script tag emcc writes ({{{ SCRIPT }}} in shell/index.html) in an inert
 * <template>; startRuntime() defines window.Module and then adds that tag
 * to the page, so the order never depends on which file arrives first (the
 * shell preloads index.js, so nothing waits for it).
 *
 * The shell also loads this module on its own, before page.js: a script
 * that fails to load (one of page.js's modules, index.js) is then named on
 * the loading indicator instead of leaving it spinning.
 */
import { createDeferredCode } from './deferred_code.js';
import { shadowGlState } from './gl_state_shadow.js';
import { showMessage } from './messages.js';
import { t as T } from '../text.js';

var canvas = document.getElementById('canvas');
var loadingEl = document.getElementById('loading');
var loadingText = document.getElementById('loading-text');
var ready = false;
var failed = false;
var fatalListeners = [];
// ms since navigation start: runtime (wasm ready), main (returned), firstFrame
// (drawn), deferredCode (index.deferred.wasm in: deferred_code.js).
export var timings = {};
var deferredCode = createDeferredCode(timings);

/** Replaces the loading indicator with an error text (WebAssembly failed, abort...). */
export function showFatal(text) {
  if (failed) return;
  failed = true;
  loadingEl.hidden = false;
  loadingEl.classList.add('failed');
  loadingText.setAttribute('role', 'alert');
  loadingText.textContent = text;
  fatalListeners.forEach(function (fn) { fn(); });
}

/** Calls fn() when a fatal error stops the page (the panels stop polling). */
export function onFatal(fn) {
  fatalListeners.push(fn);
}

/** The page around the app has started: a script failing from now on is no start's failure. */
export function markReady() {
  ready = true;
}

function setLoadingText(text) {
  if (!ready && !failed && text) loadingText.textContent = text;
}

if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
  showFatal(T('page.no_wasm'));
}

// A missing script shows up only as a resource error event (a module that failed: on page.js's tag).
window.addEventListener('error', function (ev) {
  var target = ev.target;
  if (target && target.tagName === 'SCRIPT' && !ready) {
    showFatal(T('page.script_failed', { script: target.getAttribute('src') || T('page.a_script') }));
  }
}, true);

// SDL takes the canvas's mouse and touch events without giving it the
// focus, which its keys (an ImGui text field) need: give it here.
canvas.addEventListener('pointerdown', function () {
  if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
});

canvas.addEventListener('webglcontextlost', function (ev) {
  ev.preventDefault();
  showMessage('error', T('page.webgl_lost'));
});

/**
 * Starts the runtime. `hooks`: the app's calls into the page (Module.cl*,
 * src/app/page_bridge.h); afterFrame() after each of the app's frames;
 * onStart(Module) once main() has returned.
 */
export function startRuntime(hooks, afterFrame, onStart) {
  window.Module = Object.assign({
    canvas: canvas,
    print: function (text) { console.log(text); },
    // stderr of the app is diagnostics, not a page failure: keep it out of console.error.
    printErr: function (text) { console.warn(text); },
    setStatus: setLoadingText,
    loadSplitModule: deferredCode.loadSplitModule,
    // Called by emscripten's main loop after each frame of the app.
    postMainLoop: function () {
      if (timings.firstFrame == null) {
        timings.firstFrame = performance.now();
        // The picture is there: the loading indicator, which covers it, goes now, not once the panels around it are made.
        if (!failed) loadingEl.hidden = true;
        deferredCode.loadAhead(window.Module);
      }
      afterFrame();  // the frame is still in the canvas here
    },
    onRuntimeInitialized: function () {
      timings.runtime = performance.now();  // wasm compiled and instantiated, files preloaded
      // main() runs right after this returns, in the same task; start after it.
      setTimeout(function () {
        timings.main = performance.now();  // main() has returned
        if (!failed) onStart(window.Module);
      }, 0);
    },
    onAbort: function (what) {
      showFatal(T('page.aborted', { what: what || T('page.unknown_error') }));
    }
  }, hooks);
  // Served by the service worker, the deferred code costs no download: fetched from the start.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) deferredCode.fetchAhead();
  var emitted = document.getElementById('app-script').content.querySelector('script');
  var script = document.createElement('script');
  script.src = emitted.getAttribute('src');
  // Creating a WebGL2 context takes hundreds of ms under software rendering.
  // Start it once index.js has run, so the WebAssembly compiles (off the
  // main thread) meanwhile: SDL's getContext later receives this same
  // context, its state queries shadowed (gl_state_shadow.js). The
  // attributes are the ones SDL asks for (a 16-bit depth buffer, no alpha,
  // stencil or multisampling).
  script.addEventListener('load', function () {
    try {
      var gl = canvas.getContext('webgl2', { alpha: false, depth: true, stencil: false, antialias: false });
      if (gl) shadowGlState(gl);
    } catch (e) {
      // No WebGL2: the app's own context creation reports it.
    }
  });
  document.body.appendChild(script);
}
