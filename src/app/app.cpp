#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "io/csv.h"
#include "io/impact_loops_io.h"
#include "io/scene_file.h"
#include "io/url_state.h"
#include "scenes/registry.h"
#include "sketch_drawing.h"

namespace cl::app {
namespace {

constexpr double kSampleInterval = 0.005;  // s of simulated time between recorded samples
constexpr double kMaxFrameDt = 0.1;        // s; longer gaps (tab hidden) are not caught up
// Wall time per frame for the simulation, s. At 60 frames per second 12 ms
// are left for it. When frames come slower (software rendering, a busy GPU)
// the main thread mostly waits for them, so half the frame interval goes to
// the simulation, up to 35 ms: the tab keeps answering.
constexpr double kMinStepBudget = 0.012;
constexpr double kMaxStepBudget = 0.035;

double wall_now() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

}  // namespace

App::App() {
  const std::string first = all_scenes().front().description().id;
  UrlState state = parse_url_state(page_initial_hash(), first);
  embed_ = state.embed;
  play_from_link_ = state.play;
  start_scene(state.scene, *state.params);
  running_ = state.play;
  report_link_problems(state.problems);
}

void App::report_link_problems(const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  // One message for the whole link, so none of its problems is pushed out unseen.
  std::string text = "This link had problems, which were ignored:";
  for (const std::string& p : problems) text += "\n- " + p;
  message(MessageLevel::Warning, text);
}

void App::start_scene(const std::string& id, const ParamValues& values) {
  auto sim = std::make_unique<Simulation>(find_scene(id)->create());
  sim->set_sample_interval(kSampleInterval);
  if (auto error = sim->set_params(values)) {
    message(MessageLevel::Error, *error);
  } else if (auto reset_error = sim->reset()) {
    message(MessageLevel::Error, *reset_error + " — defaults used instead");
    sim = std::make_unique<Simulation>(find_scene(id)->create());
    sim->set_sample_interval(kSampleInterval);
  }
  adopt(std::move(sim));
  fit_view();
  update_hash();
}

void App::fit_view() {
  const Sketch sketch = sim_->scene().sketch();
  camera_.reset(sketch.view_center, sketch.view_half_height);
}

void App::adopt(std::unique_ptr<Simulation> sim) {
  sim_ = std::move(sim);
  ++simulations_started_;
  running_ = false;
  reported_failure_ = false;
  page_series_changed();
}

void App::set_params(const ParamValues& values) {
  if (auto error = sim_->set_params(values)) {
    message(MessageLevel::Error, *error + " — value not applied");
    return;
  }
  update_hash();
}

void App::reset_run() {
  if (auto error = sim_->reset()) {
    message(MessageLevel::Error, *error + " — the previous run is kept");
    return;
  }
  reported_failure_ = false;
  if (!camera_.user_moved()) fit_view();
}

void App::update_hash() {
  const std::string hash = url_state_hash(sim_->description().id, sim_->params(), embed_, play_from_link_);
  if (hash == last_hash_) return;
  last_hash_ = hash;
  page_set_hash(hash);
}

void App::message(MessageLevel level, const std::string& text) {
  last_message_ = text;
  last_level_ = level;
  page_message(level, text);
}

void App::advance_run(double wall_dt) {
  if (!running_) {
    owed_time_ = 0;
    real_time_factor_ = 0;
    behind_ = false;
    return;
  }
  // Time is owed in whole samples (grid-aligned stops make a frame-chopped run
  // identical to the CLI's); the remainder carries over to the next frame.
  owed_time_ += speed_ * wall_dt;
  frame_interval_ = frame_interval_ == 0 ? wall_dt : 0.9 * frame_interval_ + 0.1 * wall_dt;
  const double budget = std::clamp(0.5 * frame_interval_, kMinStepBudget, kMaxStepBudget);
  const double deadline = wall_now() + budget;
  const double advanced = sim_->advance_on_grid(owed_time_, [deadline] { return wall_now() > deadline; });
  owed_time_ -= advanced;
  behind_ = owed_time_ > 2 * sim_->sample_interval() + 1e-9;
  if (behind_) owed_time_ = 0;  // slow down instead of piling up a backlog
  // Smooth over ~10 frames so the indicator is readable.
  const double rtf = wall_dt > 0 ? advanced / wall_dt : 0;
  real_time_factor_ = real_time_factor_ == 0 ? rtf : 0.9 * real_time_factor_ + 0.1 * rtf;
  if (sim_->failed()) {
    running_ = false;
    if (!reported_failure_) message(MessageLevel::Error, sim_->failure());
    reported_failure_ = true;
  }
}

void App::frame(double wall_seconds) {
  const double wall_dt = last_wall_ < 0 ? 0 : std::min(wall_seconds - last_wall_, kMaxFrameDt);
  last_wall_ = wall_seconds;
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

  const Sketch sketch = sim_->scene().sketch();
  if (sketch.view_follows) camera_.center_on(sketch.view_center);
  ImDrawList& draw = *ImGui::GetBackgroundDrawList();
  draw_grid(camera_, draw, 0, 0, io.DisplaySize.x, io.DisplaySize.y);
  draw_sketch(sketch, camera_, draw);
  if (!running_) draw_sketch(BodyDrag::handles(*sim_), camera_, draw);
}

void App::handle_view_input() {
  const ImGuiIO& io = ImGui::GetIO();
  std::optional<std::string> refused;
  const bool dragging_body = body_drag_.update(*sim_, camera_, !running_, refused);
  if (refused) message(MessageLevel::Warning, *refused);
  if (dragging_body || io.WantCaptureMouse) return;
  if (orbit_view_input()) return;
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0) || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0))
    camera_.pan_pixels(io.MouseDelta.x, io.MouseDelta.y);
  if (io.MouseWheel != 0) camera_.zoom_at({io.MousePos.x, io.MousePos.y}, std::pow(1.15, io.MouseWheel));
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

