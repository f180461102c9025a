// The ellipses scene's state and series under their names since y replaced z
// (issue 35): files and links written before still load.
#include <optional>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "core/scene.h"
#include "run/simulation.h"
#include "scenes/registry.h"

TEST_CASE("an ellipses state written before y was called z loads, and is written with y") {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  const auto error = sim.load_state(nlohmann::json::parse(R"({"t": 0, "bodies": [
      {"x": -3, "z": 0.5, "q": 0, "vx": 1, "vz": -2, "w": 0}, {"x": 3, "z": 0, "q": 0, "vx": -1, "vz": 0, "w": 0}]})"));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  const nlohmann::json body = sim.scene().state_json()["bodies"][0];
  CHECK(body["y"] == 0.5);
  CHECK(body["vy"] == -2);
  CHECK(!body.contains("z"));
  const std::vector<cl::SeriesSpec> series = sim.scene().series();
  const std::optional<size_t> y0 = cl::find_series(series, "z0"), vy1 = cl::find_series(series, "vz1");
  REQUIRE(y0);  // links that plot z0
  CHECK(series[*y0].name == "y0");
  REQUIRE(vy1);
  CHECK(series[*vy1].name == "vy1");
  CHECK(!cl::find_series(series, "z7"));
}
