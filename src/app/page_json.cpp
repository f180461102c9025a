// What the page reads as JSON: the status line, the scene's description,
// the palette, the sweep's base and the theory.
#include "app.h"

#include <algorithm>

#include "io/description_json.h"
#include "io/scene_file.h"
#include "io/theory_json.h"

namespace cl::app {

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
                                 {"drawing_share", drawing_share()},
                                 {"engine_rtf", timing_.engine_factor()}}},
                      {"legend", legend_shown()},
                      {"drawing", !idle_},
                      {"frames_drawn", frames_drawn_},
                      {"speed_text", speed_text()},
                      {"behind", behind_},
                      {"speed", speed_},
                      {"embed", embed_},
                      {"controls_in_page", controls_in_page_},
                      {"theme", theme_name(theme_)},
                      {"language", language_code(language())},
                      {"palette", palette_json()},
                      {"reduced_motion", reduced_motion_},
                      {"reset_pending", sim_->reset_pending()},
                      {"starting", waiting_start_ ? nlohmann::json(start_progress_) : nlohmann::json(nullptr)},
                      {"pending", sim_->pending_params()},
                      {"activity", activity_.has_value()},
                      {"activity_revision", activity_revision_},
                      {"samples", sim_->series().size()},
                      {"steps", sim_->scene().step_count()},
                      {"events", sim_->events().total()}};
  s["params"] = params_json();
  // The latest values of the series the scene plots by default, in words: what
  // the plots show, for the page's accessible summary.
  nlohmann::json readout = nlohmann::json::array();
  const SeriesRecorder& recorded = sim_->series();
  const std::vector<SeriesSpec> series = sim_->scene().series();
  for (const std::string& name : sim_->scene().readout_series()) {
    const auto it = std::find(recorded.names().begin(), recorded.names().end(), name);
    if (recorded.size() == 0 || it == recorded.names().end()) continue;
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
    bodies.push_back({{"x", b.position.x()}, {"y", b.position.y()}, {"vx", b.velocity.x()}, {"vy", b.velocity.y()},
                      {"screen", {screen.x(), screen.y()}}, {"arrow_tip", {tip.x(), tip.y()}}});
  }
  s["bodies"] = bodies;
  return s.dump();
}

nlohmann::json App::scene_info() const {
  SceneDescription described = sim_->description();
  described.params = param_specs();  // under an activity, as students get them
  nlohmann::json d = scene_description_json(described);
  nlohmann::json presets = nlohmann::json::array();
  for (const Preset& p : sim_->scene().presets(sim_->params()))
    if (preset_offered(p)) presets.push_back({{"id", p.id}, {"name", p.name()}, {"help", p.help()}});
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
  nlohmann::json quantities = nlohmann::json::array();  // what a question may ask (Customize mode)
  for (const SeriesSpec& q : question_quantities(sim_->scene()))
    quantities.push_back({{"name", q.name}, {"label", q.label}, {"unit", q.unit}});
  d["quantities"] = quantities;
  d["activity"] = activity_ ? nlohmann::json{{"title", activity_->title}, {"instruction", activity_->instruction}}
                            : nlohmann::json(nullptr);
  return d;
}

std::string App::sweep_base_json() const {
  nlohmann::json file = scene_file_json(*sim_);
  file.erase("state");  // every run of a sweep starts where Reset starts
  return file.dump();
}

std::string App::theory_json() const { return cl::theory_json(sim_->scene().theory()).dump(); }

}  // namespace cl::app
