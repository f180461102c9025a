#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/sketch_ghost.h"
#include "core/text.h"
#include "imgui_theme.h"
#include "io/compare_spec.h"
#include "io/csv.h"
#include "io/theory_json.h"
#include "io/description_json.h"
#include "io/impact_loops_io.h"
#include "io/scene_file.h"
#include "io/url_state.h"
#include "scenes/registry.h"
#include "sketch_drawing.h"

namespace cl::app {
namespace {

constexpr double kStepCommand = 0.01;      // s of simulated time one Step advances
// One integrator step that takes longer than this (s of wall time) cannot be
// split across frames: the run pauses and says why instead of freezing the tab.
constexpr double kMaxStepWall = 0.25;
// Wall time per frame for the simulation, s. At 60 frames per second 12 ms
// are left for it. When frames come slower (software rendering, a busy GPU)
// the main thread mostly waits for them, so half the frame interval goes to
// the simulation, up to 35 ms: the tab keeps answering.
constexpr double kMinStepBudget = 0.012;
constexpr double kMaxStepBudget = 0.035;

/// `value` printed with a printf `format` ("%.2g"): the speed texts' factors.
std::string printed(const char* format, double value) {
  char number[32];
  std::snprintf(number, sizeof number, format, value);
  return number;
}

double wall_now() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

}  // namespace

App::App() {
  set_language(page_language());  // first: the link's problems below are said in it
  set_theme(page_theme());
  reduced_motion_ = page_reduced_motion();
  // The link's scene with its defaults at once (the page is still loading);
  // the link's own start may take frames to prepare.
  const std::string hash = page_initial_hash();
  adopt(new_simulation(parse_url_state(hash, all_scenes().front().description().id).scene));
  fit_view();
  apply_hash(hash);
}

bool App::autoplay(bool asked) {
  if (!asked || !reduced_motion_) return asked;
  message(MessageLevel::Info, text("app.autoplay_waits"));
  return false;
}

void App::set_theme(Theme theme) {
  theme_ = theme;
  apply_imgui_theme(theme);
}

void App::report_link_problems(const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  // One message for the whole link, so none of its problems is pushed out unseen.
  std::string said = text("app.link_problems");
  for (const std::string& p : problems) said += "\n- " + p;
  message(MessageLevel::Warning, said);
}

std::unique_ptr<Simulation> App::new_simulation(const std::string& id) const {
  auto sim = std::make_unique<Simulation>(find_scene(id)->create());
  sim->set_sample_interval(kSampleInterval);
  return sim;
}

std::vector<ParamValues> App::starts_of(const std::string& id, const ParamValues& params,
                                        std::vector<Variant> compare) const {
  std::vector<ParamValues> starts = {ParamValues(find_scene(id)->description().params), params};
  std::vector<ParamValues> variants;
  if (!compare.empty() && !variant_params(params, compare, variants))
    starts.insert(starts.end(), variants.begin(), variants.end());
  return starts;
}

void App::start_scene(const std::string& id, const ParamValues& values) {
  if (!prepared_now(id, starts_of(id, values), [this, id, values] { start_scene(id, values); })) return;
  auto sim = new_simulation(id);
  if (auto error = sim->set_params(values)) {
    // The scene refused the set as a whole (a wall text it cannot parse): it
    // keeps what it takes of it, one parameter at a time, and says the rest.
    std::string refused = *error;
    for (size_t i = 0; i < values.specs().size(); ++i) {
      ParamValues trial = sim->params();
      if (trial.format(i) == values.format(i) || trial.set(values.specs()[i].name, values.format(i))) continue;
      if (auto one = sim->set_params(trial); one && *one != *error) refused += "\n- " + *one;
    }
    message(MessageLevel::Error, refused);
  }
  if (auto reset_error = sim->reset()) {
    message(MessageLevel::Error, text("app.defaults_used", {{"error", *reset_error}}));
    sim = new_simulation(id);
  }
  adopt(std::move(sim));
  fit_view();
  update_hash();
}

void App::fit_view() {
  const Sketch sketch = sim_->scene().sketch(palette());
  camera_.reset(sketch.view_center, sketch.view_half_height);
}

void App::adopt(std::unique_ptr<Simulation> sim) {
  sim_ = std::move(sim);
  variants_.clear();  // variants of the old run's start; a comparison is set after adopting
  ++simulations_started_;
  running_ = false;
  step_until_ = -1;
  reported_failure_ = false;
  page_series_changed();
}

std::optional<std::string> App::set_params(const ParamValues& values) {
  const ParamValues before = sim_->params();
  if (auto error = sim_->set_params(values)) return error;
  if (auto error = set_variant_params(values)) {
    sim_->set_params(before);
    return error;
  }
  update_hash();
  return std::nullopt;
}

std::optional<std::string> App::set_param(const std::string& name, const std::string& value) {
  ParamValues values = sim_->params();
  if (auto error = values.set(name, value)) return error;
  return set_params(values);
}

std::optional<std::string> App::apply_preset(const std::string& name) {
  for (const Preset& preset : sim_->scene().presets(sim_->params())) {
    if (!preset.is_named(name)) continue;
    ParamValues values = sim_->params();
    for (const auto& [key, value] : preset.values)
      if (auto error = values.set(key, value)) return text("app.preset_not_applied", {{"name", name}, {"error", *error}});
    if (auto error = set_params(values)) return text("app.preset_not_applied", {{"name", name}, {"error", *error}});
    drafts_.clear();
    reset_run();
    return std::nullopt;
  }
  return text("app.no_preset", {{"scene", sim_->description().id}, {"name", name}});
}

bool App::switch_scene(const std::string& id) {
  const SceneEntry* entry = find_scene(id);
  if (!entry) return false;
  if (id != sim_->description().id) {
    drafts_.clear();
    start_scene(id, ParamValues(entry->description().params));
  }
  return true;
}

bool App::prepared_now(const std::string& id, std::vector<ParamValues> starts, std::function<void()> retry) {
  const SceneEntry* scene = find_scene(id);
  if (!scene) return true;  // the caller says why
  // A start nested in another (a link's scene switch, a build that resets) is
  // the same block of the same frame: only a start in a new frame starts afresh.
  if (!waiting_start_ && start_frame_wall_ != last_wall_) longest_start_slice_ = 0;
  start_frame_wall_ = last_wall_;
  waiting_start_ = WaitingStart{scene, std::move(starts), std::move(retry)};
  if (prepare_waiting_start(out_of_budget_from_now()) < 1) return false;
  waiting_start_.reset();
  return true;
}

double App::prepare_waiting_start(const Scene::YieldCheck& out_of_time) {
  const double start = wall_now();
  double progress = 1;
  for (const ParamValues& params : waiting_start_->starts)
    progress = std::min(progress, waiting_start_->scene->prepare(params, out_of_time));
  longest_start_slice_ = std::max(longest_start_slice_, wall_now() - start);
  start_progress_ = progress;
  if (progress < 1 && !waiting_start_->said) {
    message(MessageLevel::Info, text("app.start_prepared"));
    waiting_start_->said = true;
  }
  return progress;
}

void App::continue_start(const Scene::YieldCheck& out_of_time) {
  if (!waiting_start_ || prepare_waiting_start(out_of_time) < 1) return;
  const std::function<void()> build = std::move(waiting_start_->build);
  const bool play = waiting_start_->play;
  const std::string preparing = text("app.start_prepared");
  const double longest_slice = longest_start_slice_;  // the build's own checks start afresh
  waiting_start_.reset();
  build();  // every wall it needs is kept now: it builds within milliseconds
  longest_start_slice_ = std::max(longest_start_slice_, longest_slice);
  if (play) running_ = !sim_->failed();
  if (last_message_ == preparing) message(MessageLevel::Info, text("app.start_ready"));  // else the build said more
}

void App::reset_run() {
  std::vector<ParamValues> starts;
  for (Simulation* run : all_runs()) starts.push_back(run->params());
  if (!prepared_now(sim_->description().id, std::move(starts), [this] { reset_run(); })) return;
  if (auto error = sim_->reset()) {
    message(MessageLevel::Error, text("app.previous_run_kept", {{"error", *error}}));
    return;
  }
  if (auto error = reset_variants()) message(MessageLevel::Error, *error);
  reported_failure_ = false;
  step_until_ = -1;
  if (!camera_.user_moved()) fit_view();
}

void App::update_hash() {
  const std::string hash =
      url_state_hash(sim_->description().id, sim_->params(), embed_, play_from_link_, compare_variants(), split_view_);
  if (hash == last_hash_) return;
  last_hash_ = hash;
  page_set_hash(hash);
}

void App::message(MessageLevel level, const std::string& text) {
  last_message_ = text;
  last_level_ = level;
  page_message(level, text);
}

double App::step_budget() const { return std::clamp(0.5 * frame_interval_, kMinStepBudget, kMaxStepBudget); }

Scene::YieldCheck App::out_of_budget_from_now() const {
  const double deadline = wall_now() + step_budget();
  return [deadline] { return wall_now() > deadline; };
}

void App::advance_run(double wall_dt) {
  if (wall_dt > 0) frame_interval_ = frame_interval_ == 0 ? wall_dt : 0.9 * frame_interval_ + 0.1 * wall_dt;
  const double start = wall_now();
  // Asked between integrator steps, so no frame runs far past its budget however stiff the run.
  const Scene::YieldCheck out_of_time = out_of_budget_from_now();
  continue_start(out_of_time);
  if (waiting_start_) return;  // the runs wait for their new start
  const long long steps_before = total_steps();
  const double t_before = sim_->time();
  if (step_until_ > sim_->time() && !sim_->failed()) {  // a Step still on its way, every run alike
    for (Simulation* run : all_runs())
      if (!run->failed() && run->time() < step_until_) run->advance(step_until_ - run->time(), out_of_time);
    judge_speed(wall_now() - start, total_steps() - steps_before);
  }
  if (!running_) {
    owed_time_ = 0;
    meter_.clear();
    behind_ = false;
  } else {
    // Time is owed in whole samples (grid-aligned stops make a frame-chopped run
    // identical to the CLI's); the remainder carries over to the next frame.
    // Slow frames are caught up in full (what the budget cannot run shows as
    // "can't keep up"); a gap that means the tab was hidden is not.
    owed_time_ += wall_dt < SpeedMeter::kNotRunning ? speed_ * wall_dt : 0;
    const double advanced = advance_together_on_grid(all_runs(), owed_time_, out_of_time);
    owed_time_ -= advanced;
    behind_ = owed_time_ > 2 * sim_->sample_interval() + 1e-9;
    if (behind_) owed_time_ = 0;  // slow down instead of piling up a backlog
    meter_.add(advanced, wall_dt);  // the whole frame, however long: the factor the user sees
    judge_speed(wall_now() - start, total_steps() - steps_before);
  }
  timing_.add_advance(wall_now() - start, std::max(0.0, sim_->time() - t_before));
  report_variant_failures();
  if (sim_->failed()) {
    running_ = false;
    step_until_ = -1;
    if (!reported_failure_) message(MessageLevel::Error, sim_->failure());
    reported_failure_ = true;
  }
}

void App::judge_speed(double call_wall, long long steps) {
  if (steps <= 0) return;
  const double per_step = call_wall / static_cast<double>(steps);
  wall_per_step_ = wall_per_step_ == 0 ? per_step : 0.8 * wall_per_step_ + 0.2 * per_step;
  if (per_step <= kMaxStepWall) return;
  // One step that outlasts several frames cannot be split: stop before the tab freezes.
  running_ = false;
  step_until_ = -1;
  const SceneDescription& d = sim_->description();
  std::string cause;
  for (const std::string& name : d.cost_params)
    if (auto i = sim_->params().index_of(name)) {
      const ParamSpec& s = d.params[*i];
      cause += (cause.empty() ? "" : ", ") + name + " = " + sim_->params().format(*i) + (s.unit.empty() ? "" : " " + s.unit);
    }
  message(MessageLevel::Error,
          text("app.step_too_slow", {{"seconds", format_number(per_step)}, {"cause", cause}, {"hint", d.cost_hint()}}));
}

bool App::legend_shown() const {
  return show_legend_.value_or(!embed_ && ImGui::GetIO().DisplaySize.x >= 700);
}

std::string App::speed_text() const {
  if (waiting_start_) return text("app.start_progress", {{"percent", printed("%.0f", 100 * start_progress_)}});
  const double factor = meter_.factor();
  if (!running_ || meter_.span() < 0.6 * SpeedMeter::kWindow) return "";  // too few frames to judge yet
  if (factor < 0.95 && behind_)
    return text("app.speed.slow_behind", {{"factor", printed("%.2g", factor)}, {"speed", printed("%.3g", speed_)}});
  if (factor < 0.95) return text("app.speed.slow", {{"factor", printed("%.2g", factor)}});
  if (factor < 1.05) return text("app.speed.real", {{"factor", printed("%.2f", factor)}});
  return text("app.speed.fast", {{"factor", printed("%.3g", factor)}});
}

void App::frame(double wall_seconds) {
  const double wall_dt = last_wall_ < 0 ? 0 : wall_seconds - last_wall_;
  last_wall_ = wall_seconds;
  if (shapes_) shapes_->begin_frame();
  advance_run(wall_dt);
  widget_rects_.clear();

  const ImGuiIO& io = ImGui::GetIO();
  handle_view_input();
  if (embed_)
    draw_embed_panel();
  else
    draw_panel();
  // Centre the scene in the canvas area right of the panel when there is room for both.
  const float view_x = panel_right_ < 0.5f * io.DisplaySize.x ? panel_right_ : 0;
  camera_.set_viewport(view_x, 0, io.DisplaySize.x - view_x, io.DisplaySize.y);

  Sketch sketch = sim_->scene().sketch(palette());
  if (sketch.view_follows) camera_.center_on(sketch.view_center);
  ImDrawList& draw = *ImGui::GetBackgroundDrawList();
  if (split_view()) {
    draw_runs_side_by_side({view_x, 0, io.DisplaySize.x - view_x, io.DisplaySize.y}, draw);
  } else {
    run_tiles_.clear();
    if (sketch.flat_grid) draw_grid(camera_, draw, palette(), 0, 0, io.DisplaySize.x, io.DisplaySize.y);
    draw_variants(sketch, draw);  // under the reference, which stays on top
    // Compared, the reference's bodies take its own neutral colour: the variants' colours are theirs alone.
    if (!variants_.empty()) sketch = reference_sketch(std::move(sketch), palette().bodies, palette().runs[0]);
    draw_sketch(sketch, camera_, draw, sketch_style());
    if (sketch.flat_grid) draw_grid_labels(camera_, draw, palette(), 0, 0, io.DisplaySize.x, io.DisplaySize.y);
  }
  add_compare_legend(sketch.legend);
  // Dragging moves the reference's start alone: not while comparing.
  const bool handles_shown = !running_ && variants_.empty() && !sim_->scene().draggable_bodies().empty();
  if (handles_shown) {
    draw_sketch(BodyDrag::handles(*sim_, palette()), camera_, draw, sketch_style());
    sketch.legend.push_back(BodyDrag::legend_entry(palette()));
  }
  if (legend_shown()) {
    // Bottom left of the scene's area: clear of the panel, and of the page's messages at the right.
    ImVec2 corner(view_x + 10, io.DisplaySize.y - 10);
    // Three runs side by side leave the bottom-right tile free: the legend goes there,
    // its right edge at the canvas's if it is wider than the tile.
    if (run_tiles_.size() == 3 && run_tiles_[2].y > run_tiles_[0].y)
      corner.x = std::max(view_x + 10, std::min(run_tiles_[1].x + 10, io.DisplaySize.x - legend_size(sketch.legend).x - 10));
    const ImVec4 box = draw_legend(sketch.legend, draw, corner, palette());
    widget_rects_["legend"] = box;
  }
}

void App::handle_view_input() {
  const ImGuiIO& io = ImGui::GetIO();
  std::optional<std::string> refused;
  const bool dragging_body = body_drag_.update(*sim_, camera_, !running_ && variants_.empty(), refused);
  if (refused) message(MessageLevel::Warning, *refused);
  if (dragging_body || io.WantCaptureMouse) return;
  if (orbit_view_input()) return;
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0) || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0))
    pan_view(io.MousePos, io.MouseDelta.x, io.MouseDelta.y);
  if (io.MouseWheel != 0) zoom_view(io.MousePos, std::pow(1.15, io.MouseWheel));
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) command("reset_view");
}

