// world/impulse.cpp: the impulse law between bodies. Two discs head-on, the
// first moving at v, the second at rest, masses m1 and m2, restitution e:
//   v1' = (m1 − e m2) v / (m1 + m2),  v2' = (1 + e) m1 v / (m1 + m2),
// and the energy lost, (1 − e²) m1 m2 v² / (2 (m1 + m2)), joins E_diss.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kR = 0.5;  // m, the discs' radius

cl::WorldModel two_discs(double e, double second_mass_factor) {
  cl::WorldModel m;
  m.n = 2;
  m.body = test::disc(1, kR);
  m.boundary.kind = cl::BoundaryKind::None;
  m.gravity = Eigen::Vector2d::Zero();
  m.mass_factors = {1, second_mass_factor};
  m.contact.impulse = true;
  m.contact.restitution = e;
  return m;
}

}  // namespace

TEST_CASE("impulse: head-on discs leave with the closed-form velocities, and the energy lost is E_diss") {
  const double v = 2;  // m/s
  for (const double e : {1.0, 0.6, 0.0}) {
    for (const double factor : {1.0, 3.0}) {
      cl::Vec y = cl::Vec::Zero(12);
      y[0] = -2;  // x of disc 1; disc 2 at the origin, 1 m of gap between them
      y[6] = v;
      cl::World world;
      REQUIRE_FALSE(world.start(two_discs(e, factor), 0, y));
      cl::WorldEvents events;
      REQUIRE_FALSE(world.advance_to(1, events));  // the impact at t = 0.5 s
      const double m1 = 1, m2 = factor;
      const double v1 = (m1 - e * m2) * v / (m1 + m2), v2 = (1 + e) * m1 * v / (m1 + m2);
      const double lost = (1 - e * e) * m1 * m2 * v * v / (2 * (m1 + m2));
      const double off = std::max(std::abs(world.velocities(0).x() - v1), std::abs(world.velocities(1).x() - v2));
      std::printf("impulse e = %.1f, m2 = %.0f m1: v1' = %.12f (%.12f), v2' = %.12f (%.12f) m/s, E_diss %.12f J"
                  " (%.12f); %zu impact at t = %.12f s\n",
                  e, factor, world.velocities(0).x(), v1, world.velocities(1).x(), v2, world.dissipated_energy(), lost,
                  events.impacts.size(), events.impacts.empty() ? -1.0 : events.impacts[0].summary.onset);
      REQUIRE(events.impacts.size() == 1);
      CHECK(std::abs(events.impacts[0].summary.onset - 0.5) <= 1e-12);
      CHECK(off <= 1e-12);
      CHECK(std::abs(world.dissipated_energy() - lost) <= 1e-12);
      CHECK(world.velocities(0).y() == 0);
      CHECK(world.velocities(1).y() == 0);
    }
  }
}
