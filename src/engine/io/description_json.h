#pragma once
// Parameter specs and scene descriptions as JSON: what `contactlab params`
// prints and what the page's accessible controls are generated from.
#include <nlohmann/json.hpp>

#include "core/scene.h"

namespace cl {

/// {"name","label","unit","help","live","kind","default","min","max"} plus
/// "choices" (choice), "placeholder" (text) and "log_scale" (numbers).
nlohmann::json param_spec_json(const ParamSpec& spec);

/// {"id","title","summary","caption","params":[...]}.
nlohmann::json scene_description_json(const SceneDescription& description);

}  // namespace cl
