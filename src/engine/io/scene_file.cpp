#include "io/scene_file.h"

#include "core/number_format.h"
#include "scenes/registry.h"

namespace cl {

SceneFileParse parse_scene_file(const std::string& text) {
  SceneFileParse result;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    result.error = std::string("scene file is not valid JSON: ") + e.what();
    return result;
  }
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
    result.error = "unknown scene '" + scene_it->get<std::string>() + "' (known: " + scene_ids() + ")";
    return result;
  }
  SceneFile file{entry->description().id, ParamValues(entry->description().params), std::nullopt};
  std::string problems;
  auto params_it = doc.find("params");
  if (params_it != doc.end()) {
    if (!params_it->is_object()) {
      problems += "\"params\" must be an object; ";
    } else {
      for (const auto& [name, value] : params_it->items()) {
        std::string text_value;
        if (value.is_string())
          text_value = value.get<std::string>();
        else if (value.is_number())
          text_value = format_number(value.get<double>());
        else if (value.is_boolean())
          text_value = value.get<bool>() ? "1" : "0";
        else {
          problems += "parameter '" + name + "' must be a number or a string; ";
          continue;
        }
        if (auto error = file.params.set(name, text_value)) problems += *error + "; ";
      }
    }
  }
  for (const auto& [key, value] : doc.items())
    if (key != "scene" && key != "params" && key != "state" && key != "format" && key != "t")
      problems += "unknown key '" + key + "'; ";
  if (!problems.empty()) {
    problems.resize(problems.size() - 2);
    result.error = "scene file rejected: " + problems;
    return result;
  }
  auto state_it = doc.find("state");
  if (state_it != doc.end()) {
    file.state = *state_it;
    if (entry->fit_params_to_state) entry->fit_params_to_state(*file.state, file.params);
  }
  result.file = std::move(file);
  return result;
}

nlohmann::json scene_file_json(const Simulation& sim) {
  nlohmann::json params = nlohmann::json::object();
  const ParamValues& p = sim.params();
  const auto& specs = p.specs();
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].kind == ParamKind::Real || specs[i].kind == ParamKind::Integer)
      params[specs[i].name] = p.number_at(i);
    else
      params[specs[i].name] = p.format(i);
  }
  return {{"format", "contactlab-scene/1"}, {"scene", sim.description().id}, {"params", params},
          {"state", sim.scene().state_json()}};
}

}  // namespace cl
