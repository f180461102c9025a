// A teacher's activity over the run: set from a link or a file, and its
// rules asked by every path that changes parameters or starts a run.
#include <algorithm>
#include <cmath>

#include "app.h"
#include "core/text.h"

namespace cl::app {

std::string App::check_activity(const std::string& text) const {
  const ActivityParse parsed = parse_activity(text);
  if (!parsed.activity) return nlohmann::json{{"ok", false}, {"error", parsed.error}}.dump();
  // The questions' quantities against the run, when it is the activity's scene
  // (Customize mode's own); another scene's are asked when it is set.
  if (parsed.activity->scene == sim_->description().id)
    if (auto problem = activity_question_problem(*parsed.activity, sim_->scene()))
      return nlohmann::json{{"ok", false}, {"error", *problem}}.dump();
  return nlohmann::json{{"ok", true}, {"activity", activity_json(*parsed.activity)}}.dump();
}

std::optional<std::string> App::set_activity(const std::string& json_text, bool enforce) {
  if (json_text.empty()) {
    if (activity_) ++activity_revision_;
    activity_.reset();
    return std::nullopt;
  }
  ActivityParse parsed = parse_activity(json_text);
  if (!parsed.activity) return parsed.error;
  Activity& a = *parsed.activity;
  if (!prepared_now(a.scene, starts_of(a.scene, a.params), [this, json_text, enforce] {
        if (auto error = set_activity(json_text, enforce)) message(MessageLevel::Error, *error);
      }))
    return std::nullopt;  // set once its start is prepared
  if (!a.questions.empty()) {  // asked of its own start, built aside: a refusal changes nothing
    auto start = new_simulation(a.scene);
    std::optional<std::string> error = start->set_params(a.params);
    if (!error) error = start->reset();
    if (!error) error = activity_question_problem(a, start->scene());
    if (error) return error;
  }
  std::optional<Activity> before = std::move(activity_);
  activity_.reset();  // its own start is not refused by the rules it replaces
  if (auto error = load_scene(a.scene, a.params, nullptr)) {
    activity_ = std::move(before);
    return error;
  }
  ++activity_revision_;
  if (enforce) {
    show_legend_ = a.legend;
    activity_ = std::move(a);
  }
  watch_questions();
  return std::nullopt;
}

void App::watch_questions() {
  Simulation& sim = *sim_;
  if (!activity_ || activity_->questions.empty()) {
    questions_.reset();
    sim.on_start = nullptr;
    sim.on_event = nullptr;
    sim.on_sample = nullptr;
    return;
  }
  // Every start of the run (Reset, a drag, a loaded state) measures afresh.
  sim.on_start = [this, &sim, questions = activity_->questions] {
    questions_.emplace(sim.scene(), questions);
    ++question_starts_;
  };
  sim.on_event = [this](const Event& e) { questions_->observe(e); };
  sim.on_sample = [this, &sim](const std::vector<double>& sample) { questions_->sample(sim.scene(), sample); };
  sim.on_start();
}

std::string App::questions_json() const {
  nlohmann::json list = nlohmann::json::array();
  if (questions_)
    for (size_t i = 0; i < questions_->questions().size(); ++i) {
      const Question& q = questions_->questions()[i];
      const QuestionMeter::Reading& r = questions_->readings()[i];
      list.push_back({{"text", q.text}, {"quantity", q.quantity}, {"label", r.quantity.label}, {"unit", r.quantity.unit},
                      {"at", q.at}, {"tolerance", q.tolerance}, {"taken", r.taken},
                      {"measured", std::isfinite(r.value) ? nlohmann::json(r.value) : nlohmann::json(nullptr)}});
    }
  return nlohmann::json{{"start", question_starts_}, {"questions", list}}.dump();
}

std::string App::enforced_activity_json() const { return activity_ ? activity_json(*activity_).dump() : ""; }

const std::vector<ParamSpec>& App::param_specs() const {
  return activity_ ? activity_->specs : sim_->description().params;
}

std::optional<std::string> App::activity_refusal(const ParamValues& values) const {
  if (!activity_) return std::nullopt;
  return cl::activity_refusal(*activity_, sim_->params(), values);
}

std::optional<std::string> App::activity_refuses_start(const std::string& id, const ParamValues& values) const {
  if (!activity_) return std::nullopt;
  if (id != activity_->scene) return text("activity.other_scene", {{"scene", activity_->scene}, {"other", id}});
  return activity_refusal(values);
}

bool App::preset_offered(const Preset& preset) const {
  if (!activity_ || !activity_->presets) return true;
  const std::vector<std::string>& offered = *activity_->presets;
  return std::find(offered.begin(), offered.end(), preset.id) != offered.end();
}

}  // namespace cl::app
