#pragma once
// The list of scenes, in the order the app's picker shows them. One explicit
// table (not static self-registration, which a static library can drop).
#include <memory>
#include <string>
#include <vector>

#include "core/scene.h"

namespace cl {

struct SceneEntry {
  const SceneDescription& (*description)();
  std::unique_ptr<Scene> (*create)();
  /// Adjusts parameters a scene file's state implies (the length of a body
  /// list sets n); nullptr when the state implies none. Returns why the state
  /// cannot fit (a list longer than the parameter's range allows).
  std::optional<std::string> (*fit_params_to_state)(const nlohmann::json& state, ParamValues& params) = nullptr;
  /// Does ahead, in slices until `stop_early` answers true, the costly work a
  /// start with `params` needs (tracing a typed wall), without a scene: the
  /// page spreads a start over frames this way, even a first one. nullptr
  /// when every start is cheap.
  double (*prepare_start)(const ParamValues& params, const Scene::YieldCheck& stop_early) = nullptr;

  /// The share of that work done, 0..1; at 1 a reset takes milliseconds.
  double prepare(const ParamValues& params, const Scene::YieldCheck& stop_early) const {
    return prepare_start ? prepare_start(params, stop_early) : 1;
  }
};

const std::vector<SceneEntry>& all_scenes();
/// nullptr if no scene has this id.
const SceneEntry* find_scene(const std::string& id);
/// "pendulum, ellipses, ..." for error messages.
std::string scene_ids();

}  // namespace cl
