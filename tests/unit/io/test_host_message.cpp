// parse_host_message: every command of the page's postMessage protocol
// parses; anything else (a wrong type, an unknown key, a bad value, hostile
// JSON) is refused with a message naming the field, and set_params is all or
// nothing.
#include <string>

#include <doctest/doctest.h>

#include "io/host_message.h"
#include "io/measured_table.h"
#include "scenes/pendulum.h"

namespace {

cl::HostMessageParse parse(const std::string& text) {
  return cl::parse_host_message(text, cl::pendulum_description());
}

/// Expects `text` refused with a message mentioning `what`.
void expect_refused(const std::string& text, const std::string& what) {
  const cl::HostMessageParse p = parse(text);
  CAPTURE(text);
  MESSAGE("refused: " << p.error);
  CHECK(!p.message);
  CHECK(p.error.find(what) != std::string::npos);
}

std::string message(const std::string& cmd, const std::string& extra = "") {
  return R"({"type": "contactlab", "v": 1, "id": 7, "cmd": ")" + cmd + "\"" + (extra.empty() ? "" : ", " + extra) + "}";
}

}  // namespace

TEST_CASE("host message: the commands without arguments") {
  const std::pair<const char*, cl::HostCommand> plain[] = {
      {"hello", cl::HostCommand::Hello}, {"get_params", cl::HostCommand::GetParams}, {"play", cl::HostCommand::Play},   {"pause", cl::HostCommand::Pause},
      {"step", cl::HostCommand::Step},            {"reset", cl::HostCommand::Reset}, {"get_state", cl::HostCommand::GetState},
      {"get_activity_record", cl::HostCommand::GetActivityRecord}};
  for (const auto& [name, command] : plain) {
    const cl::HostMessageParse p = parse(message(name));
    REQUIRE_MESSAGE(p.message, p.error);
    CHECK(p.message->command == command);
    CHECK(p.message->id == 7);
  }
  // "id" is optional.
  const cl::HostMessageParse p = parse(R"({"type": "contactlab", "v": 1, "cmd": "play"})");
  REQUIRE(p.message);
  CHECK(!p.message->id);
}

TEST_CASE("host message: set_params validates every value, all or nothing") {
  const cl::HostMessageParse p = parse(message("set_params", R"("params": {"L": 1.5, "integrator": "rk4", "v0": "3"})"));
  REQUIRE_MESSAGE(p.message, p.error);
  CHECK(p.message->command == cl::HostCommand::SetParams);
  REQUIRE(p.message->values.size() == 3);
  cl::ParamValues values(cl::pendulum_description().params);
  for (const auto& [name, value] : p.message->values) CHECK(!values.set(name, value));
  CHECK(values.number("L") == 1.5);
  CHECK(values.choice("integrator") == "rk4");
  CHECK(values.number("v0") == 3);
  // One bad value refuses the whole message, naming it.
  expect_refused(message("set_params", R"("params": {"L": 1.5, "g": 1000})"), "'g'");
  expect_refused(message("set_params", R"("params": {"Lenght": 1})"), "unknown parameter 'Lenght'");
  expect_refused(message("set_params", R"("params": {"L": null})"), "must be a number or a string");
  expect_refused(message("set_params", R"("params": [1])"), "\"params\" must be an object");
  expect_refused(message("set_params"), "set_params needs \"params\"");
  expect_refused(message("set_params", R"("params": {"L": 1e400})"), "too large for a double");
}

