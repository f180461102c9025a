// The street of seed 001 and its contact with an ellipse, measured:
// * normal and signed curvature of the built-in street against the circle
//   through three nearby points of the curve (values only, nothing shared
//   with the formulas under test), on a parabola and on the seed's street;
// * a typed copy of the seed's street: its numerical s', s'' and κ against
//   the analytic ones over x in [-20, 20];
// * typed streets that cannot be used: message with position, old street kept;
// * 10,000 random ellipse poses above the seed's street against brute force
//   (separated: point-to-ellipse distances by Eberly's bisection over a dense
//   sample of the street, refined by golden section;
//   penetrating: lifted out by the reported depth along the normal, the
//   brute-force distance must then be ~0).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "geometry/street.h"
#include "geometry/street_contact.h"

namespace {

constexpr double kPi = 3.141592653589793;

/// Signed curvature of the circle through (x ± h, s(x ± h)) and (x, s(x)):
/// 2 cross(B − A, C − A) / (|B − A| |C − B| |C − A|), > 0 turning left.
double three_point_curvature(const cl::Street& street, double x, double h) {
  const Eigen::Vector2d a(x - h, street.height(x - h)), b(x, street.height(x)), c(x + h, street.height(x + h));
  const Eigen::Vector2d ab = b - a, ac = c - a, bc = c - b;
  return 2 * (ab.x() * ac.y() - ab.y() * ac.x()) / (ab.norm() * bc.norm() * ac.norm());
}

/// The seed's street written out as a typed expression.
std::string seed_street_text() { return "(0.25*x/2)^2 + sin(0.25*x) + 1/2*sin(2*0.25*x) + 1/3*sin(3*0.25*x) + 1/4*sin(4*0.25*x)"; }

/// Distance from the point `y` (m) to the ellipse, 0 if inside: Eberly's
/// bisection on the Lagrange multiplier of the closest point in the first
/// quadrant of the body frame (no support functions involved).
double point_ellipse_distance(const cl::Ellipse& e, const Eigen::Vector2d& point) {
  const Eigen::Vector2d e1 = cl::unit_vector(e.angle), e2(-e1.y(), e1.x());
  const Eigen::Vector2d d = point - e.center;
  double y0 = std::abs(d.dot(e1)), y1 = std::abs(d.dot(e2)), a = e.a, b = e.b;
  if (a < b) std::swap(a, b), std::swap(y0, y1);  // a >= b from here
  if ((y0 / a) * (y0 / a) + (y1 / b) * (y1 / b) <= 1) return 0;
  if (y1 == 0) return y0 - a;
  if (y0 == 0) return y1 - b;
  // F(t) = (a y0 / (t + a²))² + (b y1 / (t + b²))² − 1 falls from >= 0 to <= 0 on [lo, hi].
  double lo = -b * b + b * y1, hi = -b * b + std::sqrt(a * a * y0 * y0 + b * b * y1 * y1);
  for (int k = 0; k < 64; ++k) {
    const double t = 0.5 * (lo + hi);
    const double r0 = a * y0 / (t + a * a), r1 = b * y1 / (t + b * b);
    (r0 * r0 + r1 * r1 - 1 > 0 ? lo : hi) = t;
  }
  const double t = 0.5 * (lo + hi);
  const double x0 = a * a * y0 / (t + a * a), x1 = b * b * y1 / (t + b * b);
  return std::hypot(x0 - y0, x1 - y1);
}

/// Brute-force distance between the ellipse and the street, m (0 when they
/// overlap): the point distance sampled at 200 street points under the
/// ellipse, the four lowest local minima refined by golden section in x.
double brute_force_distance(const cl::Ellipse& e, const cl::Street& street, double* at_x) {
  auto d = [&](double x) { return point_ellipse_distance(e, {x, street.height(x)}); };
  const double reach = cl::bounding_radius(e) + 1, lo = e.center.x() - reach;
  const int n = 200;
  const double dx = 2 * reach / n;
  std::vector<double> values(n + 1);
  for (int i = 0; i <= n; ++i) values[i] = d(lo + dx * i);
  std::vector<std::pair<double, int>> minima;
  for (int i = 0; i <= n; ++i)
    if ((i == 0 || values[i] <= values[i - 1]) && (i == n || values[i] <= values[i + 1])) minima.push_back({values[i], i});
  std::sort(minima.begin(), minima.end());
  double best = 1e300, best_x = 0;
  const double r = 0.5 * (std::sqrt(5.0) - 1);
  for (size_t m = 0; m < std::min<size_t>(4, minima.size()); ++m) {
    double a = lo + dx * (minima[m].second - 1), b = lo + dx * (minima[m].second + 1);
    double x1 = b - r * (b - a), x2 = a + r * (b - a), f1 = d(x1), f2 = d(x2);
    for (int k = 0; k < 70; ++k) {
      if (f1 < f2) b = x2, x2 = x1, f2 = f1, x1 = b - r * (b - a), f1 = d(x1);
      else a = x1, x1 = x2, f1 = f2, x2 = a + r * (b - a), f2 = d(x2);
    }
    for (auto [x, f] : {std::pair{x1, f1}, std::pair{x2, f2}, std::pair{lo + dx * minima[m].second, minima[m].first}})
      if (f < best) best = f, best_x = x;
  }
  if (at_x) *at_x = best_x;
  return best;
}

}  // namespace

