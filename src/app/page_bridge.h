#pragma once
// The contract between the wasm app and the page's JavaScript (web/page.js,
// web/plots/dock.js). Functions the page calls are the extern "C" cl_* exports
// below; functions the app calls on the page are the Module.cl* hooks listed
// at the end. Strings returned to JS stay valid until the next call of the
// same function.

#ifdef __cplusplus
extern "C" {
#endif

// --- Recorded series (the page plots them from typed-array views) ---------
/// Number of recorded series (the first is "t").
int cl_series_count(void);
/// Name of series i ("t", "x", "tension", ...).
const char* cl_series_name(int i);
/// Unit of series i ("s", "m", "N", ... or "").
const char* cl_series_unit(int i);
/// Human label of series i without unit ("kinetic energy"); plots and legends.
const char* cl_series_label(int i);
/// 1 when series i is drawn dashed (a sum drawn over its terms).
int cl_series_dashed(int i);
/// Number of stored samples (the same for every series).
int cl_series_size(void);
/// Pointer (byte offset in the wasm heap, 8-byte aligned) to the
/// cl_series_size() doubles of series i. Re-read after every call: the
/// heap may grow and move views.
const double* cl_series_data(int i);
/// Changes whenever stored samples change (new sample, reset, compaction).
double cl_series_revision(void);
/// Changes when the set of series changes (other scene, other n): rebuild plots.
int cl_series_layout(void);
/// JSON array of panels, each an array of series names: the scene's defaults.
const char* cl_default_plots_json(void);

// --- Impact loops (force vs penetration, web/loops.js) ---------------------
/// Changes whenever the recorded loops change; -1 when the scene records none.
double cl_loops_revision(void);
/// JSON of the latest impacts' loops (see io/impact_loops_io.h), or "null".
const char* cl_loops_json(void);

// --- State, commands, URL ------------------------------------------------
/// JSON object: {"scene","t","running","failed","message","rtf","behind",
/// "speed","speed_text","embed","theme","language","reduced_motion","palette":{role:"#rrggbb", "bodies":[...], "runs":[...]},
/// "legend" (drawn on the picture),"drawing" (the last frame was drawn: a paused, untouched app draws none),"frames_drawn",
/// "reset_pending","pending":[names],"activity" (an activity's rules hold),"activity_revision"
/// (changes with each activity set or ended),"samples","steps","events","params":{name:text},
/// "drafts":{name:{"text","error"}} (typed text the panel refused and keeps for mending),
/// "readout":[{"label","unit","value"}] (the latest values of the default plots' series),
/// "bodies":[{"x","y","vx","vy","screen":[x,y],"arrow_tip":[x,y]}]} (screen: canvas px)
/// — for tests and embedding pages.
const char* cl_status_json(void);
/// "play", "pause", "toggle", "step", "reset", "defaults", "reset_view",
/// "show_legend", "hide_legend" (the legend drawn on the picture).
/// Returns 0 on success, 1 for an unknown command.
int cl_command(const char* name);
/// 1: every frame is drawn, however still the picture (a clip records one
/// picture a frame); 0: a paused, untouched app stops drawing again.
void cl_hold_frames(int hold);
/// Runs what the last frame left to do after it (the runs' advance): called
/// from the app's own posted message (page_web.cpp), not by the page.
void cl_after_frame(void);
/// "dark" or "light": the canvas's colours and the panel's style (core/palette.h).
void cl_set_theme(const char* name);
/// Applies a URL hash ("#scene=pendulum&L=1.2&embed=1"). Unknown keys and
/// bad values are reported through Module.clMessage and ignored.
void cl_apply_hash(const char* hash);
/// Loads a JSON scene file's text; reports errors and keeps the old run.
void cl_load_scene_json(const char* text);
/// JSON of the current scene for the page's accessible controls:
/// {"id","title","summary","caption","params":[spec...],"presets":[{"id","name","help"}],
///  "legend":[text...],"scenes":[{"id","title"}],"has_loops","has_report",
///  "quantities":[{"name","label","unit"}] (what an activity's question may ask),
///  "activity": null | {"title","instruction"}}
/// (a param spec as `contactlab params` prints it; under an activity with its
/// narrowed min and max, and "access": "locked" | "hidden" with "lock_reason").
const char* cl_scene_json(void);
/// Sets parameter `name` from text as the panel does. Returns "" on success,
/// else the message (and nothing changed).
const char* cl_set_param(const char* name, const char* value);
/// Applies the current scene's preset and resets; "" or the message.
const char* cl_apply_preset(const char* name);
/// Switches scene (defaults); 0 on success, 1 for an unknown id.
int cl_set_scene(const char* id);
/// Starts a download: "series", "events", "loops", "report", "scene", "png".
void cl_export(const char* what);
/// JSON {"total", "events":[{"t","kind","fields":{name: value}}], "first":{kind: t}}: the
/// events after the first `since` of this run (at most the latest 20), and each kind's first
/// time however long ago. `total` and `first` restart with the recording.
const char* cl_events_json(double since);
/// Answers a host page's message (JSON text, protocol in io/host_message.h)
/// with the reply's JSON text: {"type":"contactlab","v":1,"id"?,"ok",
/// "result" | "error"}. A refused message changes nothing. The page passes
/// only messages from allowed origins (web/host_link.js).
const char* cl_host_message(const char* text);
// --- A teacher's activity (io/activity.h, web/studio.js) ------------------
/// Checks an activity's JSON text: {"ok": true, "activity": {...} (as its
/// file and link carry it)} or {"ok": false, "error"}. Nothing changes.
const char* cl_activity_check(const char* text);
/// Opens the activity's scene with its values; enforce 1: its rules hold from
/// then on (the student view), 0: only the run is set up (Customize mode).
/// "" ends the rules and keeps the run. Returns "" or the message (nothing changed).
const char* cl_activity_set(const char* text, int enforce);
/// The activity whose rules hold (its file's JSON), "" when none: a parameter
/// sweep in the page's worker keeps to it too.
const char* cl_activity_json(void);
/// JSON of the held activity's questions as the run answers them (App::questions_json):
/// {"start", "questions": [{"text","quantity","label","unit","at","tolerance","taken","measured"}]}.
const char* cl_questions_json(void);
// --- Compare runs (variants of the start, see run/comparison.h) ----------
/// JSON {"max", "split", "runs":[{"label","shown","changes","color","failed","message","t","events"}]}:
/// the reference first, then the variants; "runs" is empty without a comparison;
/// "split": the runs are drawn side by side.
const char* cl_compare_json(void);
/// Sets the comparison from the URL form ("law:hunt_crossley|flores"; ""
/// ends it); every run restarts. Returns "" or the message (nothing changed).
const char* cl_compare_set(const char* text);
/// Adds a variant (the next law or integrator no run uses); "" or the message.
const char* cl_compare_add(void);
/// Replaces run k's (k >= 1) changes by "name:value,name:value"; "" or the message.
const char* cl_compare_edit(int k, const char* text);
/// Removes run k (k >= 1); the comparison ends with its last variant.
void cl_compare_remove(int k);
/// 1: compared runs drawn side by side, one tile each; 0: overlaid on the reference.
void cl_compare_split(int split);
/// Run k's (0 the reference) stored sample count, the index of its series
/// `name` (-1 if it records none), and that series' data (as cl_series_data).
int cl_run_series_size(int k);
int cl_run_series_index(int k, const char* name);
const double* cl_run_series_data(int k, int i);
/// As cl_events_json for run k, each event with its "fields" {name: value}.
const char* cl_run_events_json(int k, double since);

// --- Contact-law inspector (run/impact_inspection.h, web/inspector.js) ---
/// Run k's latest impacts: {"law","asked_name","asked","e_closed_form","floor",
/// "impacts":[{"t","kind","i","j","v_in","e","max_penetration","duration","loop_area"}] (i, j: the
/// bodies from 0, null where none),
/// "notes":[text]} (null for values that do not apply); "null" past the last run.
const char* cl_inspect_json(int k);
/// e_eff(c_τ) of each damped law, from the engine's 1-DOF closed form:
/// {"c_tau":[...], "curves":[{"law","title","e":[...],"floor"}]}.
const char* cl_restitution_curves_json(void);
/// The scene file a parameter sweep starts from (the reference's scene and
/// parameters, no state): the page's Web Worker plans its sweep from it.
const char* cl_sweep_base_json(void);

/// The running scene's model for the theory panel, in the page's language:
/// {"summary", "sections":[{"heading", "items":[{"tex": TeX} | {"text": sentence}]}]}.
const char* cl_theory_json(void);

/// 1 while an ImGui text field takes the keys (page shortcuts must not fire).
int cl_wants_keyboard(void);
/// JSON {"x","y","w","h"} in CSS pixels, relative to the canvas, of the ImGui
/// item with this label as drawn in the last frame (null if not drawn) — lets
/// tests click it. Labels: "panel", "scene", "Play"/"Pause", "Step", "Reset",
/// "speed", "Defaults", each parameter's name, each preset's name, export buttons.
const char* cl_widget_rect(const char* label);

#ifdef __cplusplus
}
#endif

// Hooks the page defines on Module (all take plain JS strings/numbers):
//   Module.clSetHash(hash)             replace location.hash (no history entry)
//   Module.clMessage(level, text)      level: "info" | "warning" | "error"
//   Module.clDownloadText(filename, mime, text)
//   Module.clDownloadCanvasPng(filename)   called right after a frame is drawn
//   Module.clOpenSceneFile()           open a file picker; pass the text to cl_load_scene_json
//   Module.clSeriesChanged()           series layout changed (same as cl_series_layout)
//   Module.clTheme()                   "dark" | "light": the theme shown, asked once at start
//   Module.clLanguage()                "en" | "de": the page's language, asked once at start
//   Module.clText(code, key)           the message table's text of key in "en" | "de", or null
//                                      (page_texts_web.cpp: the wasm has no copy; each key asked once)
