/* The app's exports (cl_*, src/app/page_bridge.h) wrapped as JavaScript
 * functions, once the runtime is up; every panel of the page talks to the
 * app through this object.
 */
import { withHeapText } from '../heap_text.js';

/** Wraps the cl_* exports; see src/app/page_bridge.h. */
export function makeApi(M) {
  if (typeof M.cwrap !== 'function') throw new Error('Module.cwrap is not exported (link with -sEXPORTED_RUNTIME_METHODS=ccall,cwrap)');
  var w = M.cwrap;
  return {
    count: w('cl_series_count', 'number', []),
    name: w('cl_series_name', 'string', ['number']),
    unit: w('cl_series_unit', 'string', ['number']),
    label: w('cl_series_label', 'string', ['number']),
    dashed: w('cl_series_dashed', 'number', ['number']),
    residualOf: w('cl_series_residual_of', 'string', ['number']),
    seriesBody: w('cl_series_body', 'number', ['number']),
    oldName: w('cl_series_old_name', 'string', ['number']),
    size: w('cl_series_size', 'number', []),
    dataPtr: w('cl_series_data', 'number', ['number']),
    revision: w('cl_series_revision', 'number', []),
    layout: w('cl_series_layout', 'number', []),
    defaultsJson: w('cl_default_plots_json', 'string', []),
    heapF64: function () { return M.HEAPF64; },  // re-read: memory growth replaces it
    status: w('cl_status_json', 'string', []),
    command: w('cl_command', 'number', ['string']),
    holdFrames: w('cl_hold_frames', null, ['number']),
    setTheme: w('cl_set_theme', null, ['string']),
    applyHash: w('cl_apply_hash', null, ['string']),
    loadSceneJson: function (text) { return withHeapText(M, text, function (ptr) { M._cl_load_scene_json(ptr); return true; }); },
    widgetRect: w('cl_widget_rect', 'string', ['string']),
    loopsRevision: w('cl_loops_revision', 'number', []),
    loopsJson: w('cl_loops_json', 'string', []),
    sceneJson: w('cl_scene_json', 'string', []),
    setParam: function (name, value) { return M.ccall('cl_set_param', 'string', ['string', 'string'], [name, value]); },
    applyPreset: w('cl_apply_preset', 'string', ['string']),
    setScene: w('cl_set_scene', 'number', ['string']),
    exportFile: w('cl_export', null, ['string']),
    eventsJson: w('cl_events_json', 'string', ['number']),
    wantsKeyboard: w('cl_wants_keyboard', 'number', []),
    setOnScreen: w('cl_set_on_screen', null, ['number']),
    setControlsInPage: w('cl_set_controls_in_page', null, ['number']),
    activityCheck: function (text) {
      return withHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_activity_check(ptr)); });
    },
    activitySet: function (text, enforce) {
      return withHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_activity_set(ptr, enforce)); });
    },
    questionsJson: w('cl_questions_json', 'string', []),
    compareJson: w('cl_compare_json', 'string', []),
    compareSet: w('cl_compare_set', 'string', ['string']),
    compareAdd: w('cl_compare_add', 'string', []),
    compareEdit: w('cl_compare_edit', 'string', ['number', 'string']),
    compareRemove: w('cl_compare_remove', null, ['number']),
    compareSplit: w('cl_compare_split', null, ['number']),
    runSeriesSize: w('cl_run_series_size', 'number', ['number']),
    runSeriesIndex: w('cl_run_series_index', 'number', ['number', 'string']),
    runSeriesData: w('cl_run_series_data', 'number', ['number', 'number']),
    runEventsJson: w('cl_run_events_json', 'string', ['number', 'number']),
    inspectJson: w('cl_inspect_json', 'string', ['number']),
    restitutionCurvesJson: w('cl_restitution_curves_json', 'string', []),
    theoryJson: w('cl_theory_json', 'string', []),
    sweepBaseJson: w('cl_sweep_base_json', 'string', []),
    activityJson: w('cl_activity_json', 'string', []),
    // Through the heap, not ccall: a message may be larger than the stack ccall copies strings onto.
    hostMessage: function (text) {
      return withHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_host_message(ptr)); });
    }
  };
}

/** The app's JSON replies as values (null for an empty reply). */
export function parseJson(text) {
  return text ? JSON.parse(text) : null;
}
