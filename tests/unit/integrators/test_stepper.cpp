// The integrator switch: the same run (a harmonic oscillator with a work
// integral beside it, the shape of a world's state y = [q, v, w]) under each
// of dopri5, rk4, euler and leapfrog. Prints the table of measured orders and
// long-run energy errors and holds each to what the method is known to do:
// semi-implicit Euler order 1, leapfrog 2, rk4 4; the two symplectic ones
// keep the energy error bounded (no drift over 1,000 periods), rk4 drifts
// (its error grows with time), dopri5 stays within its tolerance. Also: the
// dense output of every fixed-step method passes through the step ends, and
// the work integral (w' = v², exact (t − sin t cos t) / 2) is carried along.
#include <cmath>
#include <cstdio>
#include <string>

#include <doctest/doctest.h>

#include "integrators/stepper.h"

namespace {

using cl::IntegratorKind;
using cl::Vec;

constexpr double kPi = 3.14159265358979323846;

/// q'' = -q as y = (q, v, w) with w' = v²; exact q = cos t, v = -sin t,
/// w = (t - sin t cos t) / 2 from (1, 0, 0).
void oscillator(double, const Vec& y, Vec& dydt) {
  dydt[0] = y[1];
  dydt[1] = -y[0];
  dydt[2] = y[1] * y[1];
}

Vec exact(double t) { return (Vec(3) << std::cos(t), -std::sin(t), 0.5 * (t - std::sin(t) * std::cos(t))).finished(); }

cl::Stepper stepper(IntegratorKind kind, double h) {
  cl::StepperSettings s;
  s.kind = kind;
  s.h = h;
  s.rtol = 1e-10;
  s.atol = 1e-13;
  s.h_max = 0.5;
  s.positions = 1;
  cl::Stepper stepper(s);
  stepper.start(0, exact(0), oscillator);
  return stepper;
}

/// Largest |y - exact| over whole seconds up to `until` (s).
double max_error(IntegratorKind kind, double h, double until) {
  cl::Stepper s = stepper(kind, h);
  double worst = 0;
  for (int second = 1; second <= until; ++second) {
    while (s.t() < second) s.step(oscillator, second);
    worst = std::max(worst, (s.y() - exact(second)).lpNorm<Eigen::Infinity>());
  }
  return worst;
}

/// |E - E0| (E = (q² + v²) / 2, E0 = 1/2) over the first and the last 100
/// of 1,000 periods, in uniform steps (a shortened step to land on a time
/// would change the energy a symplectic method keeps).
struct EnergyError {
  double early = 0, late = 0;
};
EnergyError energy_error(IntegratorKind kind, double h) {
  cl::Stepper s = stepper(kind, h);
  EnergyError e;
  const double period = 2 * kPi, end = 1000 * period;
  while (s.t() < end) {
    s.step(oscillator, 2 * end);
    const double error = std::abs(0.5 * (s.y()[0] * s.y()[0] + s.y()[1] * s.y()[1]) - 0.5);
    if (s.t() <= 100 * period) e.early = std::max(e.early, error);
    if (s.t() > 900 * period) e.late = std::max(e.late, error);
  }
  return e;
}

}  // namespace

TEST_CASE("stepper: orders and long-run energy of the four integrators") {
  struct Row {
    const char* name;
    IntegratorKind kind;
    double h;     // s, the step of the order measurement (dopri5: its largest)
    int order;    // known global order (0: adaptive)
  };
  const Row rows[] = {{"dopri5", IntegratorKind::Dopri5, 0.5, 0},
                      {"rk4", IntegratorKind::Rk4, 0.1, 4},
                      {"euler", IntegratorKind::SemiImplicitEuler, 0.01, 1},
                      {"leapfrog", IntegratorKind::Leapfrog, 0.05, 2}};
  std::printf("%-9s %10s %12s %12s %10s %15s %15s\n", "method", "h (s)", "error(h)", "error(h/2)", "order",
              "|dE| first 100", "|dE| last 100");
  for (const Row& row : rows) {
    const double e1 = max_error(row.kind, row.h, 10), e2 = max_error(row.kind, row.h / 2, 10);
    const double order = std::log2(e1 / e2);
    const EnergyError energy = energy_error(row.kind, row.h);
    const std::string observed = row.order > 0 ? std::to_string(order).substr(0, 5) : "(adaptive)";
    std::printf("%-9s %10.3g %12.3e %12.3e %10s %15.3e %15.3e\n", row.name, row.h, e1, e2, observed.c_str(),
                energy.early, energy.late);
    CAPTURE(row.name);
    if (row.order > 0) CHECK(std::abs(order - row.order) <= 0.15);  // the observed order within 0.15 of the known one
    switch (row.kind) {
      case IntegratorKind::Dopri5:
        CHECK(e1 <= 1e-8);  // within its tolerance (rtol 1e-10) times the error growth over 10 s
        CHECK(energy.late <= 1e-7);
        break;
      case IntegratorKind::Rk4:
        CHECK(energy.late >= 5 * energy.early);  // drift: the error grows with time
        break;
      case IntegratorKind::SemiImplicitEuler:
      case IntegratorKind::Leapfrog:
        // Symplectic: bounded, the last periods no worse than the first (measured equal to 3 digits).
        CHECK(energy.late <= 1.05 * energy.early);
        break;
    }
  }
}

TEST_CASE("stepper: the fixed-step methods' dense output passes through the step ends") {
  for (IntegratorKind kind : {IntegratorKind::Rk4, IntegratorKind::SemiImplicitEuler, IntegratorKind::Leapfrog}) {
    cl::Stepper s = stepper(kind, 0.01);
    s.step(oscillator, 1);
    const Vec y_start = s.y();
    s.step(oscillator, 1);
    Vec start(3), end(3), middle(3);
    s.dense(s.t_previous(), start);
    s.dense(s.t(), end);
    s.dense(0.015, middle);
    CHECK((start - y_start).norm() <= 1e-15);
    CHECK((end - s.y()).norm() <= 1e-15);
    // Between the ends: the method's own error there plus the Hermite error (~h⁴/384 = 3e-11).
    const double own = std::max((y_start - exact(0.01)).norm(), (s.y() - exact(0.02)).norm());
    CHECK((middle - exact(0.015)).norm() <= own + 1e-10);
    CHECK(s.t() == doctest::Approx(0.02));
  }
}

TEST_CASE("stepper: the work integral rides along with the second-order split") {
  for (IntegratorKind kind : {IntegratorKind::SemiImplicitEuler, IntegratorKind::Leapfrog}) {
    cl::Stepper s = stepper(kind, 1e-3);
    while (s.t() < 10) s.step(oscillator, 10);
    const double error = std::abs(s.y()[2] - exact(10)[2]);
    std::printf("%s, h = 1e-3 s: work integral at 10 s %.12f (exact %.12f), error %.2e\n",
                kind == IntegratorKind::Leapfrog ? "leapfrog" : "euler", s.y()[2], exact(10)[2], error);
    CHECK(error <= (kind == IntegratorKind::Leapfrog ? 3e-6 : 1e-3));  // O(h²) and O(h) over 10 s (measured 1.2e-6, 1.5e-4)
  }
}
