// math/sin_cos against the C library's sine and cosine, in ulps of the
// result (or of 1 near a zero of it, where the absolute error is what a unit
// vector feels): random angles over the range the bodies turn through, the
// multiples of π/2 and π/4 where the reduction and the quadrants meet, and
// what falls back to the C library.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "math/sin_cos.h"

namespace {

/// |a − b| in ulps of max(|b|, 2^-3): a component of a unit vector near 0 is held absolutely.
double ulps(double a, double b) {
  const double scale = std::max(std::abs(b), 0.125);
  return std::abs(a - b) / (scale * std::numeric_limits<double>::epsilon());
}

struct Worst {
  double sin = 0, cos = 0, norm = 0;
  void add(double x) {
    const cl::SinCos v = cl::sin_cos(x);
    sin = std::max(sin, ulps(v.sin, std::sin(x)));
    cos = std::max(cos, ulps(v.cos, std::cos(x)));
    norm = std::max(norm, std::abs(v.sin * v.sin + v.cos * v.cos - 1) / std::numeric_limits<double>::epsilon());
  }
};

}  // namespace

TEST_CASE("sin_cos: within 2 ulp of the C library for the angles bodies turn through") {
  Worst worst;
  std::mt19937_64 random(7);
  for (const double range : {1.0, 10.0, 1e3, 1e5, 9.9e5}) {
    std::uniform_real_distribution<double> angle(-range, range);
    for (int k = 0; k < 200000; ++k) worst.add(angle(random));
  }
  for (int k = -4000; k <= 4000; ++k) {  // quadrant edges and octants, and a hair either side
    const double x = k * 0.7853981633974483;
    worst.add(x);
    worst.add(std::nextafter(x, 1e9));
    worst.add(std::nextafter(x, -1e9));
  }
  std::printf("sin_cos vs the C library, 1,024,000 angles up to 9.9e5 rad: sin %.2f ulp, cos %.2f ulp; |n|^2 - 1 "
              "at most %.2f eps\n", worst.sin, worst.cos, worst.norm);
  CHECK(worst.sin <= 2);
  CHECK(worst.cos <= 2);
  CHECK(worst.norm <= 4);
}

TEST_CASE("sin_cos: exact at 0, the C library's beyond 1e6 rad, NaN for what is not finite") {
  CHECK(cl::sin_cos(0.0).sin == 0.0);
  CHECK(cl::sin_cos(0.0).cos == 1.0);
  for (const double x : {1e6, -3e7, 1e300}) {
    CHECK(cl::sin_cos(x).sin == std::sin(x));
    CHECK(cl::sin_cos(x).cos == std::cos(x));
  }
  CHECK(std::isnan(cl::sin_cos(std::numeric_limits<double>::infinity()).sin));
  CHECK(std::isnan(cl::sin_cos(std::nan("")).cos));
}
