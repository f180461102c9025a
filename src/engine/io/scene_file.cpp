#include "io/scene_file.h"

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/json_text.h"
#include "io/param_json.h"
#include "scenes/registry.h"

namespace cl {
namespace {

/// "compare": [{name: value}, ...] read into variants; the error, if any.
std::optional<std::string> read_compare(const nlohmann::json& list, std::vector<Variant>& out) {
  if (!list.is_array() || list.size() < 2 || list.size() > kMaxVariants)
    return cl::text("scene_file.compare_not_list", {{"max", std::to_string(kMaxVariants)}});
  std::vector<Variant> variants;
  for (const nlohmann::json& item : list) {
    if (!item.is_object()) return cl::text("scene_file.compare_not_object");
    Variant v;
    for (const auto& [name, value] : item.items()) {
      if (!value.is_string() && !value.is_number())
        return cl::text("scene_file.compare_value_type",
                        {{"n", std::to_string(variants.size() + 1)}, {"name", quoted(name)}});
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
    result.error = cl::text("scene_file.rejected", {{"reason", printable(json.error)}});
    return result;
  }
  const nlohmann::json& doc = *json.value;
  if (!doc.is_object()) {
    result.error = cl::text("scene_file.not_object");
    return result;
  }
  auto scene_it = doc.find("scene");
  if (scene_it == doc.end() || !scene_it->is_string()) {
    result.error = cl::text("scene_file.no_scene", {{"scenes", scene_ids()}});
    return result;
  }
  const SceneEntry* entry = find_scene(scene_it->get<std::string>());
  if (!entry) {
    result.error =
        cl::text("input.unknown_scene", {{"scene", quoted(scene_it->get<std::string>())}, {"scenes", scene_ids()}});
    return result;
  }
  // Files without "format" predate it and are read as version 1.
  auto format_it = doc.find("format");
  if (format_it != doc.end() && (!format_it->is_string() || format_it->get<std::string>() != kSceneFileFormat)) {
    const std::string format = format_it->is_string()
                                   ? quoted(format_it->get<std::string>())
                                   : cl::text("scene_file.format_of_type", {{"type", format_it->type_name()}});
    result.error = cl::text("scene_file.format_unsupported", {{"format", format}, {"version", kSceneFileFormat}});
    return result;
  }
  SceneFile file{entry->description().id, ParamValues(entry->description().params), std::nullopt};
  std::vector<std::string> problems;
  if (auto params_it = doc.find("params"); params_it != doc.end())
    problems = set_params_from_json(*params_it, file.params);
  for (const auto& [key, value] : doc.items())
    if (key != "scene" && key != "params" && key != "state" && key != "format" && key != "t" && key != "compare")
      problems.push_back(cl::text("input.unknown_key", {{"key", quoted(key)}}));
  if (!problems.empty()) {
    result.error = cl::text("scene_file.rejected", {{"reason", join_problems(problems)}});
    return result;
  }
  auto state_it = doc.find("state");
  if (state_it != doc.end()) {
    if (entry->fit_params_to_state)
      if (auto error = entry->fit_params_to_state(*state_it, file.params)) {
        result.error = cl::text("scene_file.rejected", {{"reason", *error}});
        return result;
      }
    file.state = *state_it;
  }
  if (auto compare_it = doc.find("compare"); compare_it != doc.end()) {
    std::vector<ParamValues> checked;
    std::optional<std::string> error = read_compare(*compare_it, file.compare);
    if (!error) error = variant_params(file.params, file.compare, checked);
    if (error) {
      result.error = cl::text("scene_file.rejected", {{"reason", *error}});
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
