// The life of one contact (contact/contact_tracker.h): crossings located on
// an integrator's dense output against the closed form of a falling ball, the
// earliest of several chosen, an active contact's end found like an onset;
// and an impact's summary (speeds, depth, duration, restitution, its loop).
#include <cmath>
#include <optional>
#include <vector>

#include <doctest/doctest.h>

#include "contact/contact_tracker.h"

namespace {

constexpr double g = 9.81;  // m/s²

/// y = [height (m), vertical speed (m/s)] of a ball in free fall.
void fall(double, const cl::Vec& y, cl::Vec& dydt) {
  dydt.resize(2);
  dydt << y[1], -g;
}

/// When a ball from height h0 (m) at speed v0 (m/s, up) is at height h.
double time_at_height(double h0, double v0, double h) { return (v0 + std::sqrt(v0 * v0 + 2 * g * (h0 - h))) / g; }

}  // namespace

TEST_CASE("contact tracker: the earliest crossing, located on the dense output to 1e-12") {
  cl::StepperSettings settings;
  settings.h_max = 10;  // long steps: two floors are crossed within one
  settings.rtol = 1e-10;
  cl::Vec y0(2);
  y0 << 2.0, 1.5;  // 2 m up, rising at 1.5 m/s
  // Three floors for a ball of radius 0.1 m: at 0, at 0.6 m, and one it never reaches (−5 m).
  const std::vector<double> floors = {0.0, 0.6, -5.0};
  std::vector<cl::TrackedContact> contacts(3);
  for (size_t k = 0; k < 3; ++k) contacts[k].gap = y0[0] - 0.1 - floors[k];
  const auto gap_at = [&](size_t k, const cl::Vec& y) { return y[0] - 0.1 - floors[k]; };
  // Steps as a scene takes them, each searched for crossings from where the last ended.
  cl::Stepper stepper(settings);
  stepper.start(0, y0, fall);
  std::optional<cl::ContactCrossing> crossing;
  int steps = 0;
  while (!crossing && stepper.t() < 1.2) {
    const double t0 = stepper.t();
    REQUIRE(stepper.step(fall, 1.2));
    ++steps;
    crossing = cl::earliest_crossing(stepper, t0, contacts, {0, 1, 2}, gap_at);
    if (!crossing)
      for (size_t k = 0; k < 3; ++k) contacts[k].gap = gap_at(k, stepper.y());
  }
  REQUIRE(crossing);
  const double expected = time_at_height(2.0, 1.5, 0.7);
  MESSAGE("after " << steps << " steps (to " << stepper.t() << " s): the floor at 0.6 m reached at " << crossing->t
                   << " s, closed form " << expected << " s");
  CHECK(gap_at(0, stepper.y()) < 0);  // the step crossed the lower floor too:
  CHECK(crossing->index == 1);        // the higher one is the earliest
  CHECK(std::abs(crossing->t - expected) < 1e-12 * 1.2);

  // An active contact (pressed into the lower floor) that rises out of it: its end is found the same way.
  cl::Vec y_low(2);
  y_low << 0.05, 3.0;  // 5 cm into the floor at 0 (gap −0.05 m), leaving at 3 m/s
  cl::Stepper up(settings);
  up.start(0, y_low, fall);
  double t_up = 0;
  while (up.t() < 0.2 && up.y()[0] < 0.1) {  // the step in which it leaves
    t_up = up.t();
    REQUIRE(up.step(fall, 0.2));
  }
  std::vector<cl::TrackedContact> pressed(1);
  pressed[0].active = true;
  cl::Vec at_step_start(2);
  up.dense(t_up, at_step_start);
  pressed[0].gap = at_step_start[0] - 0.1;
  const auto out = cl::earliest_crossing(up, t_up, pressed, {0}, [&](size_t, const cl::Vec& y) { return y[0] - 0.1; });
  REQUIRE(out);
  const double leaves = (3.0 - std::sqrt(9.0 - 2 * g * 0.05)) / g;  // y = 0.1 on the way up
  MESSAGE("the pressed contact ends at " << out->t << " s, closed form " << leaves << " s");
  CHECK(std::abs(out->t - leaves) < 1e-12);
  // And a contact that stays inside is not a crossing.
  pressed[0].gap = -0.5;
  CHECK_FALSE(cl::earliest_crossing(up, t_up, pressed, {0}, [&](size_t, const cl::Vec& y) { return y[0] - 0.6; }));
}

TEST_CASE("contact tracker: an impact's summary and its loop") {
  cl::ImpactLoopLog loops;
  cl::TrackedContact c;
  cl::begin_contact(c, 1.25, 2.0, -1e-15, 0.0, loops, "wall", 0, -1);
  CHECK(c.active);
  for (double depth : {1e-3, 4e-3, 2.5e-3, 1e-4}) cl::follow_contact(c, -depth, 1e4 * depth, loops);
  const cl::ImpactSummary s = cl::end_contact(c, 1.2512, -1.5);
  CHECK_FALSE(c.active);
  CHECK(s.onset == 1.25);
  CHECK(s.impact_speed == 2.0);
  CHECK(s.max_penetration == 4e-3);
  CHECK(s.duration == doctest::Approx(0.0012).epsilon(1e-12));
  CHECK(s.rebound_speed == 1.5);
  CHECK(s.restitution == 0.75);
  REQUIRE(loops.loops().size() == 1);
  CHECK(loops.loops()[0].kind == "wall");
  CHECK(loops.loops()[0].penetration.size() == 5);  // the onset and the four states followed
  CHECK(loops.loops()[0].force[2] == doctest::Approx(40));

  cl::TrackedContact grazing;  // no approach speed: no restitution to state
  cl::begin_contact(grazing, 2, 0, 0, 0, loops, "pair", 0, 1);
  CHECK(std::isnan(cl::end_contact(grazing, 2.001, -0.1).restitution));
}
