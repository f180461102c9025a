// world/pair_geometry.cpp, the pair functions of a world with particles: an
// ellipse against a plane of the box (closed form: its support point against
// the plane's normal) and against a sphere (the ellipse-ellipse search with
// a disc), each checked against what is known exactly: the lowest point of
// a tilted ellipse, the gap along an axis, and a sampled boundary.
#include <cmath>
#include <limits>

#include <doctest/doctest.h>

#include "world/pair_geometry.h"

namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

constexpr double kA = 2, kB = 1;  // m, the ellipse's semi-axes

cl::EllipseAxes ellipse(const Vector2d& centre, double angle) {
  return cl::EllipseAxes(cl::Ellipse{centre, angle, kA, kB});
}

/// The distance (m) from p to the ellipse's boundary, by sampling it finely.
double sampled_distance(const cl::Ellipse& e, const Vector2d& p) {
  double best = std::numeric_limits<double>::infinity();
  const Vector2d e1(std::cos(e.angle), std::sin(e.angle)), e2(-e1.y(), e1.x());
  for (int k = 0; k < 200000; ++k) {
    const double t = 2 * 3.141592653589793 * k / 200000;
    best = std::min(best, (e.center + e.a * std::cos(t) * e1 + e.b * std::sin(t) * e2 - p).norm());
  }
  return best;
}

}  // namespace

TEST_CASE("plane_geometry: a tilted ellipse's lowest point is sqrt(a² sin²θ + b² cos²θ) below its centre") {
  const double theta = 0.7, height = 3;  // rad, m
  const cl::PairGeometry g = cl::plane_geometry(ellipse({1, height}, theta), cl::SurfacePlane{Vector3d::UnitZ(), 0});
  const double s = std::sin(theta), c = std::cos(theta);
  const double expected = height - std::sqrt(kA * kA * s * s + kB * kB * c * c);
  MESSAGE("gap " << g.gap << " m, closed form " << expected << " m");
  CHECK(g.searched);
  CHECK(std::abs(g.gap - expected) < 1e-14);
  CHECK((g.normal - Vector2d(0, -1)).norm() < 1e-15);  // from the ellipse towards the floor
  CHECK(std::abs(g.point_b.y()) < 1e-14);             // on the floor
  CHECK(std::abs(g.point_a.y() - expected) < 1e-14);
  // The radius of curvature there: a²b² / (a² sin²θ + b² cos²θ)^{3/2}.
  const double radius = kA * kA * kB * kB / std::pow(kA * kA * s * s + kB * kB * c * c, 1.5);
  CHECK(std::abs(g.radius_a - radius) < 1e-13);
}

TEST_CASE("plane_geometry: a side wall at x = w; a plane parallel to the world's plane is not searched") {
  const double w = 5, theta = -0.4;
  const cl::PairGeometry g =
      cl::plane_geometry(ellipse({2.5, 1}, theta), cl::SurfacePlane{-Vector3d::UnitX(), -w});
  const double s = std::sin(theta), c = std::cos(theta);
  CHECK(std::abs(g.gap - (w - 2.5 - std::sqrt(kA * kA * c * c + kB * kB * s * s))) < 1e-14);
  CHECK((g.normal - Vector2d(1, 0)).norm() < 1e-15);
  CHECK_FALSE(cl::plane_geometry(ellipse({0, 0}, 0), cl::SurfacePlane{Vector3d::UnitY(), 0}).searched);
}

TEST_CASE("sphere_geometry: along the axes, in and out of overlap; apart beyond the broad phase: a lower bound") {
  const cl::EllipseAxes A = ellipse({0, 0}, 0);
  const cl::PairGeometry apart = cl::sphere_geometry(A, {3.5, 0}, 0.5, 2);
  CHECK(apart.searched);
  CHECK(std::abs(apart.gap - 1.0) < 1e-12);  // 3.5 - a - r
  CHECK((apart.normal - Vector2d(1, 0)).norm() < 1e-9);
  const cl::PairGeometry overlap = cl::sphere_geometry(A, {0, 1.3}, 0.5, 0);
  CHECK(std::abs(overlap.gap - (-0.2)) < 1e-12);  // 1.3 - b - r
  CHECK((overlap.normal - Vector2d(0, 1)).norm() < 1e-9);
  CHECK((overlap.point - Vector2d(0, 0.9)).norm() < 1e-9);  // halfway between the two surfaces
  const cl::PairGeometry ruled_out = cl::sphere_geometry(A, {3.5, 0}, 0.5, 0);
  CHECK_FALSE(ruled_out.searched);
  CHECK(ruled_out.gap <= 1.0);
}

TEST_CASE("sphere_geometry: the gap off the axes is the distance to the sampled boundary less the radius") {
  const cl::Ellipse e{{0.3, -0.2}, 0.9, kA, kB};
  const double r = 0.4;  // m
  for (const Vector2d& centre : {Vector2d(2.2, 1.9), Vector2d(-1.0, 1.6), Vector2d(0.9, -1.5)}) {
    const cl::PairGeometry g = cl::sphere_geometry(cl::EllipseAxes(e), centre, r, 10);
    const double expected = sampled_distance(e, centre) - r;
    MESSAGE("centre (" << centre.x() << ", " << centre.y() << "): gap " << g.gap << " m, sampled " << expected << " m");
    CHECK(std::abs(g.gap - expected) < 1e-8);
  }
}