bool App::orbit_view_input() {
  // Scenes with a 3D view (parameters view_yaw, view_pitch in degrees) turn it
  // by a right-button or shift + left drag: 0.4 degrees per pixel.
  const ImGuiIO& io = ImGui::GetIO();
  const bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0) ||
                        (io.KeyShift && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0));
  if (!dragging) return false;
  ParamValues values = sim_->params();
  const std::optional<size_t> yaw = values.index_of("view_yaw"), pitch = values.index_of("view_pitch");
  if (!yaw || !pitch) return false;
  if (io.MouseDelta.x == 0 && io.MouseDelta.y == 0) return true;
  const double new_yaw = std::remainder(values.number_at(*yaw) - 0.4 * io.MouseDelta.x, 360.0);
  const double new_pitch = std::clamp(values.number_at(*pitch) + 0.4 * io.MouseDelta.y, -90.0, 90.0);
  values.set_number(*yaw, new_yaw);
  values.set_number(*pitch, new_pitch);
  set_params(values);
  return true;
}

void App::init_shapes(const char* glsl_version) {
  auto shapes = std::make_unique<InstancedShapes>();
  if (shapes->init(glsl_version)) shapes_ = std::move(shapes);
}

void App::pinch(double factor, float cx, float cy) {
  if (factor > 0 && std::isfinite(factor)) zoom_view({cx, cy}, factor);
}

