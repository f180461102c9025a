// world/forward.cpp: the equations of motion as integrated. An ellipse with
// an off-centre observer, spinning in free flight and integrated (Stepping::
// Global integrates every body), follows the closed-form free flight of
// dynamics/free_flight.h: the mass matrix and the observer's centrifugal
// pull are right. An elastic Hertz impact of a spinning ellipse on the wall:
// the dissipated work stays 0 and the stiffness work W_k the force rates
// integrate closes the audit E_kin + E_pot + E_spring − W_k to the tolerance.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "dynamics/free_flight.h"
#include "support/ellipse.h"
#include "world/world.h"

namespace {

cl::EllipseBody ellipse_with_observer() { return test::ellipse(1.2, 0.4, 0.25, 0.7, {0.2, 0.1}); }

cl::WorldModel integrated_ellipse(cl::BoundaryKind boundary) {
  cl::WorldModel m;
  m.n = 1;
  m.body = ellipse_with_observer();
  m.gravity = Eigen::Vector2d(0, -9.81);
  m.boundary.kind = boundary;
  m.boundary.radius = 2;
  m.contact.stepping = cl::Stepping::Global;
  m.contact.law = cl::NormalLaw::Hertz;
  m.contact.stepper.rtol = 1e-12;
  m.contact.stepper.atol = 1e-14;
  return m;
}

}  // namespace

TEST_CASE("forward: an ellipse with an observer, integrated, follows the closed-form free flight") {
  cl::Vec y(6);
  y << 0.3, -0.2, 0.5, 1.1, 2.5, 7;  // m, m, rad; m/s, m/s, rad/s: a fast spin makes the observer pull
  cl::World world;
  REQUIRE_FALSE(world.start(integrated_ellipse(cl::BoundaryKind::None), 0, y));
  cl::WorldEvents events;
  const double t = 1.5;  // s
  REQUIRE_FALSE(world.advance_to(t, events));
  cl::Coordinates Q = y.head<3>();
  cl::Velocities V = y.tail<3>();
  cl::advance_free_flight(ellipse_with_observer(), Eigen::Vector2d(0, -9.81), t, Q, V);
  const double off = (world.coordinates(0) - Q).norm(), off_v = (world.velocities(0) - V).norm();
  std::printf("forward: integrated free flight against the closed form after %.1f s: %.2e (m, rad), %.2e (m/s, rad/s);"
              " %lld steps\n",
              t, off, off_v, world.step_count());
  CHECK(world.step_count() > 0);  // it was integrated, not coasted
  CHECK(off <= 1e-9);
  CHECK(off_v <= 1e-9);
}

TEST_CASE("forward: an elastic Hertz impact of a spinning ellipse on the wall loses nothing; W_k closes the audit") {
  cl::Vec y(6);
  y << 0, -1.4, 0.3, 0.8, -2, 3;  // falls onto the wall's bottom, spinning
  cl::World world;
  cl::WorldModel model = integrated_ellipse(cl::BoundaryKind::CircleWall);
  model.boundary.material = {1e7, 0.3};
  model.body_material = {1e7, 0.3};
  REQUIRE_FALSE(world.start(model, 0, y));
  const double e0 = world.kinetic_energy() + world.potential_energy();
  cl::WorldEvents events;
  double worst = 0;
  for (int k = 1; k <= 40; ++k) {
    REQUIRE_FALSE(world.advance_to(0.025 * k, events));
    const double audit = world.kinetic_energy() + world.potential_energy() + world.spring_energy() -
                         world.stiffness_work() - e0;
    worst = std::max(worst, std::abs(audit));
  }
  std::printf("forward: %zu elastic impacts in 1 s, E_diss %.2e J, W_k %.6e J, audit residual at most %.2e J of %.4f J\n",
              events.impacts.size(), world.dissipated_energy(), world.stiffness_work(), worst, e0);
  CHECK(events.impacts.size() >= 1);
  CHECK(world.dissipated_energy() == 0);
  CHECK(worst <= 1e-8 * std::abs(e0));
}
