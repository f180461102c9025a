// A teacher's activity over the run: set from a link or a file, and its
// rules asked by every path that changes parameters or starts a run.
#include <algorithm>

#include "app.h"
#include "core/text.h"

namespace cl::app {

std::string App::check_activity(const std::string& text) const {
  const ActivityParse parsed = parse_activity(text);
  if (!parsed.activity) return nlohmann::json{{"ok", false}, {"error", parsed.error}}.dump();
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
  return std::nullopt;
}

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
