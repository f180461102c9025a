#include "io/scene_file.h"

#include "core/message_text.h"
#include "core/number_format.h"
#include "io/json_text.h"
#include "io/param_json.h"
#include "scenes/registry.h"

namespace cl {
namespace {

/// "compare": [{name: value}, ...] read into variants; the error, if any.
std::optional<std::string> read_compare(const nlohmann::json& list, std::vector<Variant>& out) {
  if (!list.is_array() || list.size() < 2 || list.size() > kMaxVariants)
    return "\"compare\" must be a list of 2 to " + std::to_string(kMaxVariants) +
           " variants, each an object of the parameters it changes";
  std::vector<Variant> variants;
  for (const nlohmann::json& item : list) {
    if (!item.is_object()) return "each \"compare\" variant must be an object {name: value}";
    Variant v;
    for (const auto& [name, value] : item.items()) {
      if (!value.is_string() && !value.is_number())
        return "compare variant " + std::to_string(variants.size() + 1) + ": " + quoted(name) + " must be a number or text";
      v.changes.push_back({name, value.is_string() ? value.get<std::string>() : format_number(value.get<double>())});
    }
    variants.push_back(std::move(v));
  }
  out = std::move(variants);
  return std::nullopt;
}

}  // namespace

SceneFileParse parse_scene_file(const std::string& text) {
  SceneFileParse result;
  JsonParse json = parse_json_text(text);
  if (!json.value) {
    result.error = "scene file rejected: " + printable(json.error);
    return result;
  }
  const nlohmann::json& doc = *json.value;
  if (!doc.is_object()) {
    result.error = "scene file must be a JSON object with \"scene\" and \"params\"";
    return result;
  }
  auto scene_it = doc.find("scene");
  if (scene_it == doc.end() || !scene_it->is_string()) {
    result.error = "scene file has no \"scene\" name (one of: " + scene_ids() + ")";
    return result;
  }
  const SceneEntry* entry = find_scene(scene_it->get<std::string>());
  if (!entry) {
    result.error = "unknown scene " + quoted(scene_it->get<std::string>()) + " (known: " + scene_ids() + ")";
    return result;
  }
  // Files without "format" predate it and are read as version 1.
  auto format_it = doc.find("format");
  if (format_it != doc.end() && (!format_it->is_string() || format_it->get<std::string>() != kSceneFileFormat)) {
    const std::string format =
        format_it->is_string() ? quoted(format_it->get<std::string>()) : std::string("of type ") + format_it->type_name();
    result.error = "scene file format " + format + " is not supported (this version reads \"" + kSceneFileFormat + "\")";
    return result;
  }
  SceneFile file{entry->description().id, ParamValues(entry->description().params), std::nullopt};
  std::vector<std::string> problems;
  if (auto params_it = doc.find("params"); params_it != doc.end())
    problems = set_params_from_json(*params_it, file.params);
  for (const auto& [key, value] : doc.items())
    if (key != "scene" && key != "params" && key != "state" && key != "format" && key != "t" && key != "compare")
      problems.push_back("unknown key " + quoted(key));
  if (!problems.empty()) {
    result.error = "scene file rejected: " + join_problems(problems);
    return result;
  }
  auto state_it = doc.find("state");
  if (state_it != doc.end()) {
    if (entry->fit_params_to_state)
      if (auto error = entry->fit_params_to_state(*state_it, file.params)) {
        result.error = "scene file rejected: " + *error;
        return result;
      }
    file.state = *state_it;
  }
  if (auto compare_it = doc.find("compare"); compare_it != doc.end()) {
    std::vector<ParamValues> checked;
    std::optional<std::string> error = read_compare(*compare_it, file.compare);
    if (!error) error = variant_params(file.params, file.compare, checked);
    if (error) {
      result.error = "scene file rejected: " + *error;
      return result;
    }
  }
  result.file = std::move(file);
  return result;
}

nlohmann::json scene_file_json(const Simulation& sim, const std::vector<Variant>& compare) {
  nlohmann::json params = nlohmann::json::object();
  const ParamValues& p = sim.params();
  const auto& specs = p.specs();
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].kind == ParamKind::Real || specs[i].kind == ParamKind::Integer)
      params[specs[i].name] = p.number_at(i);
    else
      params[specs[i].name] = p.format(i);
  }
  nlohmann::json file = {{"format", kSceneFileFormat}, {"scene", sim.description().id}, {"params", params},
                         {"state", sim.scene().state_json()}};
  if (!compare.empty()) {
    file["compare"] = nlohmann::json::array();
    for (const Variant& v : compare) {
      nlohmann::json changes = nlohmann::json::object();
      for (const ParamChange& c : v.changes) changes[c.name] = c.value;
      file["compare"].push_back(changes);
    }
  }
  return file;
}

}  // namespace cl