TEST_CASE("street: normal and signed curvature of the built-in street against three-point circles") {
  for (int bumps : {1, 5}) {
    const cl::Street street = cl::Street::seed(1, 0.25, bumps);
    double worst_kappa = 0, worst_normal = 0;
    for (double x = -20; x <= 20; x += 0.173) {
      const cl::StreetPoint p = street.at(x);
      const double expected = three_point_curvature(street, x, 1e-3);
      worst_kappa = std::max(worst_kappa, std::abs(cl::street_curvature(p) - expected));
      const Eigen::Vector2d chord(2e-5, street.height(x + 1e-5) - street.height(x - 1e-5));
      worst_normal = std::max(worst_normal, std::abs(cl::street_normal(p).dot(chord.normalized())));
      CHECK(cl::street_normal(p).y() > 0);
      CHECK(std::abs(cl::street_normal(p).norm() - 1) < 1e-15);
    }
    MESSAGE("bumps " << bumps << ": curvature error vs three-point circle " << worst_kappa
                     << " 1/m, normal . chord " << worst_normal);
    CHECK(worst_kappa < 1e-6);   // the three-point circle is O(h^2) = 1e-6 accurate
    CHECK(worst_normal < 1e-9);  // the chord is O(h^2) = 1e-10 off the tangent
  }
  // Sign: a valley (parabola) curves upwards, a hump downwards.
  const cl::Street parabola = cl::Street::seed(1, 0.25, 1);
  CHECK(cl::street_curvature(parabola.at(0)) == doctest::Approx(0.03125));
  cl::Street hump;
  REQUIRE(!cl::Street::typed("-x^2/2", hump));
  CHECK(cl::street_curvature(hump.at(0)) == doctest::Approx(-1).epsilon(1e-9));
}

TEST_CASE("street: typed derivatives against the analytic seed street") {
  const cl::Street analytic = cl::Street::seed(1, 0.25, 5);
  cl::Street typed;
  const auto error = cl::Street::typed(seed_street_text(), typed);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  double worst_height = 0, worst_slope = 0, worst_bend = 0, worst_kappa = 0;
  for (double x = -20; x <= 20; x += 0.0371) {
    const cl::StreetPoint a = analytic.at(x), t = typed.at(x);
    worst_height = std::max(worst_height, std::abs(a.height - t.height));
    worst_slope = std::max(worst_slope, std::abs(a.slope - t.slope));
    worst_bend = std::max(worst_bend, std::abs(a.bend - t.bend));
    worst_kappa = std::max(worst_kappa, std::abs(cl::street_curvature(a) - cl::street_curvature(t)));
  }
  MESSAGE("typed vs analytic over [-20, 20]: s " << worst_height << " m, s' " << worst_slope << ", s'' "
                                                 << worst_bend << " 1/m, kappa " << worst_kappa << " 1/m");
  CHECK(worst_height < 1e-13);
  CHECK(worst_slope < 2e-9);  // truncation h^4/30 |s^(5)| ~ 7e-10, round-off ~2e-14 |s|
  CHECK(worst_bend < 1e-9);   // truncation h^4/90 |s^(6)| ~ 2e-10, round-off ~5e-12 |s| with |s| <= 7 m
  CHECK(worst_kappa < 1e-9);
}

TEST_CASE("street: a typed street that cannot be used is refused, the old one stays") {
  cl::Street street;
  REQUIRE(!cl::Street::typed("0.1*x^2", street));
  const auto missing = cl::Street::typed("sin(x", street);
  REQUIRE(missing);
  MESSAGE("sin(x -> " << *missing);
  CHECK(missing->find("position") != std::string::npos);
  const auto uses_y = cl::Street::typed("x + y", street);
  REQUIRE(uses_y);
  CHECK(uses_y->find("x only") != std::string::npos);
  CHECK(street.text() == "0.1*x^2");
  CHECK(street.height(2) == doctest::Approx(0.4));
  cl::Street log_street;
  REQUIRE(!cl::Street::typed("log(x)", log_street));
  const auto bad = log_street.first_nonfinite(-5, 5, 0.01);
  REQUIRE(bad);
  CHECK(*bad == doctest::Approx(-5));
  CHECK(!cl::Street::seed(1, 0.25, 5).first_nonfinite(-50, 50, 0.01));
}