void App::after_present(int width, int height) {
  if (!png_requested_) return;
  png_requested_ = false;
  page_download_canvas_png("contactlab-" + sim_->description().id + ".png", width, height);
}

bool App::command(const std::string& name) {
  if (name == "play" || name == "pause" || name == "toggle") {
    const bool play = name == "play" || (name == "toggle" && !running_);
    running_ = play && !sim_->failed();
    if (waiting_start_) waiting_start_->play = play;  // the start it waits for plays once built
  } else if (name == "step") {
    running_ = false;
    step_until_ = (step_until_ > sim_->time() ? step_until_ : sim_->time()) + kStepCommand;
  } else if (name == "reset") {
    step_until_ = -1;
    reset_run();
  }
  else if (name == "defaults") {
    set_params(ParamValues(sim_->description().params));
    drafts_.clear();
    step_until_ = -1;
    reset_run();
  } else if (name == "reset_view") {
    fit_view();
  } else
    return false;
  return true;
}

void App::apply_hash(const std::string& hash) {
  UrlState state = parse_url_state(hash, sim_->description().id);
  embed_ = state.embed;
  split_view_ = state.split;
  if (!prepared_now(state.scene, starts_of(state.scene, *state.params, state.compare), [this, hash] { apply_hash(hash); }))
    return;
  last_hash_.clear();  // always write the full state back, even if it did not change
  // play=1 newly in the link (a host page, a link on the same page) starts the run it names.
  const bool asked_to_play = state.play && !play_from_link_;
  play_from_link_ = state.play;
  const bool new_start = state.scene != sim_->description().id || *state.params != sim_->params();
  if (new_start) start_scene(state.scene, *state.params);
  if (new_start || state.compare.size() != compare_variants().size() ||
      compare_spec_text(state.compare) != compare_spec_text(compare_variants()))
    if (auto error = set_compare(state.compare)) state.problems.push_back(*error);
  if (new_start || asked_to_play) running_ = autoplay(state.play);
  update_hash();
  report_link_problems(state.problems);
}

