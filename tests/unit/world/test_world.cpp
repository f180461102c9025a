// world/world.cpp, the API: advancing in pieces (a yield between steps, as
// the page does to keep frames short) ends where one advance does, bit for
// bit; set_model takes new gravity while running and keeps the state.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

/// Three discs dropped into a circular wall under Hunt–Crossley: impacts, contacts, islands.
cl::WorldModel discs_in_wall() {
  cl::WorldModel m;
  m.n = 3;
  m.body = test::disc(1, 0.15);
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = 1;
  m.gravity = Eigen::Vector2d(0, -9.81);
  m.contact.law = cl::NormalLaw::HuntCrossley;
  return m;
}

cl::Vec dropped() {
  cl::Vec y = cl::Vec::Zero(18);
  y.segment<3>(0) << -0.4, 0.2, 0;
  y.segment<3>(3) << 0, 0.5, 0.4;
  y.segment<3>(6) << 0.45, 0, 1;
  y.segment<3>(9) << 1, 0, 2;
  y.segment<3>(12) << 0, -1, 0;
  return y;
}

}  // namespace

TEST_CASE("world: advanced in pieces, yielding between steps, it ends where one advance ends, bit for bit") {
  cl::World whole, pieces;
  REQUIRE_FALSE(whole.start(discs_in_wall(), 0, dropped()));
  REQUIRE_FALSE(pieces.start(discs_in_wall(), 0, dropped()));
  cl::WorldEvents whole_events, piece_events;
  REQUIRE_FALSE(whole.advance_to(1.5, whole_events));
  long long asked = 0;
  int calls = 0;
  while (pieces.time() < 1.5 && calls < 100000) {
    ++calls;
    REQUIRE_FALSE(pieces.advance_to(1.5, piece_events, [&] { return ++asked % 7 == 0; }));
  }
  std::printf("world: one advance and %d yielding ones (%lld questions) to 1.5 s: %zu and %zu impacts\n", calls, asked,
              whole_events.impacts.size(), piece_events.impacts.size());
  CHECK(calls > 1);
  CHECK(whole_events.impacts.size() == piece_events.impacts.size());
  CHECK(whole_events.impacts.size() >= 3);
  CHECK(whole.state().y == pieces.state().y);
  CHECK(whole.step_count() == pieces.step_count());
}

TEST_CASE("world: set_model takes new gravity while running and keeps the state") {
  cl::WorldModel model = discs_in_wall();
  model.n = 1;
  cl::Vec y = cl::Vec::Zero(6);
  y[4] = 1;  // rising at 1 m/s from the centre
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, y));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(0.05, events));
  const cl::Vec before = world.state().y;
  model.gravity = Eigen::Vector2d(0, -1.62);  // to the Moon
  world.set_model(model);
  CHECK(world.state().y == before);
  REQUIRE_FALSE(world.advance_to(0.25, events));
  // From (t, y, v) = (0.05 s, y1, v1) under the Moon's g for 0.2 s.
  const double y1 = before[1], v1 = before[4], dt = 0.2;
  const double expected = y1 + v1 * dt - 0.5 * 1.62 * dt * dt;
  std::printf("world: height after the switch %.15f m (closed form %.15f)\n", world.coordinates(0).y(), expected);
  CHECK(std::abs(world.coordinates(0).y() - expected) <= 1e-12);
  CHECK(std::abs(world.velocities(0).y() - (v1 - 1.62 * dt)) <= 1e-12);
}
