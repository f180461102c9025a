// The ellipse's support function, measured against its boundary: h and the
// support point against the farthest of 100k boundary points, the radius of
// curvature against the arc length the support point sweeps per radian and
// against h + h'', the analytic θ-derivatives against central differences.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "geometry/ellipse.h"

namespace {

constexpr double kPi = 3.141592653589793;

cl::Ellipse random_ellipse(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> axis(0.2, 3.0), angle(0, 2 * kPi), coordinate(-5, 5);
  return {{coordinate(rng), coordinate(rng)}, angle(rng), axis(rng), axis(rng)};
}

/// p(t) = c + a cos t e1 + b sin t e2: the boundary, straight from the definition.
Eigen::Vector2d boundary_point(const cl::Ellipse& e, double t) {
  const Eigen::Vector2d e1(std::cos(e.angle), std::sin(e.angle));
  const Eigen::Vector2d e2(-e1.y(), e1.x());
  return e.center + e.a * std::cos(t) * e1 + e.b * std::sin(t) * e2;
}

}  // namespace

TEST_CASE("Ellipse support value and point equal the farthest of 100k boundary points") {
  constexpr int kBoundaryPoints = 100000;
  constexpr double kDt = 2 * kPi / kBoundaryPoints;  // parameter spacing, rad
  std::mt19937_64 rng(20240601);
  std::uniform_real_distribution<double> direction_angle(0, 2 * kPi);
  double worst_value_excess = 0, worst_point_offset = 0;  // relative to the bounds below
  double max_value_gap = 0, max_point_offset = 0;          // m
  double min_value_gap = 0;
  std::vector<Eigen::Vector2d> boundary(kBoundaryPoints);
  for (int i = 0; i < 200; ++i) {
    const cl::Ellipse e = random_ellipse(rng);
    for (int k = 0; k < kBoundaryPoints; ++k) boundary[k] = boundary_point(e, k * kDt);
    for (int j = 0; j < 16; ++j) {
      const Eigen::Vector2d n = cl::unit_vector(direction_angle(rng));
      const auto farthest = std::max_element(boundary.begin(), boundary.end(),
          [&](const Eigen::Vector2d& p, const Eigen::Vector2d& q) { return p.dot(n) < q.dot(n); });
      // Along the boundary p(t)·n = c·n + A cos(t − t*) with A <= max(a, b),
      // so the best sample lies within kDt/2 of t*: it falls short of h by at
      // most max(a, b) kDt²/8 and sits within max(a, b) kDt/2 of the support point.
      const double value_gap = cl::support_value(e, n) - farthest->dot(n);
      const double point_offset = (cl::support_point(e, n) - *farthest).norm();
      const double value_bound = cl::bounding_radius(e) * kDt * kDt / 8;
      const double point_bound = cl::bounding_radius(e) * kDt / 2;
      max_value_gap = std::max(max_value_gap, value_gap);
      min_value_gap = std::min(min_value_gap, value_gap);
      max_point_offset = std::max(max_point_offset, point_offset);
      worst_value_excess = std::max(worst_value_excess, value_gap / value_bound);
      worst_point_offset = std::max(worst_point_offset, point_offset / point_bound);
    }
  }
  std::printf("support vs 100k boundary points (3200 directions): h - max p.n in [%.2e, %.2e] m "
              "(%.3f of the sampling bound), support point off by <= %.2e m (%.3f of bound)\n",
              min_value_gap, max_value_gap, worst_value_excess, max_point_offset, worst_point_offset);
  // h is a maximum, so no boundary point may exceed it beyond round-off (1e-14 m at |c| ~ 7 m).
  CHECK(min_value_gap >= -1e-14);
  // Both within the bounds set by the sampling density (stated above).
  CHECK(worst_value_excess <= 1.0);
  CHECK(worst_point_offset <= 1.0);
}

TEST_CASE("Ellipse radius of curvature equals ds/dθ of the support point and h + h''") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> normal_angle(0, 2 * kPi);
  // Step of the central difference, rad: the truncation error ~ δ² ρ'''/6
  // stays below 1e-7 ρ even where ρ changes over b/a ~ 0.07 rad; the
  // round-off (~1e-15 m / δ) stays below 1e-9 ρ for ρ >= b²/a ~ 0.013 m.
  constexpr double kDelta = 1e-5;
  double worst_swept = 0, worst_identity = 0;  // relative errors
  for (int i = 0; i < 20000; ++i) {
    const cl::Ellipse e = random_ellipse(rng);
    const double theta = normal_angle(rng);
    const double radius = cl::support_radius_of_curvature(e, theta);
    // The support point moves along the boundary at ds/dθ = radius of curvature.
    const double swept = (cl::support_point(e, theta + kDelta) - cl::support_point(e, theta - kDelta)).norm();
    const double swept_radius = swept / (2 * std::sin(kDelta));  // chord of an osculating arc
    const cl::AngleDerivatives h = cl::support_derivatives(e, theta);
    worst_swept = std::max(worst_swept, std::abs(swept_radius - radius) / radius);
    worst_identity = std::max(worst_identity, std::abs(h.value + h.d2_dtheta2 - radius) / radius);
    CHECK(cl::support_radius_of_curvature(e, cl::unit_vector(theta)) == radius);
  }
  std::printf("radius of curvature (20000 cases): vs ds/dtheta of the support point %.2e relative, "
              "vs h + h'' %.2e relative\n", worst_swept, worst_identity);
  // Central difference with the step above: truncation + round-off.
  CHECK(worst_swept <= 1e-6);
  // h + h'' is the same quantity by another formula: round-off only, though
  // h and h'' (~|c| ~ 7 m) nearly cancel where ρ ~ 0.013 m: 1e-15 * 7/0.013 ~ 1e-12.
  CHECK(worst_identity <= 1e-11);
}

TEST_CASE("Ellipse support derivatives dh/dθ and d²h/dθ² equal central differences") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> normal_angle(0, 2 * kPi);
  constexpr double kDelta = 1e-5;  // rad
  double worst_first = 0, worst_second = 0;  // relative to 1 m + the radius of curvature
  for (int i = 0; i < 20000; ++i) {
    const cl::Ellipse e = random_ellipse(rng);
    const double theta = normal_angle(rng);
    const cl::AngleDerivatives here = cl::support_derivatives(e, theta);
    const cl::AngleDerivatives ahead = cl::support_derivatives(e, theta + kDelta);
    const cl::AngleDerivatives behind = cl::support_derivatives(e, theta - kDelta);
    const double first = (ahead.value - behind.value) / (2 * kDelta);
    const double second = (ahead.d_dtheta - behind.d_dtheta) / (2 * kDelta);
    // The derivatives scale with |c| + ρ; ρ bounds how fast h'' itself varies.
    const double scale = 1 + e.center.norm() + cl::support_radius_of_curvature(e, theta);
    worst_first = std::max(worst_first, std::abs(first - here.d_dtheta) / scale);
    worst_second = std::max(worst_second, std::abs(second - here.d2_dtheta2) / scale);
  }
  std::printf("support derivatives vs central differences (20000 cases): dh/dtheta %.2e, "
              "d2h/dtheta2 %.2e (relative to 1 m + |c| + rho)\n", worst_first, worst_second);
  // Truncation ~ δ² h'''/6 with h''' up to ~ρ/(b/a) near the flat sides, plus
  // round-off ~1e-15 |h| / δ ~ 1e-10: 1e-6 of the scale leaves margin.
  CHECK(worst_first <= 1e-6);
  CHECK(worst_second <= 1e-6);
}
