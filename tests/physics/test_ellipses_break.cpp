// Scene "ellipses", layout "break": a rack of n - 1 bodies at rest and a cue
// body shot at it. Until the first wall impact only pair forces act, which
// are equal and opposite, so the total linear momentum stays that of the
// cue, (m + m_o) v_max along x; the rack starts without overlaps.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "geometry/ellipse_contact.h"
#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "support/scene_params.h"

TEST_CASE("Ellipses billiard break: the rack starts apart and the break conserves momentum until a wall is hit") {
  cl::Simulation sim(std::make_unique<cl::EllipsesScene>());
  const cl::ParamValues p = test::preset_params("ellipses", "Billiard break");
  REQUIRE(p.integer("n") == 20);
  REQUIRE_FALSE(sim.set_params(p));
  REQUIRE_FALSE(sim.reset());
  // A failed run puts the last good copy in place of the scene: look it up each time.
  const auto scene_now = [&]() -> const cl::EllipsesScene& { return dynamic_cast<const cl::EllipsesScene&>(sim.scene()); };
  const cl::EllipsesScene& scene = scene_now();
  const double cue_momentum = scene.body().total_mass() * p.number("v_max");

  // Bounding discs of the rack are 5 % apart: no pair overlaps at the start.
  double closest = INFINITY;
  for (size_t i = 0; i < scene.body_count(); ++i)
    for (size_t j = i + 1; j < scene.body_count(); ++j)
      closest = std::min(closest, (scene.coordinates(i).head<2>() - scene.coordinates(j).head<2>()).norm());
  std::printf("break: closest centres at the start %.4f m (bounding diameter %.4f m)\n", closest,
              2 * std::max(p.number("a"), p.number("b")));
  CHECK(closest >= 2 * std::max(p.number("a"), p.number("b")));

  // Advance in 1 ms pieces while no body can touch the wall yet (its
  // farthest point, bounded from above, is inside).
  const auto may_touch_wall = [&] {
    for (size_t i = 0; i < scene_now().body_count(); ++i) {
      const cl::Coordinates Q = scene_now().coordinates(i);
      if (cl::farthest_distance_bound({Q.head<2>(), Q.z(), p.number("a"), p.number("b")}) >= p.number("R_wall"))
        return true;
    }
    return false;
  };
  double drift = 0;
  sim.set_sample_interval(1e-3);
  while (!may_touch_wall()) {
    drift = std::max(drift, (scene_now().linear_momentum() - Eigen::Vector2d(cue_momentum, 0)).norm() / cue_momentum);
    sim.advance(1e-3);
    REQUIRE_FALSE(sim.failed());
  }
  const size_t pair_impacts = sim.events().total();  // all pair impacts: no wall contact yet
  std::printf("break: %zu pair impacts before the first wall impact (t = %.3f s); linear momentum off the cue's by "
              "at most %.2e (relative)\n", pair_impacts, sim.time(), drift);
  CHECK(pair_impacts >= 10);
  CHECK(drift <= 1e-10);  // round-off of thousands of steps (each ~1e-16 relative)
}
