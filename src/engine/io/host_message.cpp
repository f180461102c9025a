#include "io/host_message.h"

#include <algorithm>
#include <cmath>

#include "core/message_text.h"
#include "core/text.h"
#include "io/json_text.h"
#include "io/measured_table.h"  // its limits only: the page's fit panel reads the table
#include "io/param_json.h"
#include "scenes/registry.h"

namespace cl {
namespace {

constexpr double kMaxId = 9007199254740992.0;  // 2^53: an id survives the trip through a JavaScript number
constexpr size_t kMaxSeriesNames = 1000;
constexpr size_t kMaxSeriesNameBytes = 100;
constexpr long long kMinPoints = 2, kMaxPoints = 1000000;
constexpr size_t kMaxDataBytes = MeasuredTableLimits{}.max_bytes;  // a longer table would be refused unread
constexpr size_t kMaxDataNameBytes = 255;                           // a file name, as file systems allow
const char* const kDefaultDataName = "data.csv";

struct CommandSpec {
  const char* name;
  HostCommand command;
  std::vector<std::string> keys;  ///< the command's own keys, besides type, v, id and cmd
};

const std::vector<CommandSpec>& commands() {
  static const std::vector<CommandSpec> list = {
      {"hello", HostCommand::Hello, {}},
      {"get_params", HostCommand::GetParams, {}},
      {"set_params", HostCommand::SetParams, {"params"}},
      {"load", HostCommand::Load, {"scene", "preset", "params", "state"}},
      {"play", HostCommand::Play, {}},
      {"pause", HostCommand::Pause, {}},
      {"step", HostCommand::Step, {}},
      {"reset", HostCommand::Reset, {}},
      {"get_state", HostCommand::GetState, {}},
      {"get_series", HostCommand::GetSeries, {"names", "max_points"}},
      {"export", HostCommand::Export, {"what"}},
      {"get_activity_record", HostCommand::GetActivityRecord, {}},
      {"load_data", HostCommand::LoadData, {"text", "name"}},
  };
  return list;
}

const std::vector<std::string> kExports = {"series", "events", "scene", "loops", "report"};

std::string one_of(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

/// An integer field in [lo, hi], or why not.
std::optional<std::string> read_integer(const nlohmann::json& value, const char* field, double lo, double hi,
                                        long long& out) {
  if (!value.is_number_integer() || !(value.get<double>() >= lo && value.get<double>() <= hi))
    return text("host.integer_range", {{"field", field},
                                       {"min", std::to_string(static_cast<long long>(lo))},
                                       {"max", std::to_string(static_cast<long long>(hi))}});
  out = value.get<long long>();
  return std::nullopt;
}

std::optional<std::string> read_set_params(const nlohmann::json& doc, const SceneDescription& current,
                                           HostMessage& m) {
  auto it = doc.find("params");
  if (it == doc.end()) return text("host.set_params_needs");
  ParamValues scratch(current.params);
  const std::vector<std::string> problems = set_params_from_json(*it, scratch);
  if (!problems.empty()) return join_problems(problems);
  for (const auto& [name, value] : it->items()) m.values.emplace_back(name, scratch.format(*scratch.index_of(name)));
  return std::nullopt;
}

std::optional<std::string> read_load(const nlohmann::json& doc, HostMessage& m) {
  auto scene_it = doc.find("scene");
  if (scene_it == doc.end() || !scene_it->is_string()) return text("host.load_needs_scene", {{"scenes", scene_ids()}});
  const SceneEntry* entry = find_scene(scene_it->get<std::string>());
  if (!entry)
    return text("input.unknown_scene", {{"scene", quoted(scene_it->get<std::string>())}, {"scenes", scene_ids()}});
  m.scene = entry->description().id;
  ParamValues params(entry->description().params);
  if (auto preset_it = doc.find("preset"); preset_it != doc.end()) {
    if (!preset_it->is_string()) return "'preset' must be a string";
    const std::vector<Preset> presets = entry->create()->presets(params);
    auto preset = std::find_if(presets.begin(), presets.end(),
                               [&](const Preset& p) { return p.is_named(preset_it->get<std::string>()); });
    if (preset == presets.end())
      return "scene '" + m.scene + "' has no preset " + quoted(preset_it->get<std::string>());
    for (const auto& [name, value] : preset->values)
      if (auto error = params.set(name, value)) return "preset '" + preset->name() + "': " + *error;
  }
  if (auto params_it = doc.find("params"); params_it != doc.end()) {
    const std::vector<std::string> problems = set_params_from_json(*params_it, params);
    if (!problems.empty()) return join_problems(problems);
  }
  if (auto state_it = doc.find("state"); state_it != doc.end()) {
    if (!state_it->is_object()) return text("host.state_type");
    if (entry->fit_params_to_state)
      if (auto error = entry->fit_params_to_state(*state_it, params)) return *error;
    m.state = *state_it;
  }
  m.params = std::move(params);
  return std::nullopt;
}

std::optional<std::string> read_get_series(const nlohmann::json& doc, HostMessage& m) {
  if (auto names_it = doc.find("names"); names_it != doc.end()) {
    if (!names_it->is_array() || names_it->size() > kMaxSeriesNames)
      return text("host.names_array", {{"max", std::to_string(kMaxSeriesNames)}});
    for (const nlohmann::json& name : *names_it) {
      if (!name.is_string() || name.get<std::string>().size() > kMaxSeriesNameBytes)
        return text("host.names_strings", {{"max", std::to_string(kMaxSeriesNameBytes)}});
      m.series_names.push_back(name.get<std::string>());
    }
  }
  if (auto points_it = doc.find("max_points"); points_it != doc.end()) {
    long long points = 0;
    if (auto error = read_integer(*points_it, "max_points", kMinPoints, kMaxPoints, points)) return error;
    m.max_points = static_cast<size_t>(points);
  }
  return std::nullopt;
}

std::optional<std::string> read_export(const nlohmann::json& doc, HostMessage& m) {
  auto it = doc.find("what");
  if (it == doc.end() || !it->is_string() || std::find(kExports.begin(), kExports.end(), it->get<std::string>()) ==
                                                 kExports.end())
    return text("host.export_needs", {{"choices", one_of(kExports)}});
  m.what = it->get<std::string>();
  return std::nullopt;
}

std::optional<std::string> read_load_data(const nlohmann::json& doc, HostMessage& m) {
  auto text_it = doc.find("text");
  if (text_it == doc.end() || !text_it->is_string()) return text("host.load_data_needs");
  const size_t bytes = text_it->get_ref<const std::string&>().size();
  if (bytes > kMaxDataBytes)
    return text("host.load_data_too_large", {{"bytes", std::to_string(bytes)}, {"max", std::to_string(kMaxDataBytes)}});
  m.data_name = kDefaultDataName;
  if (auto name_it = doc.find("name"); name_it != doc.end()) {
    const std::string* name = name_it->get_ptr<const std::string*>();
    if (!name || name->empty() || name->size() > kMaxDataNameBytes || !is_valid_utf8(*name))
      return text("host.load_data_name", {{"max", std::to_string(kMaxDataNameBytes)}});
    m.data_name = *name;
  }
  return std::nullopt;
}

/// The whole message, or why not; `id` is set as soon as it is read.
std::optional<std::string> read_message(const nlohmann::json& doc, const SceneDescription& current, HostMessage& m,
                                        std::optional<long long>& id) {
  if (!doc.is_object()) return text("host.not_object");
  auto type_it = doc.find("type");
  if (type_it == doc.end() || *type_it != "contactlab") return text("host.type");
  if (auto id_it = doc.find("id"); id_it != doc.end()) {
    long long value = 0;
    if (auto error = read_integer(*id_it, "id", -kMaxId, kMaxId, value)) return error;
    id = m.id = value;
  }
  auto v_it = doc.find("v");
  if (v_it == doc.end() || !v_it->is_number_integer() || v_it->get<double>() != kHostProtocolVersion)
    return text("host.version", {{"version", std::to_string(kHostProtocolVersion)}});
  std::vector<std::string> names;
  for (const CommandSpec& c : commands()) names.push_back(c.name);
  auto cmd_it = doc.find("cmd");
  const auto command = cmd_it != doc.end() && cmd_it->is_string()
                           ? std::find_if(commands().begin(), commands().end(),
                                          [&](const CommandSpec& c) { return *cmd_it == c.name; })
                           : commands().end();
  if (command == commands().end()) return text("host.cmd", {{"commands", one_of(names)}});
  m.command = command->command;
  for (const auto& [key, value] : doc.items()) {
    const bool common = key == "type" || key == "v" || key == "id" || key == "cmd";
    if (!common && std::find(command->keys.begin(), command->keys.end(), key) == command->keys.end())
      return command->keys.empty() ? text("host.unknown_key", {{"key", quoted(key)}, {"command", command->name}})
                                   : text("host.unknown_key_takes", {{"key", quoted(key)},
                                                                     {"command", command->name},
                                                                     {"keys", one_of(command->keys)}});
  }
  switch (m.command) {
    case HostCommand::SetParams: return read_set_params(doc, current, m);
    case HostCommand::Load: return read_load(doc, m);
    case HostCommand::GetSeries: return read_get_series(doc, m);
    case HostCommand::Export: return read_export(doc, m);
    case HostCommand::LoadData: return read_load_data(doc, m);
    default: return std::nullopt;
  }
}

}  // namespace

HostMessageParse parse_host_message(const std::string& json_text, const SceneDescription& current) {
  HostMessageParse result;
  JsonParse json = parse_json_text(json_text);
  if (!json.value) {
    result.error = text("host.refused", {{"reason", printable(json.error)}});
    return result;
  }
  HostMessage m;
  if (auto error = read_message(*json.value, current, m, result.id)) {
    result.error = text("host.refused", {{"reason", *error}});
    return result;
  }
  result.message = std::move(m);
  return result;
}

}  // namespace cl
