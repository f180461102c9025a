// A body on a thread in the world (world/thread_events.cpp): slack where the
// tension would turn negative, taut where it reaches the length again, a pass
// by the nail, each located on the dense output; a copied state carries the
// slack flags. Closed forms (mass at the bottom with speed v0, length L, g):
//   slack: cos φ_s = (2 g L − v0²) / (3 g L), v_s² = −g L cos φ_s
//   olympiad v0² = g L (2 + √3): the free flight passes through the pivot at v² = √3 g L.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kL = 1.1, kG = 10;  // m, m/s²

cl::WorldModel pendulum(double pivot_radius) {
  cl::WorldModel model;
  model.n = 1;
  model.body = test::disc(1, 0.05);
  model.gravity = Eigen::Vector2d(0, -kG);
  model.threads = {cl::Thread{true, Eigen::Vector2d::Zero(), kL, pivot_radius}};
  model.body_contacts = false;
  model.contact.stepper.rtol = 1e-11;
  model.contact.stepper.atol = 1e-13;
  return model;
}

cl::Vec at_bottom(double v0) {
  cl::Vec y = cl::Vec::Zero(6);
  y[1] = -kL;
  y[3] = v0;
  return y;
}

}  // namespace

TEST_CASE("thread events: slack at the closed-form angle and speed, then taut again") {
  const double v0 = std::sqrt(3.2 * kG * kL);
  cl::World world;
  REQUIRE_FALSE(world.start(pendulum(0), 0, at_bottom(v0)));
  CHECK_FALSE(world.state().slack[0]);
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(3, events));
  REQUIRE(events.threads.size() >= 2);
  const cl::ThreadEvent& slack = events.threads[0];
  const cl::ThreadEvent& taut = events.threads[1];
  const double cos_expected = (2 * kG * kL - v0 * v0) / (3 * kG * kL);
  const double cos_found = -slack.position.y() / slack.position.norm();
  std::printf("thread events: slack at cos phi = %.12f (closed form %.12f), speed %.10f (%.10f); taut at t = %.6f s,"
              " %.4f -> %.4f m/s, holds: %d\n",
              cos_found, cos_expected, slack.speed, std::sqrt(-kG * kL * cos_expected), taut.t, taut.speed,
              taut.speed_after, taut.holds);
  CHECK(slack.kind == cl::ThreadEvent::Kind::Slack);
  CHECK(std::abs(cos_found - cos_expected) <= 1e-9);
  CHECK(std::abs(slack.speed - std::sqrt(-kG * kL * cos_expected)) <= 1e-8);
  CHECK(taut.kind == cl::ThreadEvent::Kind::Taut);
  CHECK(taut.t > slack.t);
  CHECK(taut.speed_after < taut.speed);  // e = 0: the radial speed is gone
  CHECK(taut.holds);
  CHECK(std::abs(taut.position.norm() - kL) <= 1e-12);
}

TEST_CASE("thread events: the olympiad's flight passes the nail at sqrt(sqrt 3 g L)") {
  const double v0 = std::sqrt(kG * kL * (2 + std::sqrt(3.0)));
  cl::World world;
  REQUIRE_FALSE(world.start(pendulum(0.01), 0, at_bottom(v0)));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(1.5, events));
  const cl::ThreadEvent* pass = nullptr;
  for (const cl::ThreadEvent& e : events.threads)
    if (e.kind == cl::ThreadEvent::Kind::Pass) pass = &e;
  REQUIRE(pass);
  const double expected = std::sqrt(std::sqrt(3.0) * kG * kL);
  std::printf("thread events: the nail passed at %.3e m, at %.10f m/s (closed form %.10f)\n", pass->position.norm(),
              pass->speed, expected);
  CHECK(pass->position.norm() <= 1e-6);
  CHECK(std::abs(pass->speed - expected) <= 1e-7 * expected);
}

TEST_CASE("thread events: a state copied in flight (thread slack) restores bit for bit") {
  const double v0 = std::sqrt(3.2 * kG * kL);
  cl::World original;
  REQUIRE_FALSE(original.start(pendulum(0), 0, at_bottom(v0)));
  cl::WorldEvents events;
  REQUIRE_FALSE(original.advance_to(0.8, events));
  REQUIRE(original.state().slack[0]);  // flying: slack at 0.5 s, taut again after 1 s
  const cl::WorldState snapshot = original.state();
  REQUIRE_FALSE(original.advance_to(3, events));
  cl::World restored;
  REQUIRE_FALSE(restored.start(pendulum(0), 0, at_bottom(1)));
  restored.restore(snapshot);
  cl::WorldEvents after;
  REQUIRE_FALSE(restored.advance_to(3, after));
  const double difference = (original.state().y - restored.state().y).cwiseAbs().maxCoeff();
  std::printf("thread events: restored from 0.8 s, %zu thread events after, largest difference %.1e\n",
              after.threads.size(), difference);
  CHECK(difference == 0);
  CHECK(after.threads.size() >= 1);
}

TEST_CASE("thread events: a slack thread that the body passes and leaves again inside one step snaps where it is reached") {
  // Thrown straight up from half the length above the pivot: the body would
  // rise 0.05 mm past the length for 6 ms and fall back inside within one of
  // dopri5's 50 ms steps on the parabola. The thread catches it where y = L
  // first: L/2 + v0 t − g t²/2 = L.
  const double rise = 0.5 * kL + 0.05e-3;  // m, from the start to the top
  const double v0 = std::sqrt(2 * kG * rise);
  cl::WorldModel model = pendulum(0);
  model.contact.stepper.rtol = 1e-9;
  model.contact.stepper.atol = 1e-12;
  cl::Vec y = cl::Vec::Zero(6);
  y[1] = 0.5 * kL;
  y[4] = v0;
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, y));
  REQUIRE(world.state().slack[0]);
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(0.5, events));
  REQUIRE_FALSE(events.threads.empty());
  const cl::ThreadEvent& taut = events.threads.front();
  const double t_expected = (v0 - std::sqrt(v0 * v0 - 2 * kG * 0.5 * kL)) / kG;  // s
  std::printf("thread events: a graze past the length snaps taut at t = %.12f s (closed form %.12f), at y = %.12f m\n",
              taut.t, t_expected, taut.position.y());
  CHECK(taut.kind == cl::ThreadEvent::Kind::Taut);
  CHECK(std::abs(taut.t - t_expected) <= 1e-9);
  CHECK(std::abs(taut.position.y() - kL) <= 1e-9);
}
