#pragma once
// What every CLI command shares: exit codes, usage errors, the checks on
// output paths, and the scene's parameters from --scene-file, --preset and
// --set (in that order), refused before anything is written or run.
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "run/comparison.h"
#include "scenes/registry.h"

namespace cli {

constexpr int kExitRunFailed = 1;
constexpr int kExitUsage = 2;

/// Prints "contactlab: message" on stderr; returns kExitUsage.
int fail_usage(const std::string& message);

/// Why one of the outputs (option, path; empty paths skipped) cannot be
/// written, or names one of the inputs (empty ones skipped), or two name the
/// same file; checked without creating or truncating anything.
std::optional<std::string> check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs,
                                         const std::vector<std::string>& inputs);

/// A whole text file, refused when larger than `limit` bytes; read in
/// pieces, so memory follows the file's size, not the limit.
std::optional<std::string> read_text_file(const std::string& path, size_t limit, const std::string& what,
                                          std::string& text);

/// Flushes an output and says, naming it (`path`, empty: standard output),
/// if anything written to it was lost (a full disk, /dev/full).
std::optional<std::string> finish_output(std::ostream& out, const std::string& path);

struct SceneInput {
  std::string scene, scene_file, preset;
  std::vector<std::string> sets;
};

struct ResolvedInput {
  const cl::SceneEntry* entry = nullptr;
  cl::ParamValues params;
  std::optional<nlohmann::json> state;  ///< the scene file's start, if it has one
  std::vector<cl::Variant> compare;      ///< the scene file's compare variants, if it has them
};

/// The scene and its parameters; an error message (a usage error) if any input is bad.
std::optional<std::string> resolve_input(const SceneInput& input, ResolvedInput& out);

/// Reads "--until T" style numbers: false when `text` is not a number.
bool read_number(const std::string& text, double& target);

}  // namespace cli
