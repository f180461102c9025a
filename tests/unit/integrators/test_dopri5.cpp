// Adaptive Dormand–Prince 5(4): error against exact solutions as the
// tolerance tightens, the dense output (size and order of its error), exact
// landing on t_limit, h_max, restarts and the h_min failure path.
#include <algorithm>
#include <cmath>
#include <limits>

#include <doctest/doctest.h>

#include "integrators/dopri5.h"

namespace {

using cl::Vec;

/// y' = y cos t from y(0) = 1; exact y = exp(sin t), between 1/e and e.
void growth(double t, const Vec& y, Vec& dydt) { dydt = y * std::cos(t); }
Vec growth_exact(double t) { return Vec::Constant(1, std::exp(std::sin(t))); }

/// Kepler problem (GM = 1), y = (qx, qy, px, py), eccentricity 0.5 from
/// pericentre: period 2 pi; speed varies 3:1 and the force 9:1 along the
/// orbit, so the step size must adapt.
constexpr double kEccentricity = 0.5;
constexpr double kPi = 3.14159265358979323846;
void kepler(double, const Vec& y, Vec& dydt) {
  const double r = std::hypot(y[0], y[1]);
  const double r3 = r * r * r;
  dydt << y[2], y[3], -y[0] / r3, -y[1] / r3;
}
Vec kepler_pericentre() {
  const double e = kEccentricity;
  return (Vec(4) << 1 - e, 0, 0, std::sqrt((1 + e) / (1 - e))).finished();
}

cl::Dopri5Options tolerances(double rtol) {
  cl::Dopri5Options options;
  options.rtol = rtol;
  options.atol = rtol;  // the solutions here are O(1): atol = rtol keeps it a relative test
  return options;
}

/// Runs to t_end, stopping on every step end; `each_step` sees the integrator.
template <typename EachStep>
void run(cl::Dopri5& dopri, const cl::OdeRhs& f, double t_end, EachStep each_step) {
  while (dopri.t() < t_end) {
    REQUIRE(dopri.step(f, t_end));
    each_step(dopri);
  }
}

}  // namespace

TEST_CASE("Dopri5 global error follows the tolerance") {
  const double rtols[] = {1e-6, 1e-9, 1e-12};
  double previous_growth_error = 1, previous_kepler_error = 1;
  long long previous_steps = 0;
  for (double rtol : rtols) {
    // y' = y cos t over 0..20 s, error checked at every whole second.
    cl::Dopri5 dopri(tolerances(rtol));
    dopri.start(0.0, growth_exact(0.0), growth);
    double growth_error = 0;
    for (int second = 1; second <= 20; ++second) {
      while (dopri.t() < second) REQUIRE(dopri.step(growth, second));
      growth_error = std::max(growth_error, std::abs(dopri.y()[0] / growth_exact(second)[0] - 1));
    }
    // Kepler: one orbit must close on the starting state.
    cl::Dopri5 orbit(tolerances(rtol));
    orbit.start(0.0, kepler_pericentre(), kepler);
    run(orbit, kepler, 2 * kPi, [](const cl::Dopri5&) {});
    const double kepler_error = (orbit.y() - kepler_pericentre()).lpNorm<Eigen::Infinity>();

    MESSAGE("rtol " << rtol << ": y'=y cos t max rel. error " << growth_error << " ("
                    << growth_error / rtol << " rtol), " << dopri.accepted_steps() << " steps, "
                    << dopri.rejected_steps() << " rejected | Kepler orbit error " << kepler_error
                    << " (" << kepler_error / rtol << " rtol), " << orbit.accepted_steps()
                    << " steps, " << orbit.rejected_steps() << " rejected, " << orbit.evaluations()
                    << " evaluations");
    // The tolerance bounds the local error per step; the global error adds
    // them up (measured: ~3 rtol for y cos t, whose errors partly cancel
    // over each 2 pi). Kepler's are not damped: an energy error changes the
    // period, and the phase error it causes grows through the orbit
    // (measured: 100-250 rtol). Hence C = 20 and C = 1000.
    CHECK(growth_error < 20 * rtol);
    CHECK(kepler_error < 1000 * rtol);
    CHECK(growth_error < previous_growth_error);
    CHECK(kepler_error < previous_kepler_error);
    // A 5th-order method needs 1000^(1/5) ~ 4x the steps per 1000x tolerance.
    CHECK(orbit.accepted_steps() > 2 * previous_steps);
    // One evaluation at start(), one for the initial-step guess, six per
    // attempted step (the seventh stage is the next step's first).
    CHECK(orbit.evaluations() == 2 + 6 * (orbit.accepted_steps() + orbit.rejected_steps()));
    previous_growth_error = growth_error;
    previous_kepler_error = kepler_error;
    previous_steps = orbit.accepted_steps();
  }
}

