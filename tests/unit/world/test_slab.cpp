// world/slab.cpp: at each slab's start the bodies that may touch within it
// are grouped into islands; the others fly free in closed form; a body on a
// thread is always in one (its path is no parabola); Stepping::Global puts
// every body in one island. At the slab's end every body is at its time,
// whichever way it moved.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kR = 0.1;  // m

/// Discs in an open plane, weightless: the first two 1 mm apart and closing,
/// the third 5 m away, drifting.
cl::WorldModel three_discs() {
  cl::WorldModel m;
  m.n = 3;
  m.body = test::disc(1, kR);
  m.contact.law = cl::NormalLaw::Hertz;
  return m;
}

cl::Vec three_starts() {
  cl::Vec y = cl::Vec::Zero(18);
  y.segment<3>(0) << 0, 0, 0;
  y.segment<3>(3) << 2 * kR + 1e-3, 0, 0;
  y.segment<3>(6) << 5, 0, 0;
  y.segment<3>(9) << 0.5, 0, 0;   // the first closes in at 0.5 m/s
  y.segment<3>(15) << 0, 0.2, 0;  // the third drifts along y
  return y;
}

}  // namespace

TEST_CASE("slab: the two discs about to touch are an island, the far one flies free, all end at the slab's time") {
  cl::World world;
  REQUIRE_FALSE(world.start(three_discs(), 0, three_starts()));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(0.01, events));
  std::printf("slab: %zu islands holding %zu bodies after 10 ms; the far disc at (%.12f, %.12f)\n", world.island_count(),
              world.integrated_bodies(), world.coordinates(2).x(), world.coordinates(2).y());
  CHECK(world.island_count() == 1);
  CHECK(world.integrated_bodies() == 2);
  CHECK(world.time() == 0.01);
  CHECK(std::abs(world.coordinates(2).y() - 0.2 * 0.01) <= 1e-15);  // in closed form
  CHECK(world.coordinates(2).x() == 5);
}

TEST_CASE("slab: Stepping::Global integrates every body in one island, to the same motion") {
  cl::WorldModel global = three_discs();
  global.contact.stepping = cl::Stepping::Global;
  global.contact.stepper.rtol = 1e-11;
  cl::WorldModel islands = three_discs();
  islands.contact.stepper.rtol = 1e-11;
  cl::World a, b;
  REQUIRE_FALSE(a.start(global, 0, three_starts()));
  REQUIRE_FALSE(b.start(islands, 0, three_starts()));
  cl::WorldEvents events;
  REQUIRE_FALSE(a.advance_to(0.05, events));
  REQUIRE_FALSE(b.advance_to(0.05, events));
  double worst = 0;
  for (int i = 0; i < 3; ++i) worst = std::max(worst, (a.coordinates(i) - b.coordinates(i)).norm());
  std::printf("slab: global %zu island of %zu bodies; islands against global after the impact: %.2e m\n",
              a.island_count(), a.integrated_bodies(), worst);
  CHECK(a.island_count() == 1);
  CHECK(a.integrated_bodies() == 3);
  CHECK(worst <= 1e-9);
}

TEST_CASE("slab: a body on a thread is in an island of its own, even far from everything") {
  cl::WorldModel model = three_discs();
  model.gravity = Eigen::Vector2d(0, -9.81);
  model.threads.assign(3, cl::Thread{});
  model.threads[2] = cl::Thread{true, Eigen::Vector2d(5, 1), 1, 0};  // the far disc hangs from (5, 1)
  cl::Vec y = three_starts();
  y.segment<3>(15) << 0.2, 0, 0;  // across its thread: it swings, taut
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, y));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(0.01, events));
  CHECK_FALSE(world.state().slack[2]);
  bool own_island = false;
  for (const cl::WorldIsland& island : world.state().islands)
    own_island = own_island || island.bodies == std::vector<int>{2};
  CHECK(own_island);
  CHECK(std::abs((world.coordinates(2).head<2>() - Eigen::Vector2d(5, 1)).norm() - 1) <= 1e-12);  // on its circle
}