TEST_CASE("street: first_jump finds where a typed street jumps, and nothing on continuous ones (issue 15: they hung)") {
  struct Case {
    const char* text;
    double x, size;  // where it jumps and by how much (m)
  };
  const Case jumps[] = {{"sign(x) - (12 + x)", 0, 2}, {"rint(x)", -4.5, 1}, {"x < 1 ? 0 : 1", 1, 1},
                        {"atan2(x, -1)", 0, 2 * std::acos(-1.0)}, {"1/(x - 3)", 3, 1e10}};
  for (const Case& c : jumps) {
    cl::Street street;
    REQUIRE(!cl::Street::typed(c.text, street));
    const auto jump = street.first_jump(-5, 5, 0.01);
    REQUIRE_MESSAGE(jump, c.text);
    MESSAGE(std::string(c.text) << ": jumps by " << jump->size << " m at x = " << jump->x << " m");
    CHECK(std::abs(jump->x - c.x) < 1e-9);
    CHECK(jump->size >= 0.99 * c.size);
  }
  for (const char* text : {"0.1*x^2", "sqrt(abs(x))", "abs(x) - 3", "x > 0 ? x^2 : 0", "0.05*x^2 + 0.5*sin(x)", "1e6*x"}) {
    cl::Street street;
    REQUIRE(!cl::Street::typed(text, street));
    CHECK_MESSAGE(!street.first_jump(-5, 5, 0.01), std::string(text));
  }
  CHECK(!cl::Street::seed(1, 0.25, 5).first_jump(-50, 50, 0.01));
}

TEST_CASE("street: contact of 10,000 random ellipse poses with the seed's street against brute force") {
  const cl::Street street = cl::Street::seed(1, 0.25, 5);
  std::mt19937_64 rng(20240401);
  std::uniform_real_distribution<double> axis(0.3, 2.5), angle(-kPi, kPi), position(-12, 12), lift(-0.05, 1.0);
  double worst_gap = 0, worst_x = 0, worst_lifted = 0, worst_common = 0;
  int separated = 0, penetrating = 0, misses = 0;
  for (int i = 0; i < 10000; ++i) {
    cl::Ellipse e{{position(rng), 0}, angle(rng), axis(rng), axis(rng)};
    // Place the ellipse so its lowest point is `lift` above the street below its centre, roughly.
    const cl::StreetPoint below = street.at(e.center.x());
    e.center.y() = below.height + cl::support_value(cl::Ellipse{{0, 0}, e.angle, e.a, e.b}, Eigen::Vector2d(0, -1)) +
                   lift(rng);
    const cl::StreetContact c = cl::ellipse_street(e, street, cl::StreetSearch{});
    REQUIRE(c.found);
    REQUIRE(!c.nonfinite_x);
    // The pair is joined by the common normal, p − P = g ν.
    worst_common = std::max(worst_common, (c.ellipse_point - c.street_point - c.gap * c.normal).norm());
    if (c.gap > 1e-9) {
      ++separated;
      double x_brute = 0;
      const double d = brute_force_distance(e, street, &x_brute);
      worst_gap = std::max(worst_gap, std::abs(c.gap - d));
      worst_x = std::max(worst_x, std::abs(c.x - x_brute));
      if (std::abs(c.gap - d) > 1e-9) ++misses;
    } else if (c.gap < -1e-9) {
      ++penetrating;
      cl::Ellipse lifted = e;
      lifted.center -= c.gap * c.normal;
      worst_lifted = std::max(worst_lifted, brute_force_distance(lifted, street, nullptr));
    }
  }
  MESSAGE(separated << " separated: max |gap - brute force| " << worst_gap << " m, max |x - x_brute| " << worst_x
                    << " m; " << penetrating << " penetrating: brute-force distance after lifting by the depth "
                    << worst_lifted << " m; max |p - P - g nu| " << worst_common << " m");
  CHECK(separated > 5000);
  CHECK(penetrating > 100);
  CHECK(misses == 0);
  CHECK(worst_gap < 1e-9);      // golden section: x to ~1e-8 at a quadratic minimum, distance to ~1e-14
  CHECK(worst_x < 1e-5);        // x of a shallow minimum is less sharp than its value
  CHECK(worst_lifted < 1e-9);
  CHECK(worst_common < 1e-11);  // round-off of |p|, |P| ~ 10 m
}
