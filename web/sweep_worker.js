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

importScripts('heap_text.js', 'sweep_engine.js');

var loadMs = 0;  // from the worker's creation (its time origin) to its engine ready
var engine = ContactLabSweepEngine().then(function (M) {
  loadMs = performance.now();
  return M;
});

function plan(M, m) {
  var reply = contactlabWithHeapText(M, String(m.sceneFile), function (file) {
    return contactlabWithHeapText(M, String(m.vary), function (vary) {
      return contactlabWithHeapText(M, String(m.activity || ''), function (activity) {
        return M.UTF8ToString(M._cl_sweep_plan(file, vary, m.log ? 1 : 0, Number(m.until), activity));
      });
    });
  });
  if (reply === null) throw new Error('no memory left in the worker for the scene file');
  return JSON.parse(reply);
}

function handle(M, m) {
  if (m.language) contactlabWithHeapText(M, String(m.language), function (code) { M._cl_sweep_set_language(code); });
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
