// JSON scene files: a valid file loads; any problem rejects the whole file
// with a message naming it; save -> parse gives back the same run.
#include <cmath>
#include <string>

#include <doctest/doctest.h>

#include "io/compare_spec.h"
#include "io/scene_file.h"
#include "run/simulation.h"
#include "scenes/pendulum.h"
#include "scenes/registry.h"

namespace {

/// Parses `text`, expects rejection, and checks the message mentions `what`.
void expect_rejected(const std::string& text, const std::string& what) {
  const cl::SceneFileParse parsed = cl::parse_scene_file(text);
  CAPTURE(text);
  MESSAGE("rejected: " << parsed.error);
  CHECK(!parsed.file);  // nothing half-loaded
  CHECK(parsed.error.find(what) != std::string::npos);
}

}  // namespace

TEST_CASE("parse_scene_file loads a valid file") {
  const cl::SceneFileParse parsed = cl::parse_scene_file(R"({
    "format": "contactlab-scene/1", "scene": "pendulum",
    "params": {"L": 2, "v0": "3.5", "integrator": "rk4", "dt": 0.002},
    "state": {"t": 0, "x": 0, "y": -2, "vx": 3.5, "vy": 0}
  })");
  CHECK(parsed.error.empty());
  REQUIRE(parsed.file);
  CHECK(parsed.file->scene == "pendulum");
  CHECK(parsed.file->params.number("L") == 2);
  CHECK(parsed.file->params.number("v0") == 3.5);
  CHECK(parsed.file->params.choice("integrator") == "rk4");
  CHECK(parsed.file->params.number("dt") == 0.002);
  CHECK(parsed.file->params.number("g") == 10);  // unlisted parameters keep their defaults
  REQUIRE(parsed.file->state);
  CHECK((*parsed.file->state)["y"] == -2);

  // "params" and "state" are optional.
  const cl::SceneFileParse minimal = cl::parse_scene_file(R"({"scene": "pendulum"})");
  REQUIRE(minimal.file);
  CHECK(minimal.file->params == cl::ParamValues(cl::pendulum_description().params));
  CHECK(!minimal.file->state);
}

TEST_CASE("parse_scene_file rejects the whole file on any problem") {
  expect_rejected(R"({"scene": "pendulum", "params": {"L": 2,)", "not valid JSON");
  expect_rejected(R"([1, 2])", "must be a JSON object");
  expect_rejected(R"(42)", "must be a JSON object");
  expect_rejected(R"("pendulum")", "must be a JSON object");
  expect_rejected(R"({"params": {}})", "no \"scene\"");
  expect_rejected(R"({"scene": 5})", "no \"scene\"");
  expect_rejected(R"({"scene": "warp_drive"})", "unknown scene 'warp_drive'");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": 2, "Lenght": 1}})", "unknown parameter 'Lenght'");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": 2, "g": 1000}})", "'g'");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": 2, "v0": "fast"}})", "'v0'");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": null}})", "'L' must be a number or a string");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": [1]}})", "'L' must be a number or a string");
  expect_rejected(R"({"scene": "pendulum", "params": {"L": {"value": 1}}})", "'L' must be a number or a string");
  expect_rejected(R"({"scene": "pendulum", "params": [1, 2]})", "\"params\" must be an object");
  expect_rejected(R"({"scene": "pendulum", "params": {"integrator": "midpoint"}})", "'integrator'");
  expect_rejected(R"({"scene": "pendulum", "extra": 1})", "unknown key 'extra'");
  // Several problems are all listed.
  const cl::SceneFileParse many = cl::parse_scene_file(R"({"scene": "pendulum", "params": {"L": -1, "m": 0}})");
  CHECK(!many.file);
  CHECK(many.error.find("'L'") != std::string::npos);
  CHECK(many.error.find("'m'") != std::string::npos);
}

TEST_CASE("scene_file_json -> parse_scene_file round trip restores parameters and state") {
  cl::Simulation sim(cl::find_scene("pendulum")->create());
  cl::ParamValues p = sim.params();
  REQUIRE(!p.set("L", "1.7"));
  REQUIRE(!p.set("v0", "6.123456789012345"));
  REQUIRE(!p.set("e_thread", "0.3"));
  REQUIRE(!p.set("integrator", "rk4"));
  REQUIRE(!p.set("rtol", "1e-11"));
  REQUIRE(!sim.set_params(p));
  REQUIRE(!sim.reset());
  sim.advance(0.73);
  REQUIRE(!sim.failed());

  const nlohmann::json saved = cl::scene_file_json(sim);
  const std::string text = saved.dump(2);
  const cl::SceneFileParse parsed = cl::parse_scene_file(text);
  REQUIRE(parsed.file);
  CHECK(parsed.file->params == sim.params());
  REQUIRE(parsed.file->state);

  cl::Simulation loaded(cl::find_scene("pendulum")->create());
  REQUIRE(!loaded.set_params(parsed.file->params));
  REQUIRE(!loaded.reset());
  REQUIRE(!loaded.load_state(*parsed.file->state));
  const nlohmann::json a = sim.scene().state_json(), b = loaded.scene().state_json();
  double worst = 0;
  for (const char* key : {"x", "y", "vx", "vy"})
    worst = std::max(worst, std::abs(a[key].get<double>() - b[key].get<double>()));
  MESSAGE("state after save/load: t " << a["t"].get<double>() << " vs " << b["t"].get<double>()
                                      << ", largest difference in x, y, vx, vy " << worst);
  CHECK(a["t"].get<double>() == b["t"].get<double>());
  // Loading re-projects the mass onto the thread circle: |r| = L to ~1e-10
  // after the run, so the state may move by that much, not more.
  CHECK(worst <= 1e-9);
}

