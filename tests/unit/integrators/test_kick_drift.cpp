// The kick-drift schemes (integrators/kick_drift.h) on an oscillator
// x'' = −ω² x: the numbers of SemiImplicitEuler and Leapfrog on a state
// vector, to round-off (the stepper's step is the difference of two
// representable times, 0.01 give or take an ulp of t); leapfrog's error
// falls as h², Euler's as h.
// Closed form: x(t) = cos ω t from x = 1 at rest.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "integrators/kick_drift.h"
#include "integrators/stepper.h"

namespace {

constexpr double kOmega = 2;  // rad/s

struct Oscillator {
  double x = 1, v = 0, a = -kOmega * kOmega;  // m, m/s, m/s² (a at x)
  int evaluations = 0;

  void step(cl::IntegratorKind kind, double h) {
    REQUIRE(cl::kick_drift_step(
        kind, h,
        [&](double kick, double drift) {
          v += kick * a;
          x += drift * v;
        },
        [&] {
          a = -kOmega * kOmega * x;
          ++evaluations;
          return true;
        },
        [&](double dt) { v += dt * a; }));
  }
};

/// |x(t) − cos ω t| after t = 3 s in steps of h.
double error_after_3s(cl::IntegratorKind kind, double h) {
  Oscillator o;
  const int steps = static_cast<int>(std::lround(3 / h));
  for (int k = 0; k < steps; ++k) o.step(kind, h);
  return std::abs(o.x - std::cos(kOmega * steps * h));
}

}  // namespace

TEST_CASE("kick-drift: the state-vector integrators' numbers to 1e-13 over 500 steps, one evaluation per step") {
  for (cl::IntegratorKind kind : {cl::IntegratorKind::SemiImplicitEuler, cl::IntegratorKind::Leapfrog}) {
    cl::StepperSettings settings;
    settings.kind = kind;
    settings.h = 0.01;
    settings.positions = 1;
    cl::Stepper stepper(settings);
    const cl::OdeRhs f = [](double, const cl::Vec& y, cl::Vec& dydt) {
      dydt[0] = y[1];
      dydt[1] = -kOmega * kOmega * y[0];
    };
    stepper.start(0, (cl::Vec(2) << 1, 0).finished(), f);
    Oscillator o;
    for (int k = 1; k <= 500; ++k) {
      REQUIRE(stepper.step(f, k * 0.01));
      o.step(kind, 0.01);
    }
    std::printf("kick-drift %s: x(5 s) = %.17g, the stepper's %.17g; %d evaluations in 500 steps\n",
                cl::integrator_id(kind), o.x, stepper.y()[0], o.evaluations);
    CHECK(std::abs(o.x - stepper.y()[0]) <= 1e-13);
    CHECK(std::abs(o.v - stepper.y()[1]) <= 1e-13);
    CHECK(o.evaluations == 500);
  }
}

TEST_CASE("kick-drift: leapfrog converges with order 2, semi-implicit Euler with order 1") {
  for (cl::IntegratorKind kind : {cl::IntegratorKind::SemiImplicitEuler, cl::IntegratorKind::Leapfrog}) {
    const double coarse = error_after_3s(kind, 2e-3), fine = error_after_3s(kind, 1e-3);
    const double order = std::log2(coarse / fine);
    std::printf("kick-drift %s: error at 3 s %.3e (h = 2 ms), %.3e (h = 1 ms): order %.3f\n", cl::integrator_id(kind),
                coarse, fine, order);
    const double expected = kind == cl::IntegratorKind::Leapfrog ? 2 : 1;
    CHECK(std::abs(order - expected) <= 0.05);
  }
}
