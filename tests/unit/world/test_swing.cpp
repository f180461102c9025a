// A lone body on a taut thread swings in its angle (world/swing.cpp):
// the conversion to and from the Cartesian state, the period of a large
// swing against its closed form, a loop over the top, the body's own spin,
// agreement with the Cartesian form (Stepping::Global integrates that), and
// a contact within reach handing the island back to it. Closed form: from
// rest at θ0, T = 4 sqrt(L/g) K(sin(θ0/2)), K by the arithmetic-geometric mean.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/swing.h"
#include "world/world.h"

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kL = 0.8, kG = 9.81;  // m, m/s²

/// The complete elliptic integral of the first kind K(k) = π / (2 AGM(1, sqrt(1 − k²))).
double elliptic_k(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  for (int n = 0; n < 40 && std::abs(a - b) > 1e-16 * a; ++n) {
    const double mean = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = mean;
  }
  return kPi / (2 * a);
}

cl::WorldModel pendulums(int n, double spacing) {
  cl::WorldModel model;
  model.n = n;
  model.body = test::disc(0.3, 0.05);
  model.gravity = Eigen::Vector2d(0, -kG);
  for (int i = 0; i < n; ++i) model.threads.push_back(cl::Thread{true, Eigen::Vector2d(i * spacing, 0), kL, 0});
  model.contact.stepper.rtol = 1e-11;
  model.contact.stepper.atol = 1e-13;
  return model;
}

/// Body on its thread at angle θ from the downward vertical, rate ω, spin (rad/s).
cl::Vec at_angle(double pivot_x, double theta, double omega, double spin = 0) {
  cl::Vec y = cl::Vec::Zero(6);
  y.head<2>() = Eigen::Vector2d(pivot_x + kL * std::sin(theta), -kL * std::cos(theta));
  y.segment<2>(3) = kL * omega * Eigen::Vector2d(std::cos(theta), std::sin(theta));
  y[5] = spin;
  return y;
}

double energy(const cl::World& world) { return world.kinetic_energy() + world.potential_energy(); }

}  // namespace

TEST_CASE("swing: angle and rate go to the circle and back, whichever way gravity points") {
  const cl::Thread thread{true, Eigen::Vector2d(0.3, -0.2), 0.7, 0};
  const Eigen::Vector2d gravity(3, -4);  // m/s², 5 long
  const cl::SwingFrame frame = cl::swing_frame(thread, gravity);
  CHECK(frame.g_over_length == doctest::Approx(5 / 0.7).epsilon(1e-15));
  double worst = 0;
  for (double theta : {-3.0, -1.0, 0.0, 0.5, 2.5})
    for (double omega : {-2.0, 0.7}) {
      cl::Coordinates Q(9, 9, 0.4);
      cl::Velocities V(9, 9, -1.5);
      cl::place_on_swing(frame, std::cos(theta), std::sin(theta), omega, Q, V);
      CHECK(std::abs((Q.head<2>() - thread.pivot).norm() - thread.length) <= 1e-15);
      CHECK(std::abs((Q.head<2>() - thread.pivot).dot(V.head<2>())) <= 1e-15);  // across the thread
      CHECK(Q.z() == 0.4);  // the rotation is left as it is
      CHECK(V.z() == -1.5);
      const Eigen::Vector2d back = cl::swing_angle(frame, Q, V);
      worst = std::max({worst, std::abs(back[0] - theta), std::abs(back[1] - omega)});
    }
  std::printf("swing: round trip through the circle, worst error %.2e\n", worst);
  CHECK(worst <= 1e-14);
  // θ = 0 hangs along gravity.
  cl::Coordinates Q = cl::Coordinates::Zero();
  cl::Velocities V = cl::Velocities::Zero();
  cl::place_on_swing(frame, 1, 0, 0, Q, V);
  CHECK((Q.head<2>() - (thread.pivot + 0.7 * gravity / 5)).norm() <= 1e-15);
}

TEST_CASE("swing: from rest at 1.5 rad the body is back after the closed-form period, swinging all the way") {
  const double theta0 = 1.5;
  const double period = 4 * std::sqrt(kL / kG) * elliptic_k(std::sin(theta0 / 2));  // s
  cl::World world;
  const cl::Vec start = at_angle(0, theta0, 0);
  REQUIRE_FALSE(world.start(pendulums(1, 0), 0, start));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(period / 2, events));
  REQUIRE(world.state().islands.size() == 1);
  CHECK(world.state().islands[0].motion == cl::IslandMotion::Swinging);
  const Eigen::Vector2d half = world.coordinates(0).head<2>();
  REQUIRE_FALSE(world.advance_to(period, events));
  const double miss = (world.coordinates(0).head<2>() - start.head<2>()).norm();  // m
  const double half_miss = (half - Eigen::Vector2d(-start[0], start[1])).norm();  // m, at the other extreme
  std::printf("swing: period %.12f s (closed form); back to the start within %.2e m, the other side within %.2e m, "
              "%lld steps\n",
              period, miss, half_miss, world.step_count());
  CHECK(events.threads.empty());
  CHECK(miss <= 1e-8);
  CHECK(half_miss <= 1e-8);
}

