// world/bodies_among_particles.cpp and world/particle_path.cpp: an ellipse
// among particles, stepped with them by kicks and drifts. What must hold:
// a collision with a free particle keeps the linear and angular momentum
// (each contact force and its reaction act along one line) and, with an
// undamped spring and leapfrog, the energy to the scheme's order; an ellipse
// resting on the floor sinks by m g / k_s and does not turn; laws and
// integrators that cannot move a body by forces in fixed steps are refused.
#include <cmath>

#include <doctest/doctest.h>

#include "core/text.h"
#include "world/world.h"

namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

constexpr double kMass = 3, kA = 0.6, kB = 0.3;  // kg, m, m: the ellipse
constexpr double kR = 0.2;                        // m, the particles' radius

cl::WorldModel ellipse_among_particles(double g, cl::IntegratorKind integrator, double h) {
  cl::WorldModel m;
  m.n = 1;
  m.body = cl::EllipseBody{kMass, kA, kB, 0, Vector2d::Zero()};
  m.gravity = {0, -g};
  m.boundary.kind = cl::BoundaryKind::Box;
  m.contact.law = cl::NormalLaw::LinearSpringDashpot;
  m.contact.stepper.kind = integrator;
  m.contact.stepper.h = h;
  m.particles.present = true;
  m.particles.radius = kR;
  m.particles.k_s = 1e5;
  m.particles.k_d = 0;
  return m;
}

cl::Vec body_state(const Vector3d& Q, const Vector3d& V) {
  cl::Vec y(6);
  y << Q, V;
  return y;
}

struct Totals {
  Vector2d momentum;  // kg m/s
  double angular_momentum;  // kg m²/s, about the origin
  double energy;      // J: motion and springs
};

Totals totals(const cl::World& world) {
  const cl::ParticleSystem& p = world.particles();
  Totals t{world.linear_momentum(), world.angular_momentum(), world.kinetic_energy() + world.body_contact_energy()};
  for (size_t i = 0; i < p.size(); ++i) {
    const Vector3d x = p.position(i), v = p.velocity(i);
    t.momentum += p.mass(i) * Vector2d(v.x(), v.z());
    t.angular_momentum += p.mass(i) * (x.x() * v.z() - x.z() * v.x());
  }
  t.energy += p.kinetic_energy() + p.spring_energy();
  return t;
}

}  // namespace

TEST_CASE("bodies among particles: a glancing collision keeps momentum, angular momentum and (leapfrog) energy") {
  cl::World world;
  const cl::WorldModel model = ellipse_among_particles(0, cl::IntegratorKind::Leapfrog, 1e-5);
  REQUIRE_FALSE(world.start(model, 0, body_state({0, 0, 0.4}, {1, 0.1, 0.5})).has_value());
  world.add_particle({1.2, 0, 0.05}, Vector3d::Zero(), 1);
  world.refresh_particles();
  const Totals before = totals(world);
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(1.5, events).has_value());
  const Totals after = totals(world);
  const double speed = world.particles().velocity(0).norm();
  const double dp = (after.momentum - before.momentum).norm() / before.momentum.norm();
  const double dl = std::abs(after.angular_momentum - before.angular_momentum) / std::abs(before.angular_momentum);
  const double de = std::abs(after.energy - before.energy) / before.energy;
  MESSAGE("contacts " << world.body_contact_count() << ", particle leaves at " << speed << " m/s; momentum changed by "
                      << dp << " relative, angular momentum by " << dl << " relative, energy by " << de << " relative");
  CHECK(world.body_contact_count() == 1);
  CHECK(speed > 0.1);
  CHECK(world.body_contact_energy() == 0);  // apart again
  CHECK(dp < 1e-13);
  // The reaction's line is the contact normal, which a Newton search finds
  // to ~1e-12 rad (measured: 8e-12 relative).
  CHECK(dl < 1e-10);
  CHECK(de < 1e-5);
}

TEST_CASE("bodies among particles: an ellipse lying on the floor sinks by m g / k_s and does not turn") {
  cl::WorldModel model = ellipse_among_particles(9.81, cl::IntegratorKind::SemiImplicitEuler, 1e-4);
  model.particles.k_d = 300;  // N s/m: the bounce dies away
  model.boundary.planes = {{Vector3d::UnitZ(), 0}};
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, body_state({0.5, kB, 0}, Vector3d::Zero())).has_value());
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(5, events).has_value());
  const double expected = kB - kMass * 9.81 / model.particles.k_s;  // m
  const cl::Coordinates Q = world.coordinates(0);
  MESSAGE("centre at " << Q.y() << " m, statics " << expected << " m; angle " << Q.z() << " rad");
  CHECK(std::abs(Q.y() - expected) < 1e-10);
  CHECK(Q.z() == 0);
  CHECK(Q.x() == 0.5);
}

TEST_CASE("bodies among particles: impulses and multi-stage integrators are refused with the reason") {
  const std::string reason = cl::text("world.particles.bodies_fixed_step");
  cl::WorldModel impulses = ellipse_among_particles(9.81, cl::IntegratorKind::Leapfrog, 1e-3);
  impulses.contact.impulse = true;
  cl::World world;
  CHECK(world.start(impulses, 0, body_state({0, 1, 0}, Vector3d::Zero())) == reason);
  const cl::WorldModel dopri5 = ellipse_among_particles(9.81, cl::IntegratorKind::Dopri5, 1e-3);
  CHECK(world.start(dopri5, 0, body_state({0, 1, 0}, Vector3d::Zero())) == reason);
  cl::WorldModel no_box = ellipse_among_particles(9.81, cl::IntegratorKind::Leapfrog, 1e-3);
  no_box.boundary.kind = cl::BoundaryKind::None;
  CHECK(world.start(no_box, 0, body_state({0, 1, 0}, Vector3d::Zero())) == cl::text("world.particles.box"));
}