void App::pinch(double factor, float cx, float cy) {
  if (factor > 0 && std::isfinite(factor)) camera_.zoom_at({cx, cy}, factor);
}

void App::after_present(int width, int height) {
  if (!png_requested_) return;
  png_requested_ = false;
  page_download_canvas_png("contactlab-" + sim_->description().id + ".png", width, height);
}

bool App::command(const std::string& name) {
  if (name == "play") running_ = !sim_->failed();
  else if (name == "pause") running_ = false;
  else if (name == "toggle") running_ = !running_ && !sim_->failed();
  else if (name == "step") {
    running_ = false;
    sim_->advance(2 * kSampleInterval);
  } else if (name == "reset") reset_run();
  else if (name == "defaults") {
    set_params(ParamValues(sim_->description().params));
    reset_run();
  } else if (name == "reset_view") {
    fit_view();
  } else
    return false;
  return true;
}

void App::apply_hash(const std::string& hash) {
  UrlState state = parse_url_state(hash, sim_->description().id);
  report_link_problems(state.problems);
  embed_ = state.embed;
  last_hash_.clear();  // always write the full state back, even if it did not change
  play_from_link_ = state.play;
  if (state.scene != sim_->description().id || *state.params != sim_->params()) {
    start_scene(state.scene, *state.params);
    running_ = state.play;
  } else {
    update_hash();
  }
}

void App::load_scene_text(const std::string& text) {
  SceneFileParse parsed = parse_scene_file(text);
  if (!parsed.file) {
    message(MessageLevel::Error, parsed.error);
    return;
  }
  auto sim = std::make_unique<Simulation>(find_scene(parsed.file->scene)->create());
  sim->set_sample_interval(kSampleInterval);
  std::optional<std::string> error = sim->set_params(parsed.file->params);
  if (!error) error = sim->reset();
  if (!error && parsed.file->state) error = sim->load_state(*parsed.file->state);
  if (error) {
    message(MessageLevel::Error, "scene file rejected: " + *error);
    return;
  }
  const bool same_scene = sim->description().id == sim_->description().id;
  adopt(std::move(sim));
  if (!same_scene) fit_view();
  update_hash();
  message(MessageLevel::Info, "scene file loaded (" + sim_->description().id + ", t = " + format_number(sim_->time()) + " s)");
}

void App::export_file(const std::string& what) {
  const std::string base = "contactlab-" + sim_->description().id;
  std::ostringstream out;
  if (what == "series") {
    write_series_csv(out, sim_->series());
    page_download_text(base + "-series.csv", "text/csv", out.str());
  } else if (what == "events") {
    write_events_header(out, sim_->description().event_fields);
    for (const Event& e : sim_->events().events()) write_event_row(out, e);
    page_download_text(base + "-events.csv", "text/csv", out.str());
  } else if (what == "loops" && sim_->scene().impact_loops()) {
    write_impact_loops_csv(out, *sim_->scene().impact_loops());
    page_download_text(base + "-loops.csv", "text/csv", out.str());
  } else if (what == "report") {
    if (const std::optional<ReportTable> table = sim_->scene().report()) {
      write_report_csv(out, *table);
      page_download_text(base + "-report.csv", "text/csv", out.str());
    }
  } else if (what == "scene") {
    page_download_text(base + ".json", "application/json", scene_file_json(*sim_).dump(2) + "\n");
  } else if (what == "png") {
    png_requested_ = true;
  }
}

std::string App::status_json() const {
  nlohmann::json s = {{"scene", sim_->description().id},
                      {"t", sim_->time()},
                      {"running", running_},
                      {"failed", sim_->failed()},
                      {"message", sim_->failed() ? sim_->failure() : last_message_},
                      {"rtf", real_time_factor_},
                      {"behind", behind_},
                      {"speed", speed_},
                      {"embed", embed_},
                      {"reset_pending", sim_->reset_pending()},
                      {"samples", sim_->series().size()},
                      {"steps", sim_->scene().step_count()},
                      {"events", sim_->events().total()}};
  nlohmann::json params = nlohmann::json::object();
  for (size_t i = 0; i < sim_->params().specs().size(); ++i)
    params[sim_->params().specs()[i].name] = sim_->params().format(i);
  s["params"] = params;
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

std::optional<ImVec4> App::widget_rect(const std::string& label) const {
  auto it = widget_rects_.find(label);
  if (it == widget_rects_.end()) return std::nullopt;
  return it->second;
}

}  // namespace cl::app
