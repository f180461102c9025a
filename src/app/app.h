#pragma once
// The interactive program, the same for every scene: runs the simulation in
// step with the wall clock, draws it, and holds the ImGui control panel.
// One concern per file: app.cpp (start, frame, commands), session.cpp (the
// scene and its starts), run_clock.cpp (the frame's budget, the speed said),
// link_hash.cpp, view_input.cpp, exports.cpp, page_json.cpp, compare_runs.cpp,
// control_panel.cpp, host_commands.cpp.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <nlohmann/json.hpp>

#include "body_drag.h"
#include "camera.h"
#include "drawing_scale.h"
#include "core/palette.h"
#include "frame_timing.h"
#include "instanced_shapes.h"
#include "io/activity.h"
#include "io/host_message.h"
#include "io/url_state.h"
#include "page.h"
#include "run/comparison.h"
#include "run/simulation.h"
#include "scenes/registry.h"
#include "sketch_drawing.h"
#include "speed_meter.h"
#include "two_fingers.h"

namespace cl::app {

/// e_eff(c_τ) of every damped law from the engine's closed form, for the
/// inspector's chart: {"c_tau":[...], "curves":[{"law","title","e":[...],"floor"}]}.
std::string restitution_curves_json();

class App {
 public:
  /// s of simulated time between recorded samples, every run alike.
  static constexpr double kSampleInterval = 0.005;

  App();

  /// One frame between ImGui::NewFrame and ImGui::Render: panel and drawing.
  void frame();
  /// The runs' advance for the wall clock now at `wall_seconds` (s): once
  /// after every frame drawn, in a task of its own (main.cpp).
  void advance(double wall_seconds);
  /// The frames stopped for a while (the page hid the canvas): the next
  /// advance starts the run's clock afresh, owing no time for the gap.
  void forget_frame_gap() { last_wall_ = -1; }
  /// Whether this frame must be drawn (run_clock.cpp): while the run moves,
  /// a start or a Step is on its way, a text field has the keyboard or the
  /// frames are held; and for kSettleSeconds after input (`input`: events,
  /// a resize) or a change from the page (wake()). Otherwise the canvas keeps
  /// its last picture: a paused, untouched page draws nothing.
  bool wants_frame(double wall_seconds, bool input);
  /// A call from the page or a host may have changed what is drawn.
  void wake() { woken_ = true; }
  /// Every frame is drawn while held (a clip records one picture a frame).
  void hold_frames(bool held) { frames_held_ = held; }
  /// Builds the instanced drawing of ellipses and discs for GLSL `glsl_version`
  /// (after the GL context); without it they are drawn as ImGui shapes.
  void init_shapes(const char* glsl_version);
  /// The frame's CPU time (s): from ImGui's new frame until its draw data is
  /// built, and handing that to GL.
  void frame_cpu(double building, double submitting) { timing_.add_frame(building, submitting); }
  /// Share of the screen's device pixels per CSS px the canvas is drawn at
  /// (drawing_scale.h): below 1 while a run plays too slowly to draw every pixel.
  double drawing_share() const { return drawing_scale_.share(running_); }
  /// Called after the frame is on screen (PNG export reads it then).
  void after_present(int framebuffer_width, int framebuffer_height);
  /// A finger touched, moved on or left the canvas (px). Two fingers pan the
  /// view with their centre and zoom it with their spread (two_fingers.h);
  /// one finger drags as the mouse does.
  void finger_down(long long finger, float x, float y) { fingers_.down(finger, {x, y}); }
  void finger_moved(long long finger, float x, float y);
  void finger_up(long long finger) { fingers_.up(finger); }

