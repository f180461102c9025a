// real_polynomial_roots: known roots of quadratics, cubics and quartics
// (double roots included), degree lowering by leading zeros, and random
// polynomials built from random roots.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "math/polynomial_roots.h"

namespace {

/// Coefficients (ascending) of lead * prod (x - r_i).
std::vector<double> from_roots(const std::vector<double>& roots, double lead = 1) {
  std::vector<double> c = {lead};
  for (double r : roots) {
    std::vector<double> next(c.size() + 1, 0.0);
    for (size_t i = 0; i < c.size(); ++i) {
      next[i + 1] += c[i];
      next[i] -= r * c[i];
    }
    c = next;
  }
  return c;
}

/// Largest distance from an expected root to the found one of the same
/// rank; infinity when the counts differ.
double max_root_error(const std::vector<double>& found, const std::vector<double>& expected) {
  if (found.size() != expected.size()) return INFINITY;
  double worst = 0;
  for (size_t i = 0; i < found.size(); ++i) worst = std::max(worst, std::abs(found[i] - expected[i]));
  return worst;
}

void check_roots(const std::vector<double>& c, const std::vector<double>& expected, double tol, const std::string& what) {
  const std::vector<double> found = cl::real_polynomial_roots(c);
  const double error = max_root_error(found, expected);
  MESSAGE(what << ": " << found.size() << " roots (expected " << expected.size() << "), max error " << error);
  CHECK(error <= tol);
}

}  // namespace

TEST_CASE("evaluate_polynomial is Horner's rule") {
  CHECK(cl::evaluate_polynomial({1, -3, 2}, 2.0) == 3.0);  // 1 - 6 + 8
  CHECK(cl::evaluate_polynomial({}, 2.0) == 0.0);
  CHECK(cl::evaluate_polynomial({5}, 100.0) == 5.0);
}

TEST_CASE("real_polynomial_roots on known cases") {
  // Simple roots: Newton polishing leaves a few ulps.
  const double simple = 1e-13;
  check_roots({2, -3, 1}, {1, 2}, simple, "(x-1)(x-2)");
  check_roots({1, 0, 1}, {}, 0, "x^2 + 1");
  check_roots(from_roots({-1, 2, 3}), {-1, 2, 3}, simple, "(x+1)(x-2)(x-3)");
  check_roots(from_roots({-1, 1, 3, -0.5}, 2.5), {-1, -0.5, 1, 3}, simple, "2.5 (x+1)(x-1)(x-3)(x+0.5)");
  check_roots({-6, 0, 0, 1}, {std::cbrt(6.0)}, simple, "x^3 - 6");
  check_roots({4, 0, 5, 0, 1}, {}, 0, "(x^2+1)(x^2+4)");
  check_roots({1e-3, -1}, {1e-3}, simple, "linear");
  // A double root is where the polynomial only touches zero (a grazing
  // contact): its position is determined only to ~sqrt(eps) ~ 1e-8.
  const double touching = 1e-7;
  check_roots({1, -2, 1}, {1}, touching, "(x-1)^2");
  check_roots(from_roots({1, 1, -2}), {-2, 1}, touching, "(x-1)^2 (x+2)");
  check_roots(from_roots({1, 1, -2, -2}), {-2, 1}, touching, "(x-1)^2 (x+2)^2");
  check_roots(from_roots({0.5, 0.5, 3}), {0.5, 3}, touching, "(x-0.5)^2 (x-3)");
  check_roots({4, -4, 1}, {2}, touching, "(x-2)^2");
  check_roots({0.25, -1, 1}, {0.5}, touching, "(x-0.5)^2");
}

TEST_CASE("real_polynomial_roots lowers the degree on leading zeros") {
  check_roots({2, -3, 1, 0, 0}, {1, 2}, 1e-13, "(x-1)(x-2) + 0 x^3 + 0 x^4");
  check_roots({2, -3, 1, 1e-20}, {1, 2}, 1e-13, "negligible cubic term");
  check_roots({3, 0}, {}, 0, "constant with a zero x term");
  check_roots({0, 0, 0}, {}, 0, "zero polynomial");
  check_roots({}, {}, 0, "no coefficients");
  check_roots({0, 2}, {0}, 0, "2x");
}

