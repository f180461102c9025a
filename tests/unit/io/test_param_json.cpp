// set_params_from_json: numbers, strings and booleans set parameters through
// ParamValues::set; every other type and every bad value is a problem.
#include <doctest/doctest.h>

#include "io/param_json.h"
#include "scenes/pendulum.h"

TEST_CASE("set_params_from_json applies numbers, strings and booleans, and lists every problem") {
  cl::ParamValues p(cl::pendulum_description().params);
  CHECK(cl::set_params_from_json(nlohmann::json::parse(R"({"L": 1.5, "v0": "3", "integrator": "rk4"})"), p).empty());
  CHECK(p.number("L") == 1.5);
  CHECK(p.number("v0") == 3);
  CHECK(p.choice("integrator") == "rk4");
  const std::vector<std::string> problems = cl::set_params_from_json(
      nlohmann::json::parse(R"({"L": null, "g": 1000, "nope": 1, "v0": [1], "m": {"kg": 1}})"), p);
  for (const std::string& problem : problems) MESSAGE(problem);
  CHECK(problems.size() == 5);
  CHECK(cl::set_params_from_json(nlohmann::json::array(), p) == std::vector<std::string>{"\"params\" must be an object"});
}