  bool command(const std::string& name);
  void apply_hash(const std::string& hash);
  void load_scene_text(const std::string& text);
  /// Answers a host page's message (the JSON text of io/host_message.h's
  /// protocol) with the reply's JSON text; a refused message changes nothing
  /// and is also shown on the page. Defined in host_commands.cpp.
  std::string host_message(const std::string& text);
  /// Sets one parameter from text, as the panel does; the error, if any, and nothing changes.
  std::optional<std::string> set_param(const std::string& name, const std::string& value);
  /// Applies the current scene's preset `name` (its id, or its name in any language) and resets; the error, if any.
  std::optional<std::string> apply_preset(const std::string& name);
  /// Switches to scene `id` with its defaults; false for an unknown id.
  bool switch_scene(const std::string& id);
  /// "series", "events", "loops", "report", "scene" (downloads) or "png".
  void export_file(const std::string& what);
  struct ExportText {
    std::string filename, mime, text;
  };
  /// The file an export of `what` ("series", "events", "loops", "report",
  /// "scene") downloads; empty where the scene has none (no loops, no report).
  std::optional<ExportText> export_text(const std::string& what) const;
  std::string status_json() const;
  /// The scene for the page's accessible controls: description, presets,
  /// legend, the list of scenes (see page_bridge.h).
  nlohmann::json scene_info() const;
  /// The scene file a parameter sweep starts from: the scene and its parameters, no state.
  std::string sweep_base_json() const;
  /// The running scene's model as equations (io/theory_json.h), in the page's language.
  std::string theory_json() const;
  /// True while an ImGui text field has the keyboard (page shortcuts stand back).
  bool wants_text_input() const;
  /// Screen rectangle of a labelled widget from the last frame.
  std::optional<ImVec4> widget_rect(const std::string& label) const;

  const Simulation& simulation() const { return *sim_; }
  /// Run `k` of the comparison: 0 the reference (simulation()), then the
  /// variants; nullptr past the last. Without a comparison only run 0.
  const Simulation* run(size_t k) const;
  /// Runs shown: 1, or 2 to kMaxVariants when comparing.
  size_t run_count() const { return 1 + variants_.size(); }

  // compare_runs.cpp: variants of the reference's start, run beside it.
  /// Replaces the comparison with `variants` (URL form: the first is the
  /// reference's changes, applied to it); empty ends it. Every run restarts
  /// from the start. On error nothing changes.
  std::optional<std::string> set_compare(std::vector<Variant> variants);
  /// set_compare from text in the URL form ("law:flores|linear"); "" ends it.
  std::optional<std::string> set_compare_text(const std::string& text);
  /// Adds a variant (the next law, else the next integrator, not yet run).
  std::optional<std::string> add_variant();
  /// Replaces variant k's (k >= 1) changes by text "name:value,name:value".
  std::optional<std::string> edit_variant(size_t k, const std::string& text);
  void remove_variant(size_t k);
  /// The comparison as the URL writes it: the reference (its values of every
  /// parameter the others change), then the variants; empty when none.
  std::vector<Variant> compare_variants() const;
  /// Compared runs drawn side by side, each in a tile of its own, instead of
  /// overlaid on the reference (kept while not comparing, for the next time).
  void set_split_view(bool split);
  /// True while runs are compared and drawn side by side.
  bool split_view() const { return split_view_ && !variants_.empty(); }
  /// JSON {"runs":[{"label","shown","changes","color","failed","message","t","events"}],"max","split"},
  /// the reference first; "runs" is empty without a comparison.
  std::string compare_json() const;
  /// Run k's impacts for the contact-law inspector (run/impact_inspection.h)
  /// as JSON; inspector_json.cpp.
  std::string inspection_json(size_t k) const;
  /// The events of run k after the first `since` (at most the latest 20): {"total","events":[{"t","kind","fields"}]}.
  std::string run_events_json(size_t k, long long since) const;
  /// Changes whenever the set of recorded series changes (other scene, other n).
  int layout_id() const;
  /// Changes whenever recorded samples change (in any run).
  double series_revision() const;
  bool embed() const { return embed_; }
  /// The page shows its own controls (a phone's sheet, web/page/sheet.js):
  /// the app draws the scene and its overlays, no panel and no compact bar.
  void set_controls_in_page(bool in_page) { controls_in_page_ = in_page; }

