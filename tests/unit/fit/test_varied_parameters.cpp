// The parameters a fit may vary (fit/varied_parameters.h): real, in effect,
// within their own range, started at their value; 1 to 4, none twice.
#include <doctest/doctest.h>

#include "core/message_text.h"
#include "fit/varied_parameters.h"
#include "support/scene_params.h"

TEST_CASE("varied parameters: a real parameter in effect, started at its value") {
  const cl::ParamValues pile = test::preset_params("pile", "bouncing_ball");
  cl::FitParameter p;
  REQUIRE_FALSE(cl::varied_parameter(pile, "c_tau", 0.5, 1, false, p));
  CHECK(p.name == "c_tau");
  CHECK(p.start == 0.9);
  REQUIRE_FALSE(cl::varied_parameter(pile, "k_h", 1e4, 1e8, true, p));
  CHECK(p.log);
}

TEST_CASE("varied parameters: refused with the reason") {
  const cl::ParamValues pile = test::preset_params("pile", "bouncing_ball");
  cl::FitParameter p;
  const auto refusal = [&](const char* name, double lo, double hi, bool log = false) {
    const auto error = cl::varied_parameter(pile, name, lo, hi, log, p);
    REQUIRE(error);
    MESSAGE(*error);
    return *error;
  };
  CHECK(refusal("nope", 0, 1).find("nope") != std::string::npos);
  CHECK(refusal("law", 0, 1).find("real") != std::string::npos);          // a choice
  CHECK(refusal("N_max", 1, 5).find("real") != std::string::npos);        // an integer
  CHECK(refusal("e", 0.5, 1).find("no effect") != std::string::npos);     // impulses' e under Flores's law
  CHECK(refusal("c_tau", 0.01, 1).find("[0.05, 1]") != std::string::npos);  // beyond its own range
  CHECK(refusal("c_tau", 1, 0.5).find("lower first") != std::string::npos);
  CHECK(refusal("g", 0, 20, true).find("above 0") != std::string::npos);
}

TEST_CASE("varied parameters: 1 to 4 of them, none twice") {
  const cl::FitParameter a{"a", 0, 1, false, 0.5}, b{"b", 0, 1, false, 0.5};
  CHECK(cl::check_varied_parameters({}));
  CHECK_FALSE(cl::check_varied_parameters({a}));
  CHECK_FALSE(cl::check_varied_parameters({a, b, {"c", 0, 1, false, 0}, {"d", 0, 1, false, 0}}));
  CHECK(cl::check_varied_parameters({a, b, {"c", 0, 1, false, 0}, {"d", 0, 1, false, 0}, {"e", 0, 1, false, 0}}));
  CHECK(cl::check_varied_parameters({a, b, a}));
}