TEST_CASE("real_polynomial_roots on random double roots (grazing)") {
  // (x-a)^2 (x-b) with rounded coefficients is no longer exactly a double
  // root: it is two real roots or a complex pair, about
  // sqrt(eps |c| / |p''(a)/2|) ~ 1e-7 from a. Either way a must be found
  // (never lost as "complex"), and nothing may be reported away from a and b.
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> where(-3, 3);
  double worst = 0;
  int lost = 0, split = 0;
  for (int i = 0; i < 5000; ++i) {
    const double a = where(rng);
    double b = where(rng);
    while (std::abs(b - a) < 0.1) b = where(rng);
    const std::vector<double> found = cl::real_polynomial_roots(from_roots({a, a, b}));
    double near_a = INFINITY, near_b = INFINITY;
    for (double x : found) {
      near_a = std::min(near_a, std::abs(x - a));
      near_b = std::min(near_b, std::abs(x - b));
      worst = std::max(worst, std::min(std::abs(x - a), std::abs(x - b)));  // a stray root
    }
    worst = std::max({worst, near_a, near_b});
    if (!std::isfinite(near_a) || !std::isfinite(near_b)) ++lost;
    if (found.size() == 3) ++split;
  }
  MESSAGE("5000 cubics (x-a)^2 (x-b), |a-b| >= 0.1: " << lost << " lost a root, " << split
                                                      << " reported the double root as two, max distance " << worst);
  CHECK(lost == 0);
  // sqrt(2.2e-16 * 30 / 0.1) = 2.6e-7 at worst for |c| <= 30, |a - b| >= 0.1.
  CHECK(worst <= 1e-6);
}

TEST_CASE("real_polynomial_roots on random polynomials from random roots") {
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> where(-3, 3), lead(0.2, 5), imag(0.3, 2);
  const int trials = 20000;
  double worst = 0;
  int count_mismatches = 0;
  for (int i = 0; i < trials; ++i) {
    const int real_count = 1 + static_cast<int>(rng() % 6);
    std::vector<double> roots;
    // Separated by at least 0.05 so that each root is simple and well conditioned.
    while (static_cast<int>(roots.size()) < real_count) {
      const double r = where(rng);
      if (std::all_of(roots.begin(), roots.end(), [&](double q) { return std::abs(q - r) > 0.05; }))
        roots.push_back(r);
    }
    std::vector<double> c = from_roots(roots, (rng() % 2 ? 1 : -1) * lead(rng));
    // Sometimes a complex pair (x - a)^2 + b^2 too, which adds no real root.
    if (rng() % 2) {
      const double a = where(rng), b = imag(rng);
      std::vector<double> q = {a * a + b * b, -2 * a, 1}, next(c.size() + 2, 0.0);
      for (size_t k = 0; k < c.size(); ++k)
        for (size_t j = 0; j < 3; ++j) next[k + j] += c[k] * q[j];
      c = next;
    }
    std::sort(roots.begin(), roots.end());
    const std::vector<double> found = cl::real_polynomial_roots(c);
    const double error = max_root_error(found, roots);
    if (!std::isfinite(error))
      ++count_mismatches;
    else
      worst = std::max(worst, error);
  }
  MESSAGE(trials << " random polynomials of degree 1..8: " << count_mismatches
                 << " with a wrong number of real roots, max root error " << worst);
  CHECK(count_mismatches == 0);
  // Roots >= 0.05 apart in [-3, 3], degree <= 8: condition numbers up to ~1e4,
  // so a few 1e-12 after Newton polishing; 1e-9 leaves room, far below any use.
  CHECK(worst <= 1e-9);
}
