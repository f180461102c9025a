#pragma once
// JSON scene files: {"format": "contactlab-scene/1", "scene": id,
// "params": {name: value, ...}, "state": {...}, "compare": [{name: value}, ...]}.
// The app saves and loads them; the CLI accepts them with --scene-file.
// "params" may list a subset (the rest keep their defaults); "state" is
// optional and scene-specific (exact initial positions and velocities);
// "compare" is optional: 2 to 4 variants of the start, the reference first,
// each the parameters it changes (run/comparison.h).
// "format" is optional: files saved before it existed are read as version 1;
// any other version is refused. The text is parsed within io/json_text.h's
// limits (size, nesting, values) before any document is built.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "run/comparison.h"
#include "run/simulation.h"

namespace cl {

/// The one format version this build writes and reads.
inline constexpr const char* kSceneFileFormat = "contactlab-scene/1";

struct SceneFile {
  std::string scene;                    ///< scene id
  ParamValues params;                   ///< defaults overridden by the file
  std::optional<nlohmann::json> state;  ///< the file's "state", if any
  std::vector<Variant> compare;         ///< checked against `params`; empty when none
};

struct SceneFileParse {
  std::optional<SceneFile> file;
  std::string error;  ///< all problems found, when file is empty
};

/// Parses and validates a scene file's text. Any unknown scene, unknown or
/// out-of-range parameter makes the whole file rejected (nothing half-loaded).
SceneFileParse parse_scene_file(const std::string& text);

/// The current run as a scene file (parameters and the current state), with
/// its compare variants when there are any.
nlohmann::json scene_file_json(const Simulation& sim, const std::vector<Variant>& compare = {});

}  // namespace cl
