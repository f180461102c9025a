// Classical RK4: observed global order, energy behaviour on the harmonic
// oscillator, exact landing on t_limit and the Hermite dense output.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include <doctest/doctest.h>

#include "integrators/rk4.h"

namespace {

using cl::Vec;

/// x'' = -x as y = (x, v); exact x = cos t, v = -sin t from (1, 0).
void oscillator(double, const Vec& y, Vec& dydt) {
  dydt[0] = y[1];
  dydt[1] = -y[0];
}
Vec oscillator_exact(double t) { return (Vec(2) << std::cos(t), -std::sin(t)).finished(); }

/// y' = -y from y(0) = 1; exact exp(-t).
void decay(double, const Vec& y, Vec& dydt) { dydt = -y; }
Vec decay_exact(double t) { return Vec::Constant(1, std::exp(-t)); }

/// Largest |y - exact| at t = 1, 2, ..., 10 with fixed step h.
double max_error_at_whole_seconds(const cl::OdeRhs& f, const std::function<Vec(double)>& exact,
                                  double h) {
  cl::Rk4 rk4(h);
  rk4.start(0.0, exact(0.0), f);
  double worst = 0;
  for (int second = 1; second <= 10; ++second) {
    while (rk4.t() < second) rk4.step(f, second);
    worst = std::max(worst, (rk4.y() - exact(second)).lpNorm<Eigen::Infinity>());
  }
  return worst;
}

void check_fourth_order(const std::string& name, const cl::OdeRhs& f,
                        const std::function<Vec(double)>& exact) {
  const double h = 0.1;
  const double e1 = max_error_at_whole_seconds(f, exact, h);
  const double e2 = max_error_at_whole_seconds(f, exact, h / 2);
  const double e4 = max_error_at_whole_seconds(f, exact, h / 4);
  const double order_1 = std::log2(e1 / e2);
  const double order_2 = std::log2(e2 / e4);
  MESSAGE(name << ": max error over t=1..10: h=" << h << " " << e1 << ", h/2 " << e2 << ", h/4 "
               << e4 << "  -> observed order " << order_1 << ", " << order_2);
  // Global error ~ C h^4. At these h the error sits far above round-off
  // (~1e-15) and the h^5 correction is a few percent, so order 4 +/- 0.2.
  CHECK(order_1 >= 3.8);
  CHECK(order_1 <= 4.2);
  CHECK(order_2 >= 3.8);
  CHECK(order_2 <= 4.2);
}

double oscillator_energy(const Vec& y) { return 0.5 * (y[0] * y[0] + y[1] * y[1]); }

}  // namespace

TEST_CASE("Rk4 converges with order 4 on the harmonic oscillator and on y' = -y") {
  check_fourth_order("oscillator", oscillator, oscillator_exact);
  check_fourth_order("y' = -y", decay, decay_exact);
}

TEST_CASE("Rk4 energy drift on the harmonic oscillator matches its stability function") {
  // RK4 multiplies (x, v) by R(ih) per step, with
  // |R(ih)|^2 = 1 - h^6/72 + h^8/576 < 1: a slow, steady loss of energy.
  const double h = 0.1;
  const int steps = 1000;  // t = 100 s, about 16 periods
  cl::Rk4 rk4(h);
  rk4.start(0.0, oscillator_exact(0.0), oscillator);
  const double e0 = oscillator_energy(rk4.y());
  while (rk4.t() < steps * h) rk4.step(oscillator, steps * h);
  const double drift = oscillator_energy(rk4.y()) / e0 - 1;
  const double h2 = h * h;
  const double per_step = 1 - h2 * h2 * h2 / 72 + h2 * h2 * h2 * h2 / 576;
  const double predicted = std::pow(per_step, steps) - 1;
  MESSAGE("oscillator energy drift over t = 100 s at h = 0.1: "
          << drift << " (relative), predicted " << predicted << ", difference "
          << drift - predicted);
  CHECK(rk4.accepted_steps() == steps);
  CHECK(drift < 0);  // RK4 is dissipative here, never gains energy
  // The per-step factor is exact for this linear problem, so only round-off
  // (~1e-13 over 1000 steps) separates measurement and prediction: allow
  // 1e-6 of the drift, ~1.4e-11.
  CHECK(std::abs(drift - predicted) <= 1e-6 * std::abs(predicted));
}

TEST_CASE("Rk4 shortens the last step to land exactly on t_limit") {
  cl::Rk4 rk4(0.3);
  rk4.start(0.0, decay_exact(0.0), decay);
  double last_h = 0;
  while (rk4.t() < 1.0) {
    rk4.step(decay, 1.0);
    last_h = rk4.t() - rk4.t_previous();
  }
  MESSAGE("h = 0.3 to t = 1: " << rk4.accepted_steps() << " steps, last one " << last_h);
  CHECK(rk4.t() == 1.0);  // bit-exact: the engine stops on frame and event times
  CHECK(rk4.accepted_steps() == 4);
  CHECK(last_h == doctest::Approx(0.1).epsilon(1e-12));
  CHECK(rk4.evaluations() == 1 + 4 * 4);  // f at the start, then 4 per step

  // Ten steps of 0.1 accumulate rounding in t (0.1 is not a double); the
  // tenth still lands on 1.0 rather than leaving a sliver of a step.
  cl::Rk4 tenths(0.1);
  tenths.start(0.0, decay_exact(0.0), decay);
  while (tenths.t() < 1.0) tenths.step(decay, 1.0);
  CHECK(tenths.t() == 1.0);
  CHECK(tenths.accepted_steps() == 10);

  // A t_limit at or before t() is a no-op.
  const double t_before = tenths.t();
  CHECK(tenths.step(decay, 0.5));
  CHECK(tenths.t() == t_before);
}

TEST_CASE("Rk4 dense output: exact at the step ends, 4th-order accurate inside") {
  // Largest error of dense() at 9 interior points of every step over [0, 10].
  const auto interior_error = [](double h) {
    cl::Rk4 rk4(h);
    rk4.start(0.0, oscillator_exact(0.0), oscillator);
    Vec y;
    double worst = 0;
    while (rk4.t() < 10.0) {
      rk4.step(oscillator, 10.0);
      for (int i = 1; i <= 9; ++i) {
        const double t = rk4.t_previous() + 0.1 * i * (rk4.t() - rk4.t_previous());
        rk4.dense(t, y);
        worst = std::max(worst, (y - oscillator_exact(t)).lpNorm<Eigen::Infinity>());
      }
    }
    return worst;
  };
  const double e1 = interior_error(0.1);
  const double e2 = interior_error(0.05);
  const double order = std::log2(e1 / e2);
  MESSAGE("Hermite dense output, max error at interior points: h=0.1 " << e1 << ", h=0.05 " << e2
                                                                       << " -> order " << order);
  // The cubic Hermite interpolant errs by h^4/384 max|y''''| per step, the
  // same order as RK4's global error: the sum must converge with order 4.
  CHECK(order >= 3.7);
  CHECK(order <= 4.3);

  // At both step ends dense() reproduces the stored states.
  cl::Rk4 rk4(0.1);
  rk4.start(0.0, oscillator_exact(0.0), oscillator);
  rk4.step(oscillator, 10.0);
  const Vec state_after_first_step = rk4.y();
  rk4.step(oscillator, 10.0);
  Vec y;
  rk4.dense(rk4.t_previous(), y);
  CHECK((y - state_after_first_step).norm() <= 1e-15);  // round-off only
  rk4.dense(rk4.t(), y);
  CHECK((y - rk4.y()).norm() <= 1e-15);
}
