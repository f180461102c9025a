/* ContactLab sweep worker: runs a parameter sweep off the page's main
 * thread, in the engine built without a window (sweep_engine.js, from
 * src/app/sweep_engine.cpp), so the simulation on the page keeps animating.
 *
 * Messages from the page (web/sweep.js):
 *   {type: 'plan', id, sceneFile, vary, log, until, language}  check only
 *   {type: 'run',  id, sceneFile, vary, log, until, language}  check, then run every value
 *   (language: 'en' | 'de', the page's: the engine's messages and labels follow it)
 * Replies:
 *   {type: 'planned', id, plan, loadMs}   plan: the engine's reply ({error, input} when refused);
 *                                         loadMs: the worker's start to its engine ready
 *   {type: 'row', id, row}                one run, in index order
 *   {type: 'done', id, runMs}             runMs: the worker's time for all runs
 *   {type: 'failed', id, message}         the engine itself stopped (never a bad input)
 * Cancelling is the page's worker.terminate(): a run in progress stops at once.
 */
'use strict';

importScripts('sweep_engine.js');

var loadMs = 0;  // from the worker's creation (its time origin) to its engine ready
var engine = ContactLabSweepEngine().then(function (M) {
  loadMs = performance.now();
  return M;
});

/** Calls fn with `text` copied into the wasm heap (the scene file may exceed ccall's stack). */
function withText(M, text, fn) {
  var size = M.lengthBytesUTF8(text) + 1;
  var ptr = M._malloc(size);
  if (!ptr) throw new Error('out of memory for a ' + size + '-byte text');
  try {
    M.stringToUTF8(text, ptr, size);
    return fn(ptr);
  } finally {
    M._free(ptr);
  }
}

function plan(M, m) {
  return JSON.parse(withText(M, String(m.sceneFile), function (file) {
    return withText(M, String(m.vary), function (vary) {
      return M.UTF8ToString(M._cl_sweep_plan(file, vary, m.log ? 1 : 0, Number(m.until)));
    });
  }));
}

function handle(M, m) {
  if (m.language) withText(M, String(m.language), function (code) { M._cl_sweep_set_language(code); });
  var planned = plan(M, m);
  postMessage({ type: 'planned', id: m.id, plan: planned, loadMs: loadMs });
  if (m.type !== 'run' || planned.error) return;
  var begin = performance.now();
  for (var i = 0; i < planned.runs; i++) {
    postMessage({ type: 'row', id: m.id, row: JSON.parse(M.UTF8ToString(M._cl_sweep_run(i))) });
  }
  postMessage({ type: 'done', id: m.id, runMs: performance.now() - begin });
}

onmessage = function (ev) {
  var m = ev.data || {};
  if (m.type !== 'plan' && m.type !== 'run') return;
  engine.then(function (M) { handle(M, m); }).catch(function (e) {
    postMessage({ type: 'failed', id: m.id, message: String(e && e.message || e) });
  });
};
