#pragma once
// The engine side of the page's postMessage protocol (issue 13): a course
// page that embeds ContactLab sends it JSON text, which is parsed and
// validated here completely, so that the app only ever acts on a
// well-formed command, and a hostile page gets an error reply, never a
// crash or a half-applied change.
//
// A message is one JSON object (at most io/json_text.h's limits: 32 MiB,
// 32 levels, 1,000,000 values; a "load" may carry a whole state):
//   {"type": "contactlab", "v": 1, "id": <integer, optional>, "cmd": <string>, ...}
// "id" (|id| <= 2^53) is echoed in the reply. Commands and their own keys:
//   hello                               connects: the reply describes the page
//                                       (protocol, scenes, the current scene's
//                                       parameters and specs), and the page
//                                       then posts its events to the sender
//   get_params                          the current scene's parameters
//   set_params  "params": {name: value, ...}
//               number, string or boolean per value, each validated as
//               ParamValues::set; one bad value refuses the whole message
//   load        "scene": id, "preset": its id or its name in any language
//               (optional), "params": {...} (optional, after the preset),
//               "state": {...} (optional, a scene file's state; checked by
//               Simulation::load_state)
//   play, pause, step, reset, get_state
//   get_series  "names": [string, ...] (optional: all), "max_points": integer
//               in [2, 1000000] (optional: all stored samples)
//   export      "what": "series" | "events" | "scene" | "loops" | "report"
//   get_activity_record                 what the student did in the activity (the xAPI-shaped
//                                       statements, web/statements.js): checked here,
//                                       answered by the page, which owns the record
//   load_data   "text": string, a table of measurements (a CSV from phyphox,
//               Tracker or a spreadsheet; at most MeasuredTableLimits' bytes),
//               "name": string (optional, default "data.csv"; 1-255 bytes of
//               UTF-8), the file's name as the fit panel shows it. Only the
//               shape is checked here; the page's fit panel reads the table
//               and answers (web/host_link.js): {name, title, rows,
//               columns: [{name, unit}]}, or an error with its reason
// Any other key, a wrong type or an out-of-range value refuses the message
// with an error naming the field.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "core/scene.h"

namespace cl {

/// The protocol version a message's "v" must give and every reply carries.
inline constexpr long long kHostProtocolVersion = 1;

enum class HostCommand {
  Hello, GetParams, SetParams, Load, Play, Pause, Step, Reset, GetState, GetSeries, Export, GetActivityRecord, LoadData
};

/// A validated message.
struct HostMessage {
  HostCommand command = HostCommand::GetState;
  std::optional<long long> id;
  /// set_params: name and text value of every parameter given, each already
  /// accepted by ParamValues::set for the current scene.
  std::vector<std::pair<std::string, std::string>> values;
  /// load: the scene id and its parameters (defaults, then the preset, then
  /// "params", then what the state's body list implies); the state if given.
  std::string scene;
  std::optional<ParamValues> params;
  std::optional<nlohmann::json> state;
  /// get_series: the names asked for (empty: all) and the most points per series.
  std::vector<std::string> series_names;
  std::optional<size_t> max_points;
  /// export: "series", "events", "scene", "loops" or "report".
  std::string what;
  /// load_data: the table's name ("data.csv" when not given). Its text is not
  /// copied: the page, which holds the message, hands it to the fit panel.
  std::string data_name;
};

struct HostMessageParse {
  std::optional<HostMessage> message;
  std::string error;            ///< when message is empty
  std::optional<long long> id;  ///< the message's id, when it could be read (for the error reply)
};

/// Parses and validates `json_text`; `current` is the running scene, whose
/// parameters set_params names.
HostMessageParse parse_host_message(const std::string& json_text, const SceneDescription& current);

}  // namespace cl