  // activity_session.cpp: a teacher's activity (io/activity.h) over the run.
  /// Checks an activity's text: {"ok": true, "activity": its JSON as written
  /// back} or {"ok": false, "error"}; nothing changes.
  std::string check_activity(const std::string& text) const;
  /// Opens the activity's scene with its values; `enforce`: and from then on
  /// students' rules hold on every path (panel, page, link, files, host
  /// page), else the run is only set up (Customize mode). "" ends the
  /// activity's rules and keeps the run. The error, if any, and nothing changed.
  std::optional<std::string> set_activity(const std::string& text, bool enforce);
  /// The activity whose rules hold, as its file carries it; "" when none does.
  std::string enforced_activity_json() const;
  /// The activity's questions as the run answers them: {"start" (counts the
  /// run's starts: a new one measures afresh), "questions": [{"text",
  /// "quantity", "label", "unit", "at", "tolerance", "taken" (the run reached
  /// "at"), "measured" (null: none, or not yet)}]}; no activity, no questions.
  std::string questions_json() const;
  /// The parameter list as the panel, the page and the host page show it:
  /// the activity's while one holds, else the scene's own.
  const std::vector<ParamSpec>& param_specs() const;
  /// The page's theme: the canvas's colours and the panel's style follow it.
  void set_theme(Theme theme);
  const Palette& palette() const { return cl::palette(theme_); }

 private:
  /// Scene `id` with its defaults (not yet reset from other parameters).
  std::unique_ptr<Simulation> new_simulation(const std::string& id) const;
  /// Every start a change to scene `id` with `params` (and runs `compare`
  /// beside it) builds: the scene's defaults, `params`, each variant's.
  std::vector<ParamValues> starts_of(const std::string& id, const ParamValues& params,
                                     std::vector<Variant> compare = {}) const;
  /// True when every start in `starts` of scene `id` can be built now: its
  /// typed walls traced within this frame's budget. Otherwise false, and
  /// `retry` is called once they are, over the next frames; it replaces any
  /// start still waiting. Meanwhile the runs pause and the page shows the
  /// share done ("preparing the start: 64 %").
  bool prepared_now(const std::string& id, std::vector<ParamValues> starts, std::function<void()> retry);
  /// Traces the waiting start's walls within `out_of_time`; the share done, 0..1.
  double prepare_waiting_start(const Scene::YieldCheck& out_of_time);
  /// Goes on preparing the waiting start within `out_of_time`; builds it when ready.
  void continue_start(const Scene::YieldCheck& out_of_time);
  void start_scene(const std::string& id, const ParamValues& values);
  /// Scene `id` with `params`, then `state` if given, replaces the run; or the
  /// error, and the run is kept.
  std::optional<std::string> load_scene(const std::string& id, const ParamValues& params, const nlohmann::json* state,
                                        const std::vector<Variant>& compare = {});
  /// Carries out a validated host command, filling `result`; or the error
  /// (a series name the run does not record), and nothing changed.
  std::optional<std::string> run_host_command(const HostMessage& m, nlohmann::json& result);
  /// The current parameters as {name: text}.
  nlohmann::json params_json() const;
  std::optional<std::string> set_params(const ParamValues& values);
  /// Resets every run from its parameters; a costly start (a typed wall's
  /// tracing) is prepared over the next frames first, within their budget.
  void reset_run();
  /// Wall time (s) a frame may give the simulation.
  double step_budget() const;
  /// True once one step budget has passed since this call: the frame's way out.
  Scene::YieldCheck out_of_budget_from_now() const;
  void advance_run(double wall_dt);
  /// After an advance that took `call_wall` s for `steps` integrator steps:
  /// the slow-motion note, or a pause when one step outlasts several frames.
  void judge_speed(double call_wall, long long steps);
  /// "real time x1.00", "slow motion x0.25", ... for the panel and the page.
  std::string speed_text() const;
  /// The canvas's colours (CSS "#rrggbb"): what the page's tests look for in screenshots.
  nlohmann::json palette_json() const;
  SketchStyle sketch_style() const { return {palette().stroke_scale, reduced_motion_, shapes_.get()}; }
  /// The link's play=1, unless the user asks for reduced motion (then said once).
  bool autoplay(bool asked);
  /// The legend on the canvas: as the user chose, else only where it does not
  /// cover the scene (not in the embed view, not on narrow screens).
  bool legend_shown() const;
  void update_hash();
  void message(MessageLevel level, const std::string& text);
  void report_link_problems(const std::vector<std::string>& problems);
  /// Why `values` may not replace the run's parameters under the activity (none without one).
  std::optional<std::string> activity_refusal(const ParamValues& values) const;
  /// Why a start of scene `id` with `values` (a link, a scene file, a host's
  /// load) may not replace the run under the activity.
  std::optional<std::string> activity_refuses_start(const std::string& id, const ParamValues& values) const;
  /// A link's start under the activity: another scene, or a refused value, is
  /// said in its problems and left as the run has it.
  void keep_activity_rules(UrlState& state) const;
  /// Measures the activity's questions on the run from each of its starts (none without questions).
  void watch_questions();
  /// Whether the activity offers the preset (every one without an activity).
  bool preset_offered(const Preset& preset) const;
  void handle_view_input();
  void draw_report();
  /// Turns a 3D view by dragging; true when the drag was used for that.
  bool orbit_view_input();