TEST_CASE("Dopri5 dense output inside a step is accurate to the tolerance") {
  for (double rtol : {1e-6, 1e-9, 1e-12}) {
    cl::Dopri5 dopri(tolerances(rtol));
    dopri.start(0.0, growth_exact(0.0), growth);
    double end_error = 0, interior_error = 0, interpolation_error = 0;
    Vec y, y_start;
    run(dopri, growth, 20.0, [&](const cl::Dopri5& d) {
      end_error = std::max(end_error, std::abs(d.y()[0] / growth_exact(d.t())[0] - 1));
      d.dense(d.t_previous(), y_start);
      for (int i = 1; i <= 9; ++i) {
        const double t = d.t_previous() + 0.1 * i * (d.t() - d.t_previous());
        d.dense(t, y);
        interior_error = std::max(interior_error, std::abs(y[0] / growth_exact(t)[0] - 1));
        // Against the exact solution through the step's start: the
        // interpolant's own error, without the error carried in.
        const double local_exact = y_start[0] * std::exp(std::sin(t) - std::sin(d.t_previous()));
        interpolation_error = std::max(interpolation_error, std::abs(y[0] / local_exact - 1));
      }
    });
    MESSAGE("rtol " << rtol << ": max rel. error at step ends " << end_error << " ("
                    << end_error / rtol << " rtol), at 9 interior points per step "
                    << interior_error << " (" << interior_error / rtol
                    << " rtol), of which interpolation " << interpolation_error / rtol << " rtol; "
                    << dopri.accepted_steps() << " steps");
    // The controller holds the 4th-order error estimate at ~rtol per step;
    // the continuous extension is 4th order too, with a larger error
    // constant here (measured 6-21 rtol per step), while the 5th-order step
    // ends do better. "Same size as the step error" = within 50 rtol.
    CHECK(interpolation_error < 50 * rtol);
    CHECK(interior_error < 50 * rtol);
  }
}

TEST_CASE("Dopri5 dense output converges with order 5 in the step size") {
  // With loose tolerances the step is pinned at h_max, so the step size is
  // under control. Measure the interpolation error alone: dense(t) against
  // the exact solution through the step's start (t_p, y_p), which is
  // y_p exp(sin t - sin t_p); the propagated global error drops out.
  const auto interpolation_error = [](double h_max) {
    cl::Dopri5Options options;
    options.rtol = 1;
    options.atol = 1;
    options.h_max = h_max;
    cl::Dopri5 dopri(options);
    dopri.start(0.0, growth_exact(0.0), growth);
    double worst = 0;
    Vec y, y_start;
    run(dopri, growth, 10.0, [&](const cl::Dopri5& d) {
      const double h = d.t() - d.t_previous();
      if (h < 0.999 * h_max) return;  // the first few steps, still growing
      d.dense(d.t_previous(), y_start);
      for (int i = 1; i <= 19; ++i) {
        const double t = d.t_previous() + 0.05 * i * h;
        d.dense(t, y);
        const double local_exact = y_start[0] * std::exp(std::sin(t) - std::sin(d.t_previous()));
        worst = std::max(worst, std::abs(y[0] - local_exact));
      }
    });
    return worst;
  };
  const double e1 = interpolation_error(0.2);
  const double e2 = interpolation_error(0.1);
  const double e4 = interpolation_error(0.05);
  MESSAGE("interpolation error (local): h 0.2 " << e1 << ", 0.1 " << e2 << ", 0.05 " << e4
                                                << " -> ratios " << e1 / e2 << ", " << e2 / e4);
  // A 4th-order continuous extension has local error O(h^5): halving h
  // should divide it by ~32; at least 16 rules out a 3rd-order interpolant.
  CHECK(e1 / e2 > 16);
  CHECK(e2 / e4 > 16);
}

