#include "io/description_json.h"

namespace cl {

nlohmann::json param_spec_json(const ParamSpec& s) {
  nlohmann::json p = {{"name", s.name}, {"label", s.label()}, {"unit", s.unit}, {"help", s.help()},
                      {"live", s.apply == ParamApply::Live}};
  switch (s.kind) {
    case ParamKind::Choice:
      p["kind"] = "choice";
      p["default"] = s.choices.at(static_cast<size_t>(s.default_value));
      p["choices"] = s.choices;
      p["choice_labels"] = nlohmann::json::array();
      for (size_t c = 0; c < s.choices.size(); ++c) p["choice_labels"].push_back(s.choice_label(c));
      p["min"] = nullptr;
      p["max"] = nullptr;
      break;
    case ParamKind::Text:
      p["kind"] = "text";
      p["default"] = s.default_text;
      p["placeholder"] = s.placeholder();
      p["min"] = nullptr;
      p["max"] = nullptr;
      break;
    default:
      p["kind"] = s.kind == ParamKind::Integer ? "integer" : "real";
      p["default"] = s.default_value;
      p["min"] = s.min;
      p["max"] = s.max;
      p["log_scale"] = s.log_scale;
  }
  if (s.access != ParamAccess::Shown) {  // only under an activity: a scene's own list has every one shown
    p["access"] = s.access == ParamAccess::Locked ? "locked" : "hidden";
    p["lock_reason"] = s.lock_reason;
  }
  if (!s.in_effect_when.first.empty())
    p["in_effect_when"] = {{"param", s.in_effect_when.first}, {"choices", s.in_effect_when.second}};
  return p;
}

nlohmann::json scene_description_json(const SceneDescription& d) {
  nlohmann::json params = nlohmann::json::array();
  for (const ParamSpec& s : d.params) params.push_back(param_spec_json(s));
  return {{"id", d.id}, {"title", d.title()}, {"summary", d.summary()}, {"caption", d.caption()}, {"params", params}, {"key_params", d.key_params}};
}

}  // namespace cl
