#include "io/activity.h"

#include <algorithm>

#include "core/limits.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/json_text.h"
#include "io/param_json.h"
#include "scenes/registry.h"

namespace cl {
namespace {

/// An activity is small: every parameter of a scene with a long reason each
/// takes a few KB, and its document nests three levels (activity, controls, control).
const JsonLimits kActivityJsonLimits{256u << 10, 8, 10000};

/// A question's tolerance, in its quantity's unit: far above any quantity a scene measures.
constexpr double kMaxTolerance = 1e12;

bool is_numeric(const ParamSpec& s) { return s.kind == ParamKind::Real || s.kind == ParamKind::Integer; }

/// The string at `key` of `doc` (absent: ""), or a problem when it is not a string or is too long.
std::string read_text(const nlohmann::json& doc, const std::string& key, size_t max_bytes,
                      std::vector<std::string>& problems) {
  const auto it = doc.find(key);
  if (it == doc.end()) return "";
  if (!it->is_string() || it->get<std::string>().size() > max_bytes) {
    problems.push_back(cl::text("activity.text_type", {{"key", quoted(key)}, {"max", std::to_string(max_bytes)}}));
    return "";
  }
  return it->get<std::string>();
}

bool read_flag(const nlohmann::json& doc, const std::string& key, bool fallback, std::vector<std::string>& problems) {
  const auto it = doc.find(key);
  if (it == doc.end()) return fallback;
  if (!it->is_boolean()) {
    problems.push_back(cl::text("activity.flag_type", {{"key", quoted(key)}}));
    return fallback;
  }
  return it->get<bool>();
}

/// One parameter's entry of "controls" applied to its spec `s` (the teacher's value `value`).
void read_control(const nlohmann::json& control, ParamSpec& s, double value, std::vector<std::string>& problems) {
  if (!control.is_object()) {
    problems.push_back(cl::text("activity.control_type", {{"name", s.name}}));
    return;
  }
  const ParamSpec scene_spec = s;  // each bound within the scene's own range
  for (const auto& [key, item] : control.items()) {
    if (key == "access") {
      const std::string access = item.is_string() ? item.get<std::string>() : "";
      if (access == "shown") s.access = ParamAccess::Shown;
      else if (access == "locked") s.access = ParamAccess::Locked;
      else if (access == "hidden") s.access = ParamAccess::Hidden;
      else problems.push_back(cl::text("activity.access", {{"name", s.name}}));
    } else if (key == "reason") {
      if (!item.is_string() || item.get<std::string>().size() > kActivityReasonBytes)
        problems.push_back(cl::text("activity.text_type", {{"key", quoted(s.name + ".reason")},
                                                           {"max", std::to_string(kActivityReasonBytes)}}));
      else s.lock_reason = item.get<std::string>();
    } else if (key == "min" || key == "max") {
      if (!is_numeric(s)) {
        problems.push_back(cl::text("activity.range_not_numeric", {{"name", s.name}}));
      } else if (!item.is_number()) {
        problems.push_back(cl::text("activity.range_type", {{"name", s.name}, {"key", key}}));
      } else {
        const double bound = item.get<double>();
        if (bound < scene_spec.min || bound > scene_spec.max)
          problems.push_back(cl::text("activity.range_outside", {{"name", s.name}, {"value", format_number(bound)},
                                                                 {"range", describe_range(scene_spec)}}));
        else (key == "min" ? s.min : s.max) = bound;
      }
    } else {
      problems.push_back(cl::text("input.unknown_key", {{"key", quoted(s.name + "." + key)}}));
    }
  }
  if (s.min > s.max)
    problems.push_back(cl::text("activity.range_empty",
                                {{"name", s.name}, {"min", format_number(s.min)}, {"max", format_number(s.max)}}));
  else if (is_numeric(s) && (value < s.min || value > s.max))
    problems.push_back(cl::text("activity.value_outside", {{"name", s.name}, {"value", format_number(value)},
                                                           {"range", describe_range(s)}}));
  if (s.access != ParamAccess::Locked) s.lock_reason.clear();  // said only with a lock
}

/// A number at `key` of a question (`where`: "question 2") within (low, high], or a problem.
double read_bound(const nlohmann::json& q, const std::string& key, const std::string& where, double high,
                  std::vector<std::string>& problems) {
  const auto it = q.find(key);
  if (it == q.end() || !it->is_number() || !(it->get<double>() > 0 && it->get<double>() <= high)) {
    problems.push_back(cl::text("activity.question_number", {{"where", where}, {"key", quoted(key)}, {"max", format_number(high)}}));
    return 0;
  }
  return it->get<double>();
}

/// "questions": at most kActivityQuestions objects {text, quantity, at, tolerance}.
std::vector<Question> read_questions(const nlohmann::json& list, std::vector<std::string>& problems) {
  std::vector<Question> questions;
  if (!list.is_array() || list.size() > kActivityQuestions) {
    problems.push_back(cl::text("activity.questions_type", {{"max", std::to_string(kActivityQuestions)}}));
    return questions;
  }
  for (size_t k = 0; k < list.size(); ++k) {
    const nlohmann::json& q = list[k];
    const std::string where = cl::text("activity.question_where", {{"number", std::to_string(k + 1)}});
    if (!q.is_object()) {
      problems.push_back(cl::text("activity.question_type", {{"where", where}}));
      continue;
    }
    Question question;
    question.text = read_text(q, "text", kActivityQuestionBytes, problems);
    question.quantity = read_text(q, "quantity", kActivityQuestionBytes, problems);
    if (question.text.empty() || question.quantity.empty())
      problems.push_back(cl::text("activity.question_missing", {{"where", where}}));
    question.at = read_bound(q, "at", where, kMaxTime, problems);
    question.tolerance = read_bound(q, "tolerance", where, kMaxTolerance, problems);
    for (const auto& [key, value] : q.items())
      if (key != "text" && key != "quantity" && key != "at" && key != "tolerance")
        problems.push_back(cl::text("input.unknown_key", {{"key", quoted(key)}}));
    questions.push_back(std::move(question));
  }
  return questions;
}

}  // namespace

ActivityParse parse_activity(const std::string& text) {
  ActivityParse result;
  JsonParse json = parse_json_text(text, kActivityJsonLimits);
  if (!json.value) {
    result.error = cl::text("activity.rejected", {{"reason", printable(json.error)}});
    return result;
  }
  const nlohmann::json& doc = *json.value;
  if (!doc.is_object()) {
    result.error = cl::text("activity.rejected", {{"reason", cl::text("activity.not_object")}});
    return result;
  }
  const auto format_it = doc.find("format");
  if (format_it == doc.end() || !format_it->is_string() || format_it->get<std::string>() != kActivityFormat) {
    const std::string format = format_it == doc.end() ? cl::text("activity.format_missing")
                               : format_it->is_string() ? quoted(format_it->get<std::string>())
                                                        : cl::text("scene_file.format_of_type", {{"type", format_it->type_name()}});
    result.error = cl::text("activity.format_unsupported", {{"format", format}, {"version", kActivityFormat}});
    return result;
  }
  const auto scene_it = doc.find("scene");
  const SceneEntry* entry = scene_it != doc.end() && scene_it->is_string() ? find_scene(scene_it->get<std::string>()) : nullptr;
  if (!entry) {
    const std::string named = scene_it != doc.end() && scene_it->is_string() ? quoted(scene_it->get<std::string>()) : "-";
    result.error = cl::text("activity.rejected",
                            {{"reason", cl::text("input.unknown_scene", {{"scene", named}, {"scenes", scene_ids()}})}});
    return result;
  }
  const std::vector<ParamSpec>& scene_specs = entry->description().params;
  Activity a{entry->description().id, scene_specs, ParamValues(scene_specs)};
  std::vector<std::string> problems;
  if (const auto it = doc.find("params"); it != doc.end()) problems = set_params_from_json(*it, a.params);
  if (const auto it = doc.find("controls"); it != doc.end()) {
    if (!it->is_object()) problems.push_back(cl::text("activity.controls_type"));
    else
      for (const auto& [name, control] : it->items()) {
        const std::optional<size_t> i = a.params.index_of(name);
        if (!i) problems.push_back(cl::text("param.unknown", {{"name", quoted(name)}}));
        else read_control(control, a.specs[*i], a.params.number_at(*i), problems);
      }
  }
  for (size_t i = 0; i < a.specs.size(); ++i) {  // the teacher's values are the students' defaults
    a.specs[i].default_value = a.params.number_at(i);
    a.specs[i].default_text = a.params.text_at(i);
  }
  if (const auto it = doc.find("presets"); it != doc.end()) {
    const std::vector<Preset> presets = entry->create()->presets(a.params);
    a.presets.emplace();
    if (!it->is_array()) problems.push_back(cl::text("activity.presets_type"));
    else
      for (const nlohmann::json& id : *it) {
        const bool known = id.is_string() && std::any_of(presets.begin(), presets.end(),
                                                         [&id](const Preset& p) { return p.id == id.get<std::string>(); });
        if (!known) {
          std::string ids;
          for (const Preset& p : presets) ids += (ids.empty() ? "" : ", ") + p.id;
          problems.push_back(cl::text("url.unknown_preset",
                                      {{"scene", a.scene}, {"name", id.is_string() ? quoted(id.get<std::string>()) : "-"}, {"presets", ids}}));
        } else {
          a.presets->push_back(id.get<std::string>());
        }
      }
  }
  a.legend = read_flag(doc, "legend", true, problems);
  a.theory = read_flag(doc, "theory", false, problems);
  a.title = read_text(doc, "title", kActivityTitleBytes, problems);
  a.instruction = read_text(doc, "instruction", kActivityInstructionBytes, problems);
  a.plots = read_text(doc, "plots", kActivityPlotsBytes, problems);
  if (const auto it = doc.find("questions"); it != doc.end()) a.questions = read_questions(*it, problems);
  static const std::vector<std::string> keys = {"format", "scene",  "params", "controls",    "presets",  "legend",
                                                "theory", "title", "instruction", "plots", "questions"};
  for (const auto& [key, value] : doc.items())
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      problems.push_back(cl::text("input.unknown_key", {{"key", quoted(key)}}));
  if (!problems.empty()) {
    result.error = cl::text("activity.rejected", {{"reason", join_problems(problems)}});
    return result;
  }
  result.activity = std::move(a);
  return result;
}

nlohmann::json activity_json(const Activity& a) {
  nlohmann::json params = nlohmann::json::object(), controls = nlohmann::json::object();
  const std::vector<ParamSpec>& scene_specs = a.params.specs();
  for (size_t i = 0; i < a.specs.size(); ++i) {
    const ParamSpec& s = a.specs[i];
    params[s.name] = a.params.format(i);
    nlohmann::json control = nlohmann::json::object();
    if (s.access != ParamAccess::Shown) control["access"] = s.access == ParamAccess::Locked ? "locked" : "hidden";
    if (s.access == ParamAccess::Locked && !s.lock_reason.empty()) control["reason"] = s.lock_reason;
    if (is_numeric(s) && s.min != scene_specs[i].min) control["min"] = s.min;
    if (is_numeric(s) && s.max != scene_specs[i].max) control["max"] = s.max;
    if (!control.empty()) controls[s.name] = control;
  }
  nlohmann::json doc = {{"format", kActivityFormat}, {"scene", a.scene},   {"title", a.title},
                        {"instruction", a.instruction}, {"params", params}, {"controls", controls},
                        {"legend", a.legend},           {"theory", a.theory}, {"plots", a.plots}};
  if (a.presets) doc["presets"] = *a.presets;
  doc["questions"] = nlohmann::json::array();
  for (const Question& q : a.questions)
    doc["questions"].push_back({{"text", q.text}, {"quantity", q.quantity}, {"at", q.at}, {"tolerance", q.tolerance}});
  return doc;
}

std::optional<std::string> activity_question_problem(const Activity& a, const Scene& scene) {
  const std::vector<SeriesSpec> known = question_quantities(scene);
  for (size_t k = 0; k < a.questions.size(); ++k)
    if (auto problem = question_problem(a.questions[k], known))
      return cl::text("activity.rejected",
                      {{"reason", cl::text("activity.question_where", {{"number", std::to_string(k + 1)}}) + ": " + *problem}});
  return std::nullopt;
}

std::optional<std::string> activity_refusal(const Activity& a, const ParamValues& current, const ParamValues& values) {
  ParamValues narrowed(a.specs);  // the narrowed ranges, checked as every value is checked
  for (size_t i = 0; i < a.specs.size(); ++i) {
    if (values.format(i) == current.format(i)) continue;
    const ParamSpec& s = a.specs[i];
    if (s.access == ParamAccess::Locked)
      return s.lock_reason.empty()
                 ? cl::text("activity.locked", {{"name", s.name}, {"label", s.label()}})
                 : cl::text("activity.locked_because", {{"name", s.name}, {"label", s.label()}, {"reason", s.lock_reason}});
    if (s.access == ParamAccess::Hidden) return cl::text("activity.hidden", {{"name", s.name}, {"label", s.label()}});
    if (is_numeric(s))
      if (auto error = narrowed.set_number(i, values.number_at(i))) return error;
  }
  return std::nullopt;
}

}  // namespace cl