TEST_CASE("Dopri5 dense output reproduces the step ends") {
  cl::Dopri5 dopri(tolerances(1e-8));
  dopri.start(0.0, kepler_pericentre(), kepler);
  Vec y;
  dopri.dense(0.0, y);  // before any step: the initial state
  CHECK(y == kepler_pericentre());
  dopri.step(kepler, 10.0);
  const Vec after_first = dopri.y();
  dopri.step(kepler, 10.0);
  dopri.dense(dopri.t_previous(), y);
  CHECK((y - after_first).norm() <= 1e-15);  // round-off only
  dopri.dense(dopri.t(), y);
  CHECK((y - dopri.y()).norm() <= 1e-15);
}

TEST_CASE("Dopri5 lands exactly on every t_limit") {
  // Frame times k/10 are not doubles; each t_limit must still be hit
  // bit-for-bit, as the recorder and event log key on these times.
  cl::Dopri5 dopri(tolerances(1e-9));
  dopri.start(0.0, kepler_pericentre(), kepler);
  int frames_hit = 0;
  for (int frame = 1; frame <= 100; ++frame) {
    const double t_frame = 0.1 * frame;
    while (dopri.t() < t_frame) REQUIRE(dopri.step(kepler, t_frame));
    frames_hit += dopri.t() == t_frame;
  }
  MESSAGE(frames_hit << "/100 frame times hit exactly; " << dopri.accepted_steps() << " steps");
  CHECK(frames_hit == 100);

  // A t_limit at or before t() is a no-op.
  const Vec y_before = dopri.y();
  CHECK(dopri.step(kepler, 5.0));
  CHECK(dopri.t() == 10.0);
  CHECK(dopri.y() == y_before);
}

TEST_CASE("Dopri5 never steps beyond h_max") {
  cl::Dopri5Options options = tolerances(1e-6);
  options.h_max = 0.05;  // s; the tolerance alone would allow ~0.3 s steps
  cl::Dopri5 dopri(options);
  dopri.start(0.0, growth_exact(0.0), growth);
  double longest = 0;
  run(dopri, growth, 10.0,
      [&](const cl::Dopri5& d) { longest = std::max(longest, d.t() - d.t_previous()); });
  MESSAGE("h_max 0.05: longest step " << longest << ", " << dopri.accepted_steps() << " steps");
  // A step is h_max added to t, so t's rounding (half an ulp of t <= 10)
  // is the only excess allowed.
  CHECK(longest <= options.h_max + 10 * std::numeric_limits<double>::epsilon());
  CHECK(dopri.accepted_steps() >= 200);
}

TEST_CASE("Dopri5 restarts cleanly with start() after a discontinuity") {
  // y' = y cos t up to t = 1, then the law switches to y' = -2 y.
  const double rtol = 1e-9;
  cl::Dopri5 dopri(tolerances(rtol));
  dopri.start(0.0, growth_exact(0.0), growth);
  run(dopri, growth, 1.0, [](const cl::Dopri5&) {});
  const cl::OdeRhs decay = [](double, const Vec& y, Vec& dydt) { dydt = -2 * y; };
  const long long evaluations_before = dopri.evaluations();
  dopri.start(dopri.t(), dopri.y(), decay);
  CHECK(dopri.t_previous() == dopri.t());  // nothing to interpolate across the switch
  Vec y;
  dopri.dense(dopri.t(), y);
  CHECK(y == dopri.y());
  run(dopri, decay, 2.0, [](const cl::Dopri5&) {});
  const double exact = std::exp(std::sin(1.0)) * std::exp(-2.0);
  const double error = std::abs(dopri.y()[0] / exact - 1);
  MESSAGE("restart at t=1: rel. error at t=2 " << error << " (" << error / rtol << " rtol), "
                                               << dopri.accepted_steps() << " steps in all");
  CHECK(error < 100 * rtol);  // as in the global error test: accumulated local errors
  CHECK(dopri.evaluations() > evaluations_before);  // counters run on across restarts
}

