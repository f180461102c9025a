// Units of measured data converted to a series' SI unit, never guessed.
#include <cmath>
#include <string>

#include <doctest/doctest.h>

#include "core/unit_conversion.h"

TEST_CASE("unit conversion: lengths, times, speeds and angles to SI") {
  CHECK(cl::si_factor("mm", "m") == doctest::Approx(1e-3).epsilon(1e-15));
  CHECK(cl::si_factor("cm", "m") == doctest::Approx(1e-2).epsilon(1e-15));
  CHECK(cl::si_factor("ms", "s") == doctest::Approx(1e-3).epsilon(1e-15));
  CHECK(cl::si_factor("min", "s") == doctest::Approx(60.0).epsilon(1e-15));
  CHECK(cl::si_factor("km/h", "m/s") == doctest::Approx(1.0 / 3.6).epsilon(1e-15));
  CHECK(cl::si_factor("m/s^2", "m/s²") == 1.0);
  CHECK(cl::si_factor("°", "rad") == doctest::Approx(M_PI / 180).epsilon(1e-15));
  CHECK(cl::si_factor("m", "m") == 1.0);
  // Between non-SI units of one dimension too: a measured column in mm against a series in cm.
  CHECK(cl::si_factor("mm", "cm") == doctest::Approx(0.1).epsilon(1e-15));
}

TEST_CASE("unit conversion: other dimensions and unknown spellings are no conversion") {
  CHECK_FALSE(cl::si_factor("mm", "s"));
  CHECK_FALSE(cl::si_factor("m/s", "m"));
  CHECK_FALSE(cl::si_factor("M", "m"));  // exact spellings: no case folding
  CHECK_FALSE(cl::si_factor("furlong", "m"));
  CHECK_FALSE(cl::si_factor("m", ""));
  CHECK(cl::units_like("m") == std::vector<std::string>{"m", "cm", "mm", "µm", "km"});
  CHECK(cl::units_like("s") == std::vector<std::string>{"s", "ms", "µs", "us", "min"});
  CHECK(cl::units_like("parsec").empty());
}
