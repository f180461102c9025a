// ImplicitCurve::Tracing: a tracing cut into slices (as the page spreads it
// over frames) gives the curve of a tracing in one go, to the bit; its
// progress only grows; a refusal comes out the same either way. The segment
// grid's distance bound never exceeds the true polyline distance.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "geometry/implicit_curve.h"
#include "math/expression.h"

namespace {

constexpr double kView = 20;  // m, half width of the box
constexpr int kLattice = 512;
constexpr long long kBudget = 20'000'000;

/// f of `text` (compiled once; the expression must outlive the function).
cl::ImplicitCurve::Function function_of(cl::Expression2D& e, const std::string& text) {
  REQUIRE_FALSE(e.compile(text));
  return [&e](double x, double y) { return e(x, y); };
}

}  // namespace

TEST_CASE("a tracing in slices gives the one-go curve to the bit, every preset wall") {
  for (const std::string text :
       {"x^2 + y^2 - 15^2", "abs(x) + abs(y) - 15", "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2",
        "((x/12)^2 + (y/12)^2 - 1)^3 - (x/12)^2*(y/12)^3", "sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))"}) {
    CAPTURE(text);
    cl::Expression2D e;
    const auto f = function_of(e, text);
    cl::ImplicitCurve whole;
    REQUIRE_FALSE(cl::ImplicitCurve::build(f, kView, kLattice, kBudget, whole));

    cl::ImplicitCurve::Tracing tracing(f, kView, kLattice, kBudget);
    int slices = 0;
    double progress = 0, least_step = 1;
    // Stop after every unit of work: the finest slicing there is.
    while (!tracing.advance([] { return true; })) {
      ++slices;
      REQUIRE(tracing.progress() >= progress);
      least_step = std::min(least_step, tracing.progress() - progress);
      progress = tracing.progress();
    }
    MESSAGE(text << ": " << slices << " slices, " << whole.segment_count() << " segments");
    CHECK(slices > kLattice);  // a lattice row at a time at least
    REQUIRE_FALSE(tracing.error());
    const cl::ImplicitCurve& sliced = tracing.curve();
    REQUIRE(sliced.loops().size() == whole.loops().size());
    for (size_t l = 0; l < whole.loops().size(); ++l) {
      REQUIRE(sliced.loops()[l].size() == whole.loops()[l].size());
      for (size_t k = 0; k < whole.loops()[l].size(); ++k) REQUIRE(sliced.loops()[l][k] == whole.loops()[l][k]);
    }
    CHECK(sliced.chord_error() == whole.chord_error());
    CHECK(sliced.inside_area() == whole.inside_area());
  }
}

TEST_CASE("a refused wall is refused the same in slices") {
  cl::Expression2D e;
  // Finer than the lattice: over its evaluation budget.
  const auto f = function_of(e, "x^2 + y^2 - 2.25 + sin(1e6*x)");
  cl::ImplicitCurve whole;
  const auto error = cl::ImplicitCurve::build(f, 2.5, kLattice, 2'000'000, whole);
  REQUIRE(error);
  cl::ImplicitCurve::Tracing tracing(f, 2.5, kLattice, 2'000'000);
  int slices = 0;
  while (!tracing.advance([] { return true; })) ++slices;
  MESSAGE("refused after " << slices << " slices: " << *error);
  REQUIRE(tracing.error());
  CHECK(*tracing.error() == *error);
}

TEST_CASE("the grid's distance bound is a lower bound of the polyline distance") {
  cl::Expression2D e;
  const auto f = function_of(e, "sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))");
  cl::ImplicitCurve curve;
  REQUIRE_FALSE(cl::ImplicitCurve::build(f, kView, kLattice, kBudget, curve));
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-kView, kView);
  int skipped = 0;  // points the bound alone puts farther than 1 m from the wall
  double worst_ratio = 0;
  for (int k = 0; k < 20000; ++k) {
    const Eigen::Vector2d p(u(rng), u(rng));
    const double bound = curve.polyline_distance_at_least(p), exact = curve.closest_on_polyline(p).distance;
    REQUIRE(bound <= exact);
    if (bound >= 1) ++skipped;
    if (exact > 0) worst_ratio = std::max(worst_ratio, bound / exact);
  }
  MESSAGE("bound >= 1 m for " << skipped << " of 20000 points; largest bound/exact " << worst_ratio);
  CHECK(skipped > 5000);  // the bound is of use: it says "far" for much of the box
}