TEST_CASE("host message: load with a preset, parameters and a state") {
  const cl::HostMessageParse p = parse(message(
      "load", R"("scene": "implicit", "preset": "Diamond", "params": {"g": 0},
                  "state": {"t": 0, "balls": [{"x": 0, "y": 0, "vx": 1, "vy": 0}, {"x": 1, "y": 0, "vx": 0, "vy": 1}]})"));
  REQUIRE_MESSAGE(p.message, p.error);
  CHECK(p.message->command == cl::HostCommand::Load);
  CHECK(p.message->scene == "implicit");
  REQUIRE(p.message->params);
  CHECK(p.message->params->text("wall") == "abs(x) + abs(y) - 15");  // the preset
  CHECK(p.message->params->number("g") == 0);                       // then "params"
  CHECK(p.message->params->integer("N") == 2);                      // then the state's list
  REQUIRE(p.message->state);
  expect_refused(message("load", R"("scene": "warp_drive")"), "unknown scene 'warp_drive'");
  expect_refused(message("load"), "load needs \"scene\"");
  expect_refused(message("load", R"("scene": "implicit", "preset": "Bogus")"), "no preset 'Bogus'");
  expect_refused(message("load", R"("scene": "implicit", "state": [1])"), "'state' must be an object");
  std::string balls;
  for (int k = 0; k < 3000; ++k) balls += std::string(k ? "," : "") + R"({"x": 0, "y": 0, "vx": 0, "vy": 0})";
  expect_refused(message("load", R"("scene": "implicit", "state": {"balls": [)" + balls + "]}"), "3000 balls");
}

TEST_CASE("host message: get_series and export") {
  const cl::HostMessageParse p = parse(message("get_series", R"("names": ["t", "x"], "max_points": 500)"));
  REQUIRE_MESSAGE(p.message, p.error);
  CHECK(p.message->series_names == std::vector<std::string>{"t", "x"});
  CHECK(p.message->max_points == 500u);
  expect_refused(message("get_series", R"("names": "t")"), "'names' must be an array");
  expect_refused(message("get_series", R"("names": [1])"), "'names' must hold strings");
  expect_refused(message("get_series", R"("max_points": 1)"), "'max_points' must be an integer in [2, 1000000]");
  expect_refused(message("get_series", R"("max_points": 2.5)"), "'max_points'");
  const cl::HostMessageParse e = parse(message("export", R"("what": "events")"));
  REQUIRE(e.message);
  CHECK(e.message->what == "events");
  expect_refused(message("export", R"("what": "png")"), "export needs \"what\": one of series, events, scene, loops, report");
}

TEST_CASE("host message: load_data checks the table's shape only; the page reads it") {
  const cl::HostMessageParse p = parse(message("load_data", R"("name": "bounces.csv", "text": "t (s),y (m)\n0,1\n")"));
  REQUIRE_MESSAGE(p.message, p.error);
  CHECK(p.message->command == cl::HostCommand::LoadData);
  CHECK(p.message->id == 7);
  CHECK(p.message->data_name == "bounces.csv");
  // The name is optional; the text need not be a table here (the fit panel says what is wrong with it).
  const cl::HostMessageParse unnamed = parse(message("load_data", R"("text": "a,b\n1\n")"));
  REQUIRE_MESSAGE(unnamed.message, unnamed.error);
  CHECK(unnamed.message->data_name == "data.csv");
  const auto named = [](size_t bytes) { return R"("text": "t,y", "name": ")" + std::string(bytes - 4, 'm') + ".csv\""; };
  const cl::HostMessageParse longest = parse(message("load_data", named(255)));
  REQUIRE_MESSAGE(longest.message, longest.error);
  CHECK(longest.message->data_name.size() == 255);

  expect_refused(message("load_data"), "load_data needs \"text\"");
  expect_refused(message("load_data", R"("name": "a.csv")"), "load_data needs \"text\"");
  expect_refused(message("load_data", R"("text": 12)"), "load_data needs \"text\"");
  expect_refused(message("load_data", R"("text": ["t,y", "0,1"])"), "load_data needs \"text\"");
  expect_refused(message("load_data", R"("text": "t,y", "name": 3)"), "'name' must be a string of 1 to 255 bytes");
  expect_refused(message("load_data", R"("text": "t,y", "name": "")"), "'name'");
  expect_refused(message("load_data", named(256)), "'name' must be a string of 1 to 255 bytes");
  expect_refused(message("load_data", R"("text": "t,y", "columns": ["t"])"),
                 "unknown key 'columns' for 'load_data' (it takes text, name)");
  // Past the measured-table reader's byte limit: refused here, as the fit panel would refuse it unread.
  const size_t over = cl::MeasuredTableLimits{}.max_bytes + 1;
  expect_refused(message("load_data", "\"text\": \"" + std::string(over, '1') + "\""),
                 "'text' has " + std::to_string(over) + " bytes, more than the " +
                     std::to_string(cl::MeasuredTableLimits{}.max_bytes));
}

TEST_CASE("host message: the envelope is checked field by field; the id is kept for the error reply") {
  expect_refused("[1, 2]", "must be a JSON object");
  expect_refused(R"({"v": 1, "cmd": "play"})", "'type' must be \"contactlab\"");
  expect_refused(R"({"type": "other", "v": 1, "cmd": "play"})", "'type'");
  expect_refused(R"({"type": "contactlab", "cmd": "play"})", "'v' must be 1");
  expect_refused(R"({"type": "contactlab", "v": 2, "cmd": "play"})", "'v' must be 1");
  expect_refused(R"({"type": "contactlab", "v": 1, "cmd": "fly"})", "'cmd' must be one of hello, get_params, set_params");
  expect_refused(R"({"type": "contactlab", "v": 1, "cmd": 3})", "'cmd'");
  expect_refused(R"({"type": "contactlab", "v": 1, "id": "a", "cmd": "play"})", "'id' must be an integer");
  expect_refused(R"({"type": "contactlab", "v": 1, "id": 1e300, "cmd": "play"})", "'id'");
  expect_refused(message("play", R"("speed": 2)"), "unknown key 'speed' for 'play'");
  expect_refused(message("export", R"("what": "series", "format": "csv")"), "unknown key 'format' for 'export' (it takes what)");
  const cl::HostMessageParse p = parse(R"({"type": "contactlab", "v": 1, "id": 42, "cmd": "fly"})");
  CHECK(p.id == 42);
}

TEST_CASE("host message: hostile JSON is refused with a message") {
  expect_refused("{", "not valid JSON");
  expect_refused("{\"type\": \"contactlab\", \"x\": \"\xff\"}", "not valid JSON");
  expect_refused(std::string(100000, '[') + std::string(100000, ']'), "nested deeper than 32 levels");
  expect_refused(std::string(33 << 20, ' '), "more than the limit");
  const cl::HostMessageParse p = parse(message("play", "\"" + std::string(1 << 20, 'k') + "\": 1"));
  CHECK(!p.message);
  CHECK(p.error.size() < 300);  // the key is quoted short
}
