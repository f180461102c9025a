// world/coast.cpp: bodies that touch nothing fly free in closed form, with
// no integrator step, and their contacts are watched by conservative
// advancement: a disc thrown across a large wall is exactly on its parabola
// until the onset, which is found at the closed-form time.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kG = 9.81;   // m/s²
constexpr double kR = 0.1;    // m, the disc's radius
constexpr double kWall = 10;  // m, the circular wall's radius

cl::WorldModel disc_in_wall() {
  cl::WorldModel m;
  m.n = 1;
  m.body = test::disc(2, kR);
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = kWall;
  m.gravity = {0, -kG};
  m.contact.impulse = true;
  m.contact.restitution = 1;
  return m;
}

}  // namespace

TEST_CASE("coast: a disc that touches nothing is on its parabola to round-off, with no integrator step") {
  const Eigen::Vector3d Q0(-1, 2, 0.3), V0(1.5, 2, 4);  // m, m, rad; m/s, m/s, rad/s
  cl::Vec y(6);
  y << Q0, V0;
  cl::World world;
  REQUIRE_FALSE(world.start(disc_in_wall(), 0, y));
  cl::WorldEvents events;
  const double t = 1.2;  // s: it stays 2 m and more from the wall
  REQUIRE_FALSE(world.advance_to(t, events));
  const Eigen::Vector2d expected = Q0.head<2>() + V0.head<2>() * t + 0.5 * Eigen::Vector2d(0, -kG) * t * t;
  const double off = (world.coordinates(0).head<2>() - expected).norm();
  const double spin_off = std::abs(world.coordinates(0).z() - (Q0.z() + V0.z() * t));
  std::printf("coast: after %.1f s the centre is %.2e m off the parabola, the angle %.2e rad; %lld integrator steps,"
              " %zu impacts\n",
              t, off, spin_off, world.step_count(), events.impacts.size());
  CHECK(off <= 1e-12);
  CHECK(spin_off <= 1e-12);
  CHECK(world.step_count() == 0);
  CHECK(events.impacts.empty());
}

TEST_CASE("coast: the disc dropped from the centre meets the wall at the closed-form time, and rebounds elastically") {
  // Dropped from rest at the centre: the centre falls kWall - kR in sqrt(2 (kWall - kR) / g).
  cl::Vec y = cl::Vec::Zero(6);
  cl::World world;
  REQUIRE_FALSE(world.start(disc_in_wall(), 0, y));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(2, events));
  REQUIRE(events.impacts.size() == 1);
  const double t_hit = std::sqrt(2 * (kWall - kR) / kG);
  const double onset = events.impacts[0].summary.onset;
  const double v_hit = kG * t_hit;
  std::printf("coast: onset at %.12f s (closed form %.12f s); speed after 2 s %.10f m/s up"
              " (elastic: %.10f m/s)\n",
              onset, t_hit, world.velocities(0).y(), v_hit - kG * (2 - t_hit));
  CHECK(std::abs(onset - t_hit) <= 1e-9);
  CHECK(std::abs(world.velocities(0).y() - (v_hit - kG * (2 - t_hit))) <= 1e-8);
  CHECK(world.step_count() == 0);  // impulses between closed-form flights: nothing integrated
}
