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
 *
 * A classic worker, not a module: the engine (emcc -sMODULARIZE) is a classic
 * script that importScripts() loads, which a module worker cannot call.
 */
'use strict';

importScripts('sweep_engine.js');

/**
 * The page's withHeapText (web/heap_text.js, a module this worker cannot
 * import): calls fn(pointer) with `text` in M's heap as UTF-8, or returns
 * null when the heap cannot take it.
 */
function withHeapText(M, text, fn) {
  var size = M.lengthBytesUTF8(text) + 1;
  var ptr = M._malloc(size);
  if (!ptr) return null;
  try {
    M.stringToUTF8(text, ptr, size);
    return fn(ptr);
  } finally {
    M._free(ptr);
  }
}

var loadMs = 0;  // from the worker's creation (its time origin) to its engine ready
var engine = ContactLabSweepEngine().then(function (M) {
  loadMs = performance.now();
  return M;
});

function plan(M, m) {
  var reply = withHeapText(M, String(m.sceneFile), function (file) {
    return withHeapText(M, String(m.vary), function (vary) {
      return withHeapText(M, String(m.activity || ''), function (activity) {
        return M.UTF8ToString(M._cl_sweep_plan(file, vary, m.log ? 1 : 0, Number(m.until), activity));
      });
    });
  });
  if (reply === null) throw new Error('no memory left in the worker for the scene file');
  return JSON.parse(reply);
}

function handle(M, m) {
  if (m.language) withHeapText(M, String(m.language), function (code) { M._cl_sweep_set_language(code); });
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
