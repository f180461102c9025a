// Compared runs' labels (run/comparison.h): the machine label the CSV, the
// CLI and links read, and the one for people with choices by name.
#include <doctest/doctest.h>

#include "core/text.h"
#include "run/comparison.h"
#include "scenes/registry.h"

TEST_CASE("a compared run's label for people names its choices; the machine label keeps the ids") {
  const std::vector<cl::ParamSpec>& params = cl::find_scene("ellipses")->description().params;
  const cl::Variant flores{{{"law", "flores"}, {"c_tau", "0.5"}}};
  CHECK(flores.label() == "law=flores c_tau=0.5");
  CHECK(flores.shown_label(params) == "law=Flores c_tau=0.5");
  const cl::Variant rk4{{{"integrator", "rk4"}}};
  CHECK(rk4.shown_label(params) == "integrator=Runge–Kutta 4");
  const cl::Variant unknown{{{"law", "no_such_law"}, {"no_such_param", "x"}}};  // as typed, before the checks
  CHECK(unknown.shown_label(params) == "law=no_such_law no_such_param=x");
  CHECK(cl::Variant{}.shown_label(params) == "reference");

  cl::set_language(cl::Language::German);
  CHECK(flores.shown_label(params) == "law=Flores c_tau=0.5");
  CHECK(cl::Variant{{{"law", "impulse"}}}.shown_label(params) == "law=Stoß (starr)");
  cl::set_language(cl::Language::English);
}