TEST_CASE("parse_scene_file refuses hostile files with a message, never an exception (issue 15)") {
  // A number beyond a double: was an uncaught out_of_range (abort).
  CHECK_NOTHROW(expect_rejected(R"({"scene": "pendulum", "params": {"L": 1e400}})", "too large for a double"));
  // A state nested 150,000 levels deep: was a stack overflow in the recursive copy.
  const std::string deep = R"({"scene": "pendulum", "state": )" + std::string(150000, '[') + std::string(150000, ']') + "}";
  expect_rejected(deep, "nested deeper than 32 levels");
  // Only this build's format; a file without "format" is read as version 1.
  expect_rejected(R"({"format": "contactlab-scene/99", "scene": "pendulum"})", "'contactlab-scene/99' is not supported");
  expect_rejected(R"({"format": 1, "scene": "pendulum"})", "format of type number is not supported");
  CHECK(cl::parse_scene_file(R"({"format": "contactlab-scene/1", "scene": "pendulum"})").file);
  CHECK(cl::parse_scene_file(R"({"scene": "pendulum"})").file);
  // A body list longer than its parameter allows is refused here (it was loaded whatever N said).
  std::string balls;
  for (int k = 0; k < 2001; ++k) balls += std::string(k ? "," : "") + R"({"x": 0, "y": 0, "vx": 0, "vy": 0})";
  expect_rejected(R"({"scene": "implicit", "state": {"balls": [)" + balls + "]}}", "2001 balls");
  // A thousand problems make a short message.
  std::string keys;
  for (int k = 0; k < 1000; ++k) keys += ", \"junk" + std::to_string(k) + "\": 1";
  const cl::SceneFileParse many = cl::parse_scene_file(R"({"scene": "pendulum")" + keys + "}");
  CHECK(!many.file);
  CHECK(many.error.find("and 990 more") != std::string::npos);
  CHECK(many.error.size() < 500);
}

TEST_CASE("every scene refuses a state time that is negative, not finite or beyond 1e6 s (issue 15: t = -1e9 hung)") {
  struct Case {
    const char* scene;
    const char* state;  // with "t" to fill in
  };
  const Case cases[] = {
      {"pendulum", R"({"t": T, "x": 0, "y": -1.1, "vx": 1, "vy": 0})"},
      {"implicit", R"({"t": T, "balls": [{"x": 0, "y": 0, "vx": 1, "vy": 0}]})"},
      {"ellipses", R"({"t": T, "bodies": [{"x": -3, "y": 0, "q": 0, "vx": 1, "vy": 0, "w": 0},
                                          {"x": 3, "y": 0, "q": 0, "vx": -1, "vy": 0, "w": 0}]})"},
      {"street", R"({"t": T, "x": 2.5, "y": 6, "q": 0, "vx": 0, "vy": 0, "w": 0})"},
      {"pile", R"({"t": T, "next_emit": 0, "particles": []})"},
  };
  for (const Case& c : cases) {
    for (const char* t : {"-1e9", "1e300", "\"soon\""}) {
      std::string state = c.state;
      state.replace(state.find('T'), 1, t);
      cl::Simulation sim(cl::find_scene(c.scene)->create());
      const nlohmann::json before = sim.scene().state_json();
      const auto error = sim.load_state(nlohmann::json::parse(state));
      CAPTURE(c.scene);
      CAPTURE(t);
      REQUIRE(error);
      MESSAGE(*error);
      CHECK(error->find("t ") != std::string::npos);
      CHECK(sim.scene().state_json() == before);
    }
    std::string state = c.state;
    state.replace(state.find('T'), 1, "0.25");
    cl::Simulation sim(cl::find_scene(c.scene)->create());
    const auto error = sim.load_state(nlohmann::json::parse(state));
    CHECK_MESSAGE(!error, c.scene << ": " << error.value_or(""));
  }
}

TEST_CASE("a state whose first sample is not finite is refused (issue 15: inf in the CSV with exit 0)") {
  cl::Simulation sim(cl::find_scene("pendulum")->create());
  const auto error = sim.load_state(nlohmann::json{{"t", 5}, {"x", 0}, {"y", -1.1}, {"vx", 1e300}, {"vy", 0}});
  REQUIRE(error);
  MESSAGE(*error);
  CHECK(error->find("became inf") != std::string::npos);
  CHECK(sim.time() == 0);
}

TEST_CASE("scene files store compare variants, checked like the link's") {
  const std::string head = R"({"format":"contactlab-scene/1","scene":"ellipses","params":{"n":2},)";
  const cl::SceneFileParse ok = cl::parse_scene_file(head + R"("compare":[{"law":"hunt_crossley"},{"law":"flores","c_tau":0.5}]})");
  REQUIRE(ok.file);
  REQUIRE(ok.file->compare.size() == 2);
  CHECK(ok.file->compare[1].label() == "c_tau=0.5 law=flores");  // a JSON object: names in key order
  expect_rejected(head + R"("compare":[{"law":"flores"}]})", "2 to 4");
  expect_rejected(head + R"("compare":[{"law":"flores"},{"law":"no_such_law"}]})", "compare variant 2");
  expect_rejected(head + R"("compare":[{"law":"flores"},{"nope":1}]})", "nope");
  expect_rejected(head + R"("compare":[{"law":"flores"},[1]]})", "object");

  // Saved with its variants, read back the same.
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  const nlohmann::json saved = cl::scene_file_json(sim, ok.file->compare);
  const cl::SceneFileParse again = cl::parse_scene_file(saved.dump());
  REQUIRE(again.file);
  CHECK(cl::compare_spec_text(again.file->compare) == cl::compare_spec_text(ok.file->compare));
}
