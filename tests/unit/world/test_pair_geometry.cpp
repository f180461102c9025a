// The world's pair table (world/pair_geometry.h): each pair function gives
// the gap, the normal from A towards B and the points where they meet, with
// closed forms for discs; the broad phase rules far pairs out with a gap
// that is a true lower bound.
#include <cmath>
#include <limits>

#include <doctest/doctest.h>

#include "world/pair_geometry.h"

namespace {

constexpr double kAlways = std::numeric_limits<double>::infinity();  // no broad phase: always search

cl::WorldModel discs_in_a_wall(double radius, double wall) {
  cl::WorldModel m;
  m.n = 2;
  m.body.a = m.body.b = radius;
  m.body.m_o = 0;
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = wall;
  return m;
}

cl::EllipseAxes body(const cl::WorldModel& m, double x, double y, double q) {
  return cl::EllipseAxes(cl::Ellipse{{x, y}, q, m.body.a, m.body.b});
}

}  // namespace

TEST_CASE("pair table, disc against disc: gap, normal and points in closed form, either order") {
  const cl::WorldModel m = discs_in_a_wall(0.5, 10);
  const cl::ContactState pair(0, 1);
  double worst = 0;
  for (const double d : {1.3, 1.0, 0.97}) {  // apart, touching, 3 cm deep
    for (const double phi : {0.0, 0.7, 2.9}) {
      const Eigen::Vector2d u(std::cos(phi), std::sin(phi));
      const Eigen::Vector2d ca(0.2, -0.4), cb = ca + d * u;
      const cl::PairGeometry g = cl::pair_geometry(m, body(m, ca.x(), ca.y(), 0.3), body(m, cb.x(), cb.y(), -1.1), pair,
                                                   cl::PairSearch::Global, kAlways);
      REQUIRE(g.searched);
      worst = std::max({worst, std::abs(g.gap - (d - 1.0)), (g.normal - u).norm(),
                        (g.point_a - (ca + 0.5 * u)).norm(), (g.point_b - (cb - 0.5 * u)).norm(),
                        std::abs(g.radius_a - 0.5), std::abs(g.radius_b - 0.5)});
      const cl::PairGeometry back = cl::pair_geometry(m, body(m, cb.x(), cb.y(), -1.1), body(m, ca.x(), ca.y(), 0.3),
                                                      pair, cl::PairSearch::Global, kAlways);
      worst = std::max({worst, std::abs(back.gap - g.gap), (back.normal + g.normal).norm()});
    }
  }
  MESSAGE("largest error against the closed form: " << worst);
  CHECK(worst < 1e-12);  // round-off of the searches' Newton steps
}

TEST_CASE("pair table, disc against the circular wall, and the broad phase's lower bound") {
  const cl::WorldModel m = discs_in_a_wall(0.5, 4);
  const cl::ContactState wall(0, -1);
  double worst = 0;
  for (const double r : {0.0, 2.0, 3.5, 3.52}) {  // at the centre, apart, touching, 2 cm deep
    const Eigen::Vector2d u = Eigen::Vector2d(3, -4).normalized();
    const Eigen::Vector2d c = r * u;
    const cl::PairGeometry g =
        cl::boundary_geometry(m, body(m, c.x(), c.y(), 0.8), wall, cl::PairSearch::Global, kAlways);
    REQUIRE(g.searched);
    worst = std::max(worst, std::abs(g.gap - (4 - r - 0.5)));
    if (r > 0) worst = std::max({worst, (g.normal - u).norm(), (g.point_b - 4 * u).norm()});
  }
  MESSAGE("largest error against the closed form: " << worst);
  CHECK(worst < 1e-11);

  // Far from the wall, with the table's margin: not searched, and its gap no more than the true one.
  const double margin = cl::broad_phase_margin(m.body);
  const cl::PairGeometry far = cl::boundary_geometry(m, body(m, 0.5, 0.5, 0), wall, cl::PairSearch::Global, margin);
  const cl::PairGeometry exact = cl::boundary_geometry(m, body(m, 0.5, 0.5, 0), wall, cl::PairSearch::Global, kAlways);
  MESSAGE("margin " << margin << " m; broad-phase gap " << far.gap << " m, exact " << exact.gap << " m");
  CHECK_FALSE(far.searched);
  CHECK(far.gap > margin);
  CHECK(far.gap <= exact.gap + 1e-12);
  const cl::PairGeometry near = cl::boundary_geometry(m, body(m, 3.4, 0, 0), wall, cl::PairSearch::Global, margin);
  CHECK(near.searched);  // within the margin: the exact search
}