TEST_CASE("swing: over the top for 10 s, energy kept to 1e-9 and the angle kept within one turn") {
  const double omega = std::sqrt(6 * kG / kL);  // at the bottom: 6 g L > 5 g L, the thread stays taut
  cl::World world;
  REQUIRE_FALSE(world.start(pendulums(1, 0), 0, at_angle(0, 0, omega)));
  const double e0 = energy(world);
  cl::WorldEvents events;
  double worst = 0, widest = 0;
  for (int k = 1; k <= 100; ++k) {
    REQUIRE_FALSE(world.advance_to(0.1 * k, events));
    worst = std::max(worst, std::abs(energy(world) - e0) / e0);
    widest = std::max(widest, std::abs(world.state().islands[0].stepper.y()[0]));
  }
  std::printf("swing: 10 s of loops, energy drift %.2e relative, largest |theta| integrated %.6f rad\n", worst, widest);
  CHECK(events.threads.empty());
  CHECK(worst <= 1e-9);
  CHECK(widest <= kPi);
}

TEST_CASE("swing: a spinning disc keeps its spin, the angle growing at its rate") {
  cl::World world;
  REQUIRE_FALSE(world.start(pendulums(1, 0), 0, at_angle(0, 0.4, 0, 3)));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(1.3, events));
  std::printf("swing: spin after 1.3 s: angle %.15f rad (3 x 1.3), rate %.15f rad/s\n", world.coordinates(0).z(),
              world.velocities(0).z());
  CHECK(std::abs(world.coordinates(0).z() - 3.9) <= 1e-12);
  CHECK(world.velocities(0).z() == 3);
}

TEST_CASE("swing: the angle's integration agrees with the Cartesian form's (Stepping::Global) to 1e-8 m over 5 s") {
  cl::WorldModel cartesian = pendulums(1, 0);
  cartesian.contact.stepping = cl::Stepping::Global;
  cl::World swinging, integrated;
  const cl::Vec start = at_angle(0, 1.2, 1.5);
  REQUIRE_FALSE(swinging.start(pendulums(1, 0), 0, start));
  REQUIRE_FALSE(integrated.start(cartesian, 0, start));
  cl::WorldEvents events;
  double worst = 0;
  for (int k = 1; k <= 50; ++k) {
    REQUIRE_FALSE(swinging.advance_to(0.1 * k, events));
    REQUIRE_FALSE(integrated.advance_to(0.1 * k, events));
    worst = std::max(worst, (swinging.coordinates(0) - integrated.coordinates(0)).norm());
  }
  std::printf("swing: angle against Cartesian form over 5 s, largest distance %.2e m (%lld against %lld steps)\n",
              worst, swinging.step_count(), integrated.step_count());
  CHECK(swinging.state().islands[0].motion == cl::IslandMotion::Swinging);
  CHECK(integrated.state().islands[0].motion == cl::IslandMotion::Integrating);
  CHECK(worst <= 1e-8);
}

TEST_CASE("swing: two balls that may touch are integrated together; far apart, each swings") {
  cl::WorldEvents events;
  cl::World close, apart;
  cl::Vec y_close(12), y_apart(12);
  // Hanging 0.1 mm apart (the radius is 5 cm), the first moving towards the second.
  const cl::Vec a = at_angle(0, 0, 0.1), b_close = at_angle(0.1001, 0, 0), b_apart = at_angle(1, 0, 0);
  y_close << a.head<3>(), b_close.head<3>(), a.tail<3>(), b_close.tail<3>();
  y_apart << a.head<3>(), b_apart.head<3>(), a.tail<3>(), b_apart.tail<3>();
  REQUIRE_FALSE(close.start(pendulums(2, 0.1001), 0, y_close));
  REQUIRE_FALSE(apart.start(pendulums(2, 1), 0, y_apart));
  REQUIRE_FALSE(close.advance_to(0.01, events));
  REQUIRE_FALSE(apart.advance_to(0.01, events));
  REQUIRE(close.state().islands.size() == 1);
  CHECK(close.state().islands[0].motion == cl::IslandMotion::Integrating);
  REQUIRE(apart.state().islands.size() == 2);
  for (const cl::WorldIsland& island : apart.state().islands) CHECK(island.motion == cl::IslandMotion::Swinging);
}
