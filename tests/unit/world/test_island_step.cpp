// world/island_step.cpp: an island's integrator steps with event location.
// A disc dropped from rest onto a circular wall under the undamped Hertz
// law: the contact's onset is located at the free fall's closed-form time,
// the integrator runs only while the contact lasts (the flights coast), and
// the bounce gives back the energy it took (conservation to the tolerance).
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kG = 9.81;   // m/s²
constexpr double kR = 0.1;    // m, the disc's radius
constexpr double kWall = 2;   // m, the wall's radius

cl::WorldModel disc_on_hertz_wall() {
  cl::WorldModel m;
  m.n = 1;
  m.body = test::disc(1, kR);
  m.body_material = {1e7, 0.3};
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = kWall;
  m.boundary.material = {1e7, 0.3};
  m.gravity = {0, -kG};
  m.contact.law = cl::NormalLaw::Hertz;
  m.contact.friction.speed_coefficient = 0;
  m.contact.stepper.rtol = 1e-10;
  m.contact.stepper.atol = 1e-13;
  return m;
}

}  // namespace

TEST_CASE("island step: a Hertz contact's onset at the closed-form time, integrated only while it lasts, energy given back") {
  cl::Vec y = cl::Vec::Zero(6);  // at rest at the wall's centre
  cl::World world;
  REQUIRE_FALSE(world.start(disc_on_hertz_wall(), 0, y));
  const double e0 = world.kinetic_energy() + world.potential_energy();
  cl::WorldEvents events;
  const double t_hit = std::sqrt(2 * (kWall - kR) / kG);  // s
  REQUIRE_FALSE(world.advance_to(t_hit - 1e-3, events));
  const long long steps_before = world.step_count();
  REQUIRE_FALSE(world.advance_to(t_hit + 0.05, events));  // the contact lasts about a millisecond
  REQUIRE(events.impacts.size() == 1);
  const cl::ImpactSummary& impact = events.impacts[0].summary;
  const double e1 = world.kinetic_energy() + world.potential_energy() + world.spring_energy();
  const double scale = 1 * kG * (kWall - kR);  // J, the kinetic energy at the onset
  std::printf("island step: onset %.12f s (closed form %.12f), contact %.3e s, %lld steps before it, %lld through it;"
              " energy %.12f -> %.12f J (change %.2e of the energy at the onset)\n",
              impact.onset, t_hit, impact.duration, steps_before, world.step_count() - steps_before, e0, e1,
              std::abs(e1 - e0) / scale);
  CHECK(std::abs(impact.onset - t_hit) <= 1e-9);
  CHECK(steps_before == 0);                     // the fall coasts in closed form
  CHECK(world.step_count() > steps_before);     // the contact is integrated
  CHECK(std::abs(e1 - e0) <= 5e-8 * scale);  // undamped: the bounce keeps the energy (measured 8e-9)
  CHECK(world.dissipated_energy() == 0);
}