void App::load_scene_text(const std::string& text) {
  SceneFileParse parsed = parse_scene_file(text);
  if (!parsed.file) {
    message(MessageLevel::Error, parsed.error);
    return;
  }
  const SceneFile& file = *parsed.file;
  if (!prepared_now(file.scene, starts_of(file.scene, file.params, file.compare), [this, text] { load_scene_text(text); }))
    return;
  const std::optional<nlohmann::json>& state = parsed.file->state;
  if (auto error = load_scene(parsed.file->scene, parsed.file->params, state ? &*state : nullptr, parsed.file->compare)) {
    message(MessageLevel::Error, cl::text("app.scene_file.rejected", {{"error", *error}}));
    return;
  }
  message(MessageLevel::Info,
          cl::text("app.scene_file.loaded", {{"scene", sim_->description().id}, {"t", format_number(sim_->time())}}));
}

std::optional<std::string> App::load_scene(const std::string& id, const ParamValues& params,
                                           const nlohmann::json* state, const std::vector<Variant>& compare) {
  auto sim = new_simulation(id);
  std::optional<std::string> error = sim->set_params(params);
  if (!error) error = sim->reset();
  if (!error && state) error = sim->load_state(*state);
  if (error) return error;
  const bool same_scene = sim->description().id == sim_->description().id;
  drafts_.clear();
  adopt(std::move(sim));
  if (!compare.empty()) {
    // Every run starts from the file's state (set_compare restarts them from the parameters).
    std::optional<std::string> compare_error = set_compare(compare);
    for (Simulation* run : all_runs())
      if (state && !compare_error) compare_error = run->load_state(*state);
    if (compare_error) {
      set_compare({});
      if (state) sim_->load_state(*state);
      message(MessageLevel::Warning, text("app.scene_file.compare_not_run", {{"error", *compare_error}}));
    }
  }
  if (!same_scene) fit_view();
  update_hash();
  return std::nullopt;
}