  // control_panel.cpp
  void draw_panel();
  void draw_embed_panel();
  /// Play/Pause, Reset and the time: the embed view, and phones with the panel collapsed.
  void draw_compact_bar(float top);
  void draw_transport();
  void draw_parameters();
  void draw_parameter(size_t i, ParamValues& values, float label_width, bool& changed);
  void draw_text_parameter(size_t i, ParamValues& values);
  void draw_exports();
  void remember_widget(const std::string& label);

  void adopt(std::unique_ptr<Simulation> sim);

  // compare_runs.cpp
  /// The variants' parameters: `reference` with each variant's changes.
  std::optional<std::string> variant_values(const ParamValues& reference, std::vector<ParamValues>& out) const;
  /// Gives every variant the reference's new `values` with its changes; on error none changes.
  std::optional<std::string> set_variant_params(const ParamValues& values);
  std::optional<std::string> reset_variants();
  /// Every run, the reference first.
  std::vector<Simulation*> all_runs();
  long long total_steps() const;
  /// A variant that failed is stopped and said once; the others run on.
  void report_variant_failures();
  void draw_variants(const Sketch& reference, ImDrawList& draw);
  /// Each run in its own tile of the scene's area (x, y, w, h px), named at its top.
  void draw_runs_side_by_side(const ImVec4& area, ImDrawList& draw);
  /// The camera of the view under `screen` (px): a run's tile when side by side.
  Camera view_camera_at(const ImVec2& screen) const;
  /// Pans or zooms the view under the pointer (every tile alike when side by side).
  void pan_view(const ImVec2& screen, float dx, float dy);
  void zoom_view(const ImVec2& screen, double factor);
  void add_compare_legend(std::vector<SketchLegendEntry>& legend) const;
  /// A compared run's label for people ("law=Flores"), its choices named as the panel names them.
  std::string run_label(const Variant& run) const;
  void draw_compare_panel();
  /// The camera on the scene's suggested view.
  void fit_view();

