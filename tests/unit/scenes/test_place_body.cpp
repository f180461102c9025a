// Dragging a body while paused goes through Simulation::place_body: a valid
// placement is a new start at the current time; an overlap or a body through
// the wall is refused with a message and changes nothing.
#include <doctest/doctest.h>

#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "scenes/pendulum.h"

namespace {

const cl::EllipsesScene& ellipses_of(const cl::Simulation& sim) {
  return dynamic_cast<const cl::EllipsesScene&>(sim.scene());
}

}  // namespace

TEST_CASE("place_body: ellipses move, take a new velocity, and refuse overlaps and the wall") {
  cl::Simulation sim(std::make_unique<cl::EllipsesScene>());
  cl::ParamValues p = sim.params();
  for (const auto& [name, value] : std::map<std::string, std::string>{
           {"n", "2"}, {"a", "1"}, {"b", "1"}, {"layout", "head_on"}, {"v_max", "5"}})
    REQUIRE_FALSE(p.set(name, value));
  REQUIRE_FALSE(sim.set_params(p));
  REQUIRE_FALSE(sim.reset());
  sim.set_sample_interval(0.01);
  sim.advance(0.1);
  const double t = sim.time();
  const auto bodies = sim.scene().draggable_bodies();
  REQUIRE(bodies.size() == 2);
  CHECK(bodies[0].grab_radius == 1);

  REQUIRE_FALSE(sim.place_body(0, {-2, 1}, {1, -1}));
  CHECK(ellipses_of(sim).coordinates(0).head<2>() == Eigen::Vector2d(-2, 1));
  CHECK(ellipses_of(sim).velocities(0).head<2>() == Eigen::Vector2d(1, -1));
  CHECK(sim.time() == t);               // a new start from the current time
  CHECK(sim.series().size() == 1);      // recording restarted there
  CHECK(ellipses_of(sim).dissipated_energy() == 0);

  const Eigen::Vector2d other = ellipses_of(sim).coordinates(1).head<2>();
  const auto overlap = sim.place_body(0, other + Eigen::Vector2d(0.5, 0), {0, 0});
  REQUIRE(overlap);
  MESSAGE("overlap refused: " << *overlap);
  CHECK(overlap->find("overlaps body") != std::string::npos);
  CHECK(ellipses_of(sim).coordinates(0).head<2>() == Eigen::Vector2d(-2, 1));  // unchanged

  const auto outside = sim.place_body(1, {6.0, 0}, {0, 0});
  REQUIRE(outside);
  CHECK(outside->find("wall") != std::string::npos);
  CHECK(sim.place_body(2, {0, 0}, {0, 0}));                      // no such body
  CHECK(sim.place_body(0, {std::nan(""), 0}, {0, 0}));           // not finite
}

TEST_CASE("place_body: scenes without draggable bodies refuse with a message") {
  cl::Simulation sim(std::make_unique<cl::PendulumScene>());
  CHECK(sim.scene().draggable_bodies().empty());
  const auto error = sim.place_body(0, {0, 0}, {0, 0});
  REQUIRE(error);
  CHECK(error->find("cannot be moved") != std::string::npos);
}