std::optional<App::ExportText> App::export_text(const std::string& what) const {
  const std::string base = "contactlab-" + sim_->description().id;
  std::ostringstream out;
  std::vector<std::string> labels;
  for (const Variant& v : compare_variants()) labels.push_back(v.label());
  if (what == "series" && !labels.empty()) {
    std::vector<const SeriesRecorder*> runs;
    for (size_t k = 0; k < run_count(); ++k) runs.push_back(&run(k)->series());
    write_compare_series_csv(out, labels, runs);
    return ExportText{base + "-compare-series.csv", "text/csv", out.str()};
  }
  if (what == "series") {
    write_series_csv(out, sim_->series());
    return ExportText{base + "-series.csv", "text/csv", out.str()};
  }
  if (what == "events") {
    // Compared: each row led by its run's label, as the CLI writes them.
    if (!labels.empty()) out << "variant,";
    write_events_header(out, sim_->description().event_fields);
    for (size_t k = 0; k < run_count(); ++k)
      for (const Event& e : run(k)->events().events()) {
        if (!labels.empty()) out << csv_text_cell(labels[k]) << ',';
        write_event_row(out, e);
      }
    return ExportText{base + (labels.empty() ? "" : "-compare") + "-events.csv", "text/csv", out.str()};
  }
  if (what == "loops" && sim_->scene().impact_loops()) {
    write_impact_loops_csv(out, *sim_->scene().impact_loops());
    return ExportText{base + "-loops.csv", "text/csv", out.str()};
  }
  if (what == "report") {
    if (const std::optional<ReportTable> table = sim_->scene().report()) {
      write_report_csv(out, *table);
      return ExportText{base + "-report.csv", "text/csv", out.str()};
    }
  }
  if (what == "scene") return ExportText{base + ".json", "application/json", scene_file_json(*sim_, compare_variants()).dump(2) + "\n"};
  return std::nullopt;
}

