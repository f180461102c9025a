#include "cli_input.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/json_text.h"
#include "io/scene_file.h"

namespace cli {
namespace {

/// Why `path` cannot be written, found without creating or truncating it.
std::optional<std::string> unwritable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  const fs::file_status status = fs::status(p, ec);
  // A name too long, a loop of links, a folder that cannot be searched: the
  // system's reason, before anything runs.
  if (ec && ec != std::errc::no_such_file_or_directory)
    return cl::text("cli.cannot_write_reason", {{"path", cl::quoted(path)}, {"reason", ec.message()}});
  if (fs::exists(status)) {
    if (fs::is_directory(status)) return cl::text("cli.cannot_write_folder", {{"path", path}});
    if (access(path.c_str(), W_OK) != 0) return cl::text("cli.cannot_write", {{"path", path}});
    return std::nullopt;
  }
  const fs::path folder = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec) || access(folder.c_str(), W_OK | X_OK) != 0)
    return cl::text("cli.no_writable_folder", {{"path", path}, {"folder", folder.string()}});
  return std::nullopt;
}

/// Whether two paths name one regular file (an output written twice, or
/// over an input, would garble it); false when either cannot be resolved.
bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a, ec) && !fs::is_regular_file(a, ec)) return false;  // /dev/null may take both
  const fs::path ca = fs::weakly_canonical(fs::absolute(a, ec), ec);
  if (ec) return false;
  const fs::path cb = fs::weakly_canonical(fs::absolute(b, ec), ec);
  return !ec && ca == cb;
}

}  // namespace

int fail_usage(const std::string& message) {
  std::cerr << "contactlab: " << message << '\n';
  return kExitUsage;
}

std::optional<std::string> check_outputs(const std::vector<std::pair<std::string, std::string>>& outputs,
                                         const std::vector<std::string>& inputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const auto& [option, path] = outputs[i];
    if (path.empty()) continue;
    for (const std::string& input : inputs)
      if (!input.empty() && same_file(path, input))
        return cl::text("cli.output_is_input", {{"option", option}, {"path", input}});
    if (auto error = unwritable(path)) return option + ": " + *error;
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].second.empty() && same_file(path, outputs[j].second))
        return cl::text("cli.outputs_same_file", {{"first", outputs[j].first}, {"second", option}, {"path", path}});
  }
  return std::nullopt;
}

std::optional<std::string> read_text_file(const std::string& path, size_t limit, const std::string& what,
                                          std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return cl::text("cli.cannot_read", {{"what", what}, {"path", path}});
  text.clear();
  char piece[1 << 16];
  while (in.read(piece, sizeof piece) || in.gcount() > 0) {
    text.append(piece, static_cast<size_t>(in.gcount()));
    if (text.size() > limit)
      return cl::text("cli.file_too_large", {{"what", what}, {"path", path}, {"limit", std::to_string(limit)}});
  }
  if (in.bad()) return cl::text("cli.cannot_read", {{"what", what}, {"path", path}});
  return std::nullopt;
}

std::optional<std::string> finish_output(std::ostream& out, const std::string& path) {
  out.flush();
  if (out.good()) return std::nullopt;
  return cl::text("cli.write_incomplete", {{"path", path.empty() ? cl::text("cli.standard_output") : path}});
}

std::optional<std::string> resolve_input(const SceneInput& input, ResolvedInput& out) {
  const cl::SceneEntry* entry = cl::find_scene(input.scene);
  if (!entry) return cl::text("input.unknown_scene", {{"scene", cl::quoted(input.scene)}, {"scenes", cl::scene_ids()}});
  cl::ParamValues params(entry->description().params);
  std::optional<nlohmann::json> state;
  std::vector<cl::Variant> compare;
  if (!input.scene_file.empty()) {
    std::string text;
    const std::string what = cl::text("cli.what_scene_file");
    if (auto error = read_text_file(input.scene_file, cl::JsonLimits{}.max_bytes, what, text)) return error;
    cl::SceneFileParse parsed = cl::parse_scene_file(text);
    if (!parsed.file) return input.scene_file + ": " + parsed.error;
    if (parsed.file->scene != input.scene)
      return cl::text("cli.wrong_scene_file",
                      {{"file", input.scene_file}, {"found", parsed.file->scene}, {"scene", input.scene}});
    params = parsed.file->params;
    state = parsed.file->state;
    compare = parsed.file->compare;
  }
  if (!input.preset.empty()) {
    const std::vector<cl::Preset> presets = entry->create()->presets(params);
    auto it = std::find_if(presets.begin(), presets.end(), [&](const cl::Preset& p) { return p.is_named(input.preset); });
    if (it == presets.end()) {
      std::string names;
      for (const cl::Preset& p : presets) names += (names.empty() ? "" : ", ") + ("\"" + p.name() + "\"");
      return names.empty() ? cl::text("cli.no_preset", {{"scene", input.scene}, {"preset", cl::quoted(input.preset)}})
                           : cl::text("cli.no_preset_list", {{"scene", input.scene},
                                                             {"preset", cl::quoted(input.preset)},
                                                             {"presets", names}});
    }
    for (const auto& [name, value] : it->values)
      if (auto error = params.set(name, value))
        return cl::text("cli.preset_error", {{"preset", input.preset}, {"error", *error}});
  }
  for (const std::string& assignment : input.sets) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos) return cl::text("cli.set_form", {{"assignment", cl::quoted(assignment)}});
    if (auto error = params.set(assignment.substr(0, eq), assignment.substr(eq + 1))) return error;
  }
  out = {entry, std::move(params), std::move(state), std::move(compare)};
  return std::nullopt;
}

bool read_number(const std::string& text, double& target) {
  const std::optional<double> x = cl::parse_number(text);
  if (x) target = *x;
  return x.has_value();
}

}  // namespace cli