  std::optional<Activity> activity_;  // a teacher's rules, enforced while set
  int activity_revision_ = 0;         // counts each activity set or ended (the page rebuilds its controls)
  std::optional<QuestionMeter> questions_;  // the activity's questions measured on the run since its start
  int question_starts_ = 0;
  std::unique_ptr<Simulation> sim_;  // the run (the reference when comparing)
  std::vector<Comparison::Run> variants_;  // runs beside it: its start with a few parameters changed
  std::vector<bool> variant_failure_said_;
  std::string variant_draft_;  // the compare field's refused text, kept for mending
  std::string variant_draft_error_;
  size_t variant_draft_index_ = 0;
  bool split_view_ = false;
  std::vector<ImVec4> run_tiles_;  // px, the tiles drawn last frame when side by side
  int simulations_started_ = 0;
  Camera camera_;
  BodyDrag body_drag_;
  bool running_ = false;
  /// A start whose walls are being traced: the scene, the parameters of every
  /// run it builds, and the call that builds it then (see prepared_now).
  struct WaitingStart {
    const SceneEntry* scene;
    std::vector<ParamValues> starts;
    std::function<void()> build;
    bool said = false;  // the page was told the start is being prepared
    bool play = false;  // asked to play meanwhile: the new run plays once built
  };
  std::optional<WaitingStart> waiting_start_;
  double start_progress_ = 0;       // share of its preparation done, 0..1
  double longest_start_slice_ = 0;  // s, the longest the last start blocked a frame
  double start_frame_wall_ = -2;     // s, the frame (its last_wall_) the last start began in
  bool embed_ = false;
  bool controls_in_page_ = false;
  TwoFingers fingers_;
  Theme theme_ = Theme::Dark;
  bool reduced_motion_ = false;  // the user asks for less motion: no auto-play, short trails
  bool play_from_link_ = false;
  std::optional<bool> show_legend_;  // the user's choice; until then shown where there is room
  bool caption_shown_ = false;  // embed view: the whole caption under the buttons (else its first line)
  double speed_ = 1;            // simulated s per wall s
  double last_wall_ = -1;       // s
  bool woken_ = true;           // the page changed something since the last frame
  bool frames_held_ = false;
  bool idle_ = false;           // the last frame was not drawn
  double awake_until_ = 0;      // s; frames are drawn until then
  long long frames_drawn_ = 0;
  double frame_interval_ = 0;   // s, smoothed over ~10 frames
  double owed_time_ = 0;        // simulated s due but not yet run (less than a sample)
  double step_until_ = -1;      // s; Step runs to here over as many frames as it needs
  SpeedMeter meter_;            // the true real-time factor
  FrameTiming timing_;          // sim and draw time per frame, the engine's own factor
  DrawingScale drawing_scale_;  // coarser while the playing run's frames come too slowly
  std::unique_ptr<InstancedShapes> shapes_;  // ellipses and discs as instanced GL geometry
  bool behind_ = false;         // the simulation could not keep up
  double wall_per_step_ = 0;    // s, smoothed cost of one integrator step
  int slow_step_frames_ = 0;    // frames in a row whose steps each took too long (run_clock.cpp)
  double step_size_ = 0;        // s, smoothed simulated time per step
  /// A text parameter's typed text that was refused: kept in the field, with why.
  struct TextDraft {
    std::string text, error;
  };
  std::map<std::string, TextDraft> drafts_;
  std::map<std::string, double> typed_numbers_;  // a slider's typed value, applied when the field is left
  std::string last_hash_;
  std::string last_message_;
  MessageLevel last_level_ = MessageLevel::Info;
  bool reported_failure_ = false;
  bool png_requested_ = false;
  static constexpr float kNarrowScreen = 520;  // px: narrower, the panel starts collapsed
  bool panel_was_narrow_ = false;  // the screen at the last frame (the panel opens wide)
  float panel_right_ = 0;  // px; right edge of the open panel, 0 when collapsed
  std::map<std::string, ImVec4> widget_rects_;  // label -> x, y, w, h (px)
};

}  // namespace cl::app