void App::export_file(const std::string& what) {
  if (what == "png") png_requested_ = true;
  else if (const std::optional<ExportText> file = export_text(what)) page_download_text(file->filename, file->mime, file->text);
}

nlohmann::json App::palette_json() const {
  const Palette& p = palette();
  nlohmann::json bodies = nlohmann::json::array(), runs = nlohmann::json::array();
  for (Rgba c : p.bodies) bodies.push_back(css_color(c));
  for (Rgba c : p.runs) runs.push_back(css_color(c));
  return {{"background", css_color(p.background)}, {"ink", css_color(p.ink)},         {"ground", css_color(p.ground)},
          {"contact", css_color(p.contact)},       {"near", css_color(p.near)},       {"velocity", css_color(p.velocity)},
          {"marker", css_color(p.marker)},         {"bodies", bodies},                {"runs", runs}};
}

std::string App::status_json() const {
  // The current runs' starts: how long the last reset or load blocked the page.
  double setup = std::max(longest_start_slice_, sim_->setup_seconds());
  for (const auto& v : variants_) setup = std::max(setup, v.sim->setup_seconds());
  nlohmann::json s = {{"scene", sim_->description().id},
                      {"t", sim_->time()},
                      {"running", running_},
                      {"failed", sim_->failed()},
                      {"message", sim_->failed() ? sim_->failure() : last_message_},
                      {"rtf", meter_.factor()},
                      {"frame", {{"sim_ms", timing_.sim_ms()},
                                 {"draw_ms", timing_.draw_ms()},
                                 {"gl_ms", timing_.gl_ms()},
                                 {"worst_ms", timing_.worst_frame_ms()},
                                 {"setup_ms", 1e3 * setup},
                                 {"engine_rtf", timing_.engine_factor()}}},
                      {"speed_text", speed_text()},
                      {"behind", behind_},
                      {"speed", speed_},
                      {"embed", embed_},
                      {"theme", theme_name(theme_)},
                      {"language", language_code(language())},
                      {"palette", palette_json()},
                      {"reduced_motion", reduced_motion_},
                      {"reset_pending", sim_->reset_pending()},
                      {"starting", waiting_start_ ? nlohmann::json(start_progress_) : nlohmann::json(nullptr)},
                      {"pending", sim_->pending_params()},
                      {"samples", sim_->series().size()},
                      {"steps", sim_->scene().step_count()},
                      {"events", sim_->events().total()}};
  s["params"] = params_json();
  // The latest values of the series the scene plots by default, in words: what
  // the plots show, for the page's accessible summary.
  nlohmann::json readout = nlohmann::json::array();
  const SeriesRecorder& recorded = sim_->series();
  const std::vector<SeriesSpec> series = sim_->scene().series();
  std::vector<std::string> listed;
  for (const std::vector<std::string>& panel : sim_->scene().default_plots())
    for (const std::string& name : panel) {
      const auto it = std::find(recorded.names().begin(), recorded.names().end(), name);
      if (recorded.size() == 0 || it == recorded.names().end() || std::count(listed.begin(), listed.end(), name)) continue;
      listed.push_back(name);
      const size_t k = static_cast<size_t>(it - recorded.names().begin());
      readout.push_back({{"label", series[k].label}, {"unit", series[k].unit}, {"value", recorded.at(k, recorded.size() - 1)}});
    }
  s["readout"] = readout;
  nlohmann::json drafts = nlohmann::json::object();
  for (const auto& [name, draft] : drafts_) drafts[name] = {{"text", draft.text}, {"error", draft.error}};
  s["drafts"] = drafts;
  // Draggable bodies with their centres on screen (canvas px, like widget_rect).
  nlohmann::json bodies = nlohmann::json::array();
  for (const DraggableBody& b : sim_->scene().draggable_bodies()) {
    const Eigen::Vector2f screen = camera_.to_screen(b.position);
    const Eigen::Vector2f tip = camera_.to_screen(b.position + BodyDrag::kArrowSeconds * b.velocity);
    bodies.push_back({{"x", b.position.x()}, {"z", b.position.y()}, {"vx", b.velocity.x()}, {"vz", b.velocity.y()},
                      {"screen", {screen.x(), screen.y()}}, {"arrow_tip", {tip.x(), tip.y()}}});
  }
  s["bodies"] = bodies;
  return s.dump();
}

