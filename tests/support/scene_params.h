#pragma once
// Parameter values for tests: a scene's defaults, optionally a preset's
// values, then overrides. Every value must be accepted (the test stops with
// the scene's message otherwise).
#include <map>
#include <string>

#include <doctest/doctest.h>

#include "core/param.h"
#include "scenes/registry.h"

namespace test {

using Values = std::map<std::string, std::string>;

inline void set_all(cl::ParamValues& p, const Values& values) {
  for (const auto& [name, value] : values) {
    const auto error = p.set(name, value);
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
}

/// Scene `scene_id`'s defaults with `values` on top.
inline cl::ParamValues scene_params(const std::string& scene_id, const Values& values = {}) {
  const cl::SceneEntry* entry = cl::find_scene(scene_id);
  REQUIRE_MESSAGE(entry, "no scene " << scene_id);
  cl::ParamValues p(entry->description().params);
  set_all(p, values);
  return p;
}

/// The defaults, then preset `preset` of scene `scene_id`, then `extra`.
inline cl::ParamValues preset_params(const std::string& scene_id, const std::string& preset, const Values& extra = {}) {
  cl::ParamValues p = scene_params(scene_id);
  bool found = false;
  for (const cl::Preset& candidate : cl::find_scene(scene_id)->create()->presets(p))
    if (candidate.is_named(preset)) {
      found = true;
      set_all(p, candidate.values);
    }
  REQUIRE_MESSAGE(found, "scene " << scene_id << " has no preset " << preset);
  set_all(p, extra);
  return p;
}

}  // namespace test
