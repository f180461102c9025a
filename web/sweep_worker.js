/* ContactLab sweep worker: runs a parameter sweep, or a fit of parameters
 * to measured data, off the page's main thread, in the engine built without
 * a window (sweep_engine.js, from src/app/sweep_engine.cpp and
 * src/app/fit_engine.cpp), so the simulation on the page keeps animating.
 *
 * Messages from the page (web/sweep.js, web/fit.js):
 *   {type: 'plan', id, sceneFile, vary, log, until, language}  check only
 *   {type: 'run',  id, sceneFile, vary, log, until, language}  check, then run every value
 *   (language: 'en' | 'de', the page's: the engine's messages and labels follow it)
 *   {type: 'fit', id, text, sceneFile, map, varied, maxRuns, run, language}
 *     reads the measured table `text`; with sceneFile, says what the scene
 *     offers; with map and varied ([{name, lo, hi, log}]), checks the fit;
 *     with run, runs it. Everything each time: a cancelled fit ends the worker.
 * Replies:
 *   {type: 'planned', id, plan, loadMs}   plan: the engine's reply ({error, input} when refused);
 *                                         loadMs: the worker's start to its engine ready
 *   {type: 'row', id, row}                one run, in index order
 *   {type: 'done', id, runMs}             runMs: the worker's time for all runs
 *   {type: 'fitTable', id, table}         {title, rows, columns: [{name, unit}]} | {error}
 *   {type: 'fitChoices', id, choices}     {targets, parameters} (src/app/fit_engine.cpp)
 *   {type: 'fitPlanned', id, plan}        {kind, name, unit, times, values, notes} | {error, input}
 *   {type: 'fitProgress', id, progress}   {runs, iterations, rss, values}, after each iteration
 *   {type: 'fitDone', id, result, runMs}  the fitted values, their errors, correlations, residuals
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

/** The engine's JSON reply to a call with `texts` in its heap, or throws when the heap cannot take them. */
function ask(M, fn, texts, more) {
  function nest(i, pointers) {
    if (i === texts.length) return M.UTF8ToString(fn.apply(null, pointers.concat(more || [])));
    return withHeapText(M, String(texts[i]), function (ptr) { return nest(i + 1, pointers.concat([ptr])); });
  }
  var reply = nest(0, []);
  if (reply === null) throw new Error('no memory left in the worker for the measured data');
  return JSON.parse(reply);
}

function fit(M, m) {
  if (m.language) withHeapText(M, String(m.language), function (code) { M._cl_sweep_set_language(code); });
  var table = ask(M, M._cl_fit_read_table, [m.text]);
  postMessage({ type: 'fitTable', id: m.id, table: table });
  if (table.error || !m.sceneFile) return;
  postMessage({ type: 'fitChoices', id: m.id, choices: ask(M, M._cl_fit_choices, [m.sceneFile]) });
  if (typeof m.map !== 'string' || !m.varied) return;  // an empty map is checked: it maps nothing
  var planned = ask(M, M._cl_fit_plan, [m.sceneFile, m.map, JSON.stringify(m.varied)]);
  postMessage({ type: 'fitPlanned', id: m.id, plan: planned });
  if (!m.run || planned.error) return;
  M.onFitProgress = function (text) { postMessage({ type: 'fitProgress', id: m.id, progress: JSON.parse(text) }); };
  var begin = performance.now();
  var result = JSON.parse(M.UTF8ToString(M._cl_fit_run(Number(m.maxRuns) || 500)));
  postMessage({ type: 'fitDone', id: m.id, result: result, runMs: performance.now() - begin });
}

onmessage = function (ev) {
  var m = ev.data || {};
  if (m.type !== 'plan' && m.type !== 'run' && m.type !== 'fit') return;
  engine.then(function (M) { (m.type === 'fit' ? fit : handle)(M, m); }).catch(function (e) {
    postMessage({ type: 'failed', id: m.id, message: String(e && e.message || e) });
  });
};