nlohmann::json App::scene_info() const {
  nlohmann::json d = scene_description_json(sim_->description());
  nlohmann::json presets = nlohmann::json::array();
  for (const Preset& p : sim_->scene().presets(sim_->params()))
    presets.push_back({{"id", p.id}, {"name", p.name()}, {"help", p.help()}});
  d["presets"] = presets;
  nlohmann::json legend = nlohmann::json::array();
  for (const SketchLegendEntry& e : sim_->scene().sketch(palette()).legend) legend.push_back(e.text);
  if (!sim_->scene().draggable_bodies().empty()) legend.push_back(BodyDrag::legend_text());
  d["legend"] = legend;
  nlohmann::json scenes = nlohmann::json::array();
  for (const SceneEntry& e : all_scenes()) scenes.push_back({{"id", e.description().id}, {"title", e.description().title()}});
  d["scenes"] = scenes;
  d["has_loops"] = sim_->scene().impact_loops() != nullptr;
  d["has_report"] = sim_->scene().report().has_value();
  return d;
}

std::string App::sweep_base_json() const {
  nlohmann::json file = scene_file_json(*sim_);
  file.erase("state");  // every run of a sweep starts where Reset starts
  return file.dump();
}

std::string App::theory_json() const { return cl::theory_json(sim_->scene().theory()).dump(); }

bool App::wants_text_input() const { return ImGui::GetIO().WantTextInput; }

std::optional<ImVec4> App::widget_rect(const std::string& label) const {
  auto it = widget_rects_.find(label);
  if (it == widget_rects_.end()) return std::nullopt;
  return it->second;
}

}  // namespace cl::app