TEST_CASE("Dopri5 reports failure below h_min and leaves the state unchanged") {
  SUBCASE("blow-up: y' = y^2 from y(0) = 1 has y = 1/(1-t), infinite at t = 1") {
    const cl::OdeRhs blow_up = [](double, const Vec& y, Vec& dydt) { dydt = y.cwiseProduct(y); };
    const double rtol = 1e-8;
    cl::Dopri5 dopri(tolerances(rtol));
    dopri.start(0.0, Vec::Ones(1), blow_up);
    double t_before = 0, error_away_from_pole = 0;
    Vec y_before;
    bool ok = true;
    while (ok) {
      REQUIRE(dopri.t() < 2.0);
      t_before = dopri.t();
      y_before = dopri.y();
      if (1 - t_before >= 1e-3) {
        error_away_from_pole =
            std::max(error_away_from_pole, std::abs(y_before[0] * (1 - t_before) - 1));
      }
      ok = dopri.step(blow_up, 2.0);
    }
    MESSAGE("y' = y^2: failed at 1 - t = "
            << 1 - dopri.t() << ", y = " << dopri.y()[0] << ", after " << dopri.accepted_steps()
            << " steps, " << dopri.rejected_steps()
            << " rejected; max rel. error for 1 - t >= 1e-3: " << error_away_from_pole);
    CHECK(dopri.t() == t_before);
    CHECK(dopri.y() == y_before);
    // It fails at the pole of the numerical solution, which sits within
    // ~rtol of the true one (each step's relative error shifts the pole by
    // about rtol * (1 - t); the shifts sum to ~rtol).
    CHECK(std::abs(dopri.t() - 1) < 100 * rtol);
    CHECK(dopri.y()[0] > 1e10);
    // Away from the pole the solution is accurate: the pole shift of ~rtol
    // makes a relative error of ~rtol / (1 - t) <= 1e3 rtol.
    CHECK(error_away_from_pole < 1e3 * rtol);
  }
  SUBCASE("a right-hand side that turns NaN for t > 0.5") {
    const cl::OdeRhs poisoned = [](double t, const Vec& y, Vec& dydt) {
      dydt = t > 0.5 ? Vec::Constant(y.size(), std::nan("")) : Vec(-y);
    };
    cl::Dopri5 dopri(tolerances(1e-8));
    dopri.start(0.0, Vec::Ones(1), poisoned);
    double t_before = 0;
    Vec y_before;
    bool ok = true;
    while (ok) {
      REQUIRE(dopri.t() < 1.0);
      t_before = dopri.t();
      y_before = dopri.y();
      ok = dopri.step(poisoned, 1.0);
    }
    MESSAGE("NaN beyond t = 0.5: failed at 0.5 - t = " << 0.5 - dopri.t() << " after "
                                                       << dopri.accepted_steps() << " steps, "
                                                       << dopri.rejected_steps() << " rejected");
    CHECK(dopri.t() == t_before);
    CHECK(dopri.y() == y_before);
    CHECK(dopri.t() <= 0.5);
    CHECK(std::isfinite(dopri.y()[0]));  // no NaN was ever accepted
    // The accepted part is y' = -y solved to the tolerance (1e-8; 100x for
    // accumulation, as in the global error test).
    CHECK(std::abs(dopri.y()[0] / std::exp(-dopri.t()) - 1) < 1e-6);
    // Calling again fails again, still without touching the state.
    CHECK_FALSE(dopri.step(poisoned, 1.0));
    CHECK(dopri.t() == t_before);
  }
}
