// Effective restitution of every normal contact law, measured like Box2D's
// test_restitution: a mass m meets a rigid half-space at approach speed
// v_in (no gravity: the contact force is the only force), and
//   m ρ̈ = −f(ρ, ρ̇; ρ̇⁻ = v_in),  ρ(0) = 0, ρ̇(0) = v_in,
// is integrated by Dopri5 (rtol 1e-10) until ρ returns to 0, an event
// located on the dense output with find_root; e_eff = v_out / v_in.
// (At ρ = 0 the laws give their limit from inside contact, so the linear
// dashpot's force starts at d v_in from the first evaluation.)
// Dissipated work W is a third state (dW/dt = P), so the audit
// ½ m ρ̇² + U(ρ) + W = ½ m v_in² is checked at every step end in contact,
// the clamped phase included, and at the end of contact.
//
// Closed forms the measurements are held to:
// * Hertz family, f = k ρ^{3/2} (1 + β ρ̇/v_in): with v = ρ̇, v dv/dρ =
//   −(k/m) ρ^{3/2} (1 + β v/v_in); separating variables and integrating over
//   the whole impact (∫ρ^{3/2} dρ over 0 → ρ_max → 0 is 0) gives, with
//   e = v_out / v_in,
//     β (1 + e) − ln(1 + β) + ln(1 − β e) = 0,
//   independent of k, m and v_in (only β = β(c_τ) enters). 1 + β ρ̇/v_in
//   stays > 0 throughout (ρ̇ falls monotonically to −e v_in and β e < 1), so
//   the clamp never acts in this experiment.
// * Linear spring-dashpot: unclamped, e = c_τ by the choice of ζ. The clamp
//   ends the contact where f = 0, i.e. where ρ̈ = 0; for ρ = A e^{−ζω t}
//   sin(ω_d t) that is ω_d t* = π − 2 arcsin ζ, where ρ̇ = −v_in e^{−ζω t*}:
//     e = exp(−ζ (π − 2 arcsin ζ) / sqrt(1 − ζ²)) > c_τ.
//   After t* the body coasts at that speed; the spring energy still stored
//   (½ k_l ρ²) goes into W as ρ returns to 0.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "contact/normal_law.h"
#include "integrators/dopri5.h"
#include "integrators/root_find.h"
#include "support/restitution_closed_form.h"

namespace {

using cl::NormalLaw;

constexpr double kMass = 1;                   // kg; the half-space does not move: m_eff = m
constexpr double kHertzStiffness = 1.2295e7;  // N/m^1.5: the seeds' ellipse tip in their wall
constexpr double kLinearStiffness = 1e6;      // N/m
const double kPi = std::acos(-1.0);

constexpr NormalLaw kDampedLaws[] = {NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh, NormalLaw::Flores,
                                     NormalLaw::Gonthier, NormalLaw::LinearSpringDashpot};
constexpr double kRestitutions[] = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0};

struct Impact {
  double restitution = 0;          // e_eff = v_out / v_in
  double max_audit_error = 0;      // max |KE + U + W − KE0| / KE0 at step ends in contact
  double exit_audit_error = 0;     // the same at the located end of contact
  double max_penetration = 0;      // m, at step ends
  double dissipated_fraction = 0;  // W / KE0 at the end
  bool clamped = false;            // the clamp acted at some evaluation
  long long steps = 0;
};

cl::NormalLawParams law_params(double restitution) {
  cl::NormalLawParams p;
  p.hertz_stiffness = kHertzStiffness;
  p.linear_stiffness = kLinearStiffness;
  p.restitution = restitution;
  p.effective_mass = kMass;
  return p;
}

Impact simulate_impact(NormalLaw law, double restitution, double v_in) {
  const cl::NormalLawParams params = law_params(restitution);
  Impact out;
  // y = (ρ m, ρ̇ m/s, W J).
  const cl::OdeRhs rhs = [&](double, const cl::Vec& y, cl::Vec& dydt) {
    const cl::NormalForce f = cl::normal_force(law, params, {y[0], y[1], v_in});
    out.clamped = out.clamped || f.clamped;
    dydt[0] = y[1];
    dydt[1] = -f.force / kMass;
    dydt[2] = f.dissipated_power;
  };
  const double e0 = 0.5 * kMass * v_in * v_in;
  const auto audit_error = [&](const cl::Vec& y) {
    const double elastic = cl::normal_force(law, params, {y[0], y[1], v_in}).elastic_energy;
    return std::abs(0.5 * kMass * y[1] * y[1] + elastic + y[2] - e0) / e0;
  };

  // The length scale of the impact: ρ_max ~ (m v²/k)^{2/5} (Hertz family) or
  // v sqrt(m / k_l) (linear). atol = 1e-14 of it: the Hertz force grows like
  // t^{3/2} from the onset, which fools the first step's error estimate; at
  // atol = 1e-12 of the scale that step alone lost 2e-9 of the energy
  // (measured), at 1e-14 the whole impact loses < 1e-10 for 5 more steps.
  // A far smaller atol (1e-20 m) starves Hairer's first-step guess instead.
  const double length = law == NormalLaw::LinearSpringDashpot
                            ? v_in * std::sqrt(kMass / kLinearStiffness)
                            : std::pow(kMass * v_in * v_in / kHertzStiffness, 0.4);
  cl::Dopri5 solver(cl::Dopri5Options{1e-10, 1e-14 * length});
  cl::Vec y0(3);
  y0 << 0, v_in, 0;
  solver.start(0, y0, rhs);
  const auto record = [&](const cl::Vec& y) {
    out.max_audit_error = std::max(out.max_audit_error, audit_error(y));
    out.max_penetration = std::max(out.max_penetration, y[0]);
  };
  const double t_limit = 1e3;  // s; the contact ends long before (~1e-3 s)
  cl::Dopri5 before = solver;  // the last state still in contact
  while (true) {
    before = solver;
    REQUIRE(solver.step(rhs, t_limit));
    REQUIRE(solver.accepted_steps() < 100000);
    if (solver.y()[0] <= 0) break;  // ρ is back to 0 within this step
    record(solver.y());
  }
  // Locate ρ = 0 on the dense output, then redo the step from its start so
  // that it ends exactly there: the step that crossed also integrated past
  // the end of contact, where the force law switches off (a kink its error
  // estimate does not see, ~1e-9 of the energy); the redone one does not.
  cl::Vec y(3);
  const auto penetration_at = [&](double t) {
    solver.dense(t, y);
    return y[0];
  };
  const double t0 = solver.t_previous(), t1 = solver.t();
  const double t_exit =
      cl::find_root(penetration_at, t0, penetration_at(t0), t1, solver.y()[0], 1e-15 * t1);
  solver = before;
  while (solver.t() < t_exit) {
    REQUIRE(solver.step(rhs, t_exit));
    if (solver.t() < t_exit) record(solver.y());
  }
  y = solver.y();
  out.exit_audit_error = audit_error(y);
  out.restitution = -y[1] / v_in;
  out.dissipated_fraction = y[2] / e0;
  out.steps = solver.accepted_steps();
  return out;
}

}  // namespace

TEST_CASE("restitution: pure Hertz impact is elastic and conserves energy") {
  for (double v_in : {0.1, 1.0, 10.0}) {
    const Impact hit = simulate_impact(NormalLaw::Hertz, 0.5, v_in);  // c_τ is ignored by Hertz
    // ρ_max = (5 m v² / (4 k))^{2/5} from ½ m v² = 2/5 k ρ_max^{5/2}.
    const double rho_max = std::pow(5 * kMass * v_in * v_in / (4 * kHertzStiffness), 0.4);
    MESSAGE("Hertz, v_in = " << v_in << " m/s: e_eff - 1 = " << hit.restitution - 1
                             << ", max audit error " << hit.max_audit_error << " (at exit "
                             << hit.exit_audit_error << "), max penetration " << hit.max_penetration
                             << " m (closed form " << rho_max << "), " << hit.steps << " steps");
    CHECK(std::abs(hit.restitution - 1) < 1e-7);  // the brief's bound; rtol 1e-10 gives far less
    CHECK(hit.max_audit_error < 1e-9);            // KE + U is all there is
    CHECK(hit.exit_audit_error < 1e-9);
    CHECK(hit.dissipated_fraction == 0);  // P = 0 identically
    CHECK(!hit.clamped);
    // Step ends straddle the true maximum: within 1e-3 relative, not more.
    CHECK(hit.max_penetration <= rho_max * (1 + 1e-9));
    CHECK(hit.max_penetration >= rho_max * (1 - 1e-3));
  }
}

TEST_CASE("restitution: table of e_eff per law and c_tau, with the energy audit") {
  const double v_in = 1;  // m/s
  std::printf("\ne_eff = v_out / v_in, v_in = %g m/s (closed form in brackets)\n", v_in);
  std::printf("%6s", "c_tau");
  for (NormalLaw law : kDampedLaws) std::printf("  %-26s", cl::normal_law_name(law).c_str());
  std::printf("\n");

  const size_t law_count = std::size(kDampedLaws);
  std::vector<double> worst_audit(law_count), worst_prediction(law_count), dissipated(law_count);
  std::vector<std::vector<double>> measured(law_count);
  for (double c : kRestitutions) {
    std::printf("%6.2f", c);
    for (size_t i = 0; i < law_count; ++i) {
      const NormalLaw law = kDampedLaws[i];
      const Impact hit = simulate_impact(law, c, v_in);
      const double predicted = test::predicted_restitution(law, c);
      std::printf("  %.8f [%.8f]    ", hit.restitution, predicted);
      measured[i].push_back(hit.restitution);
      worst_audit[i] = std::max({worst_audit[i], hit.max_audit_error, hit.exit_audit_error});
      worst_prediction[i] = std::max(worst_prediction[i], std::abs(hit.restitution - predicted));
      if (c == 0.5) dissipated[i] = hit.dissipated_fraction;
      const std::string name = cl::normal_law_name(law);
      CAPTURE(name);
      CAPTURE(c);
      // Each impact's energy adds up at every step, clamped part included.
      CHECK(hit.max_audit_error < 1e-9);
      // At the end U = 0: the lost kinetic energy, 1 − e² of KE0, is the dissipated work.
      CHECK(hit.exit_audit_error < 1e-9);
      // The clamp acts only for the linear law (derivation above), never at c_τ = 1.
      CHECK(hit.clamped == (law == NormalLaw::LinearSpringDashpot && c < 1));
      // Closed forms. Hertz family: the integrator's error, ~rtol (measured
      // <= 2e-10). Linear: the clamp puts a kink in the force mid-contact,
      // which Dopri5 steps across less accurately (measured 6.4e-9).
      const bool linear = law == NormalLaw::LinearSpringDashpot;
      CHECK(std::abs(hit.restitution - predicted) < (linear ? 3e-8 : 1e-9));
    }
    std::printf("\n");
  }
  for (size_t i = 0; i < law_count; ++i)
    std::printf(
        "%-22s worst |KE + U + W - KE0| / KE0 = %.2e, worst |e_eff - closed form| = %.2e,"
        " W / KE0 at c_tau 0.5 = %.6f\n",
        cl::normal_law_name(kDampedLaws[i]).c_str(), worst_audit[i], worst_prediction[i], dissipated[i]);

  for (size_t i = 0; i < law_count; ++i) {
    const NormalLaw law = kDampedLaws[i];
    const std::string name = cl::normal_law_name(law);
    CAPTURE(name);
    const std::vector<double>& e = measured[i];
    // More restitution asked, more obtained.
    for (size_t j = 1; j < e.size(); ++j) CHECK(e[j] > e[j - 1]);
    CHECK(std::abs(e.back() - 1) < 1e-7);  // c_τ = 1: elastic
    for (size_t j = 0; j < e.size(); ++j) {
      const double c = kRestitutions[j], error = e[j] - c;
      CAPTURE(c);
      switch (law) {
        case NormalLaw::HuntCrossley:
          // Derived for c_τ near 1, HC overestimates the restitution below it:
          // measured +0.163 at 0.5, +0.033 at 0.8, +0.0024 at 0.95.
          if (c < 1) CHECK(error > 0);
          CHECK(error < 0.17);
          if (c >= 0.9) CHECK(error < 0.01);
          break;
        case NormalLaw::LankaraniNikravesh:
          // Also derived for c_τ near 1: +0.013 at 0.9 (within 0.02), +0.225 at 0.5.
          if (c < 1) CHECK(error > 0);
          if (c >= 0.9) CHECK(error < 0.02);
          break;
        case NormalLaw::Flores:
          // Meant for the whole range: slightly under, −0.030 at 0.5, −0.006 at 0.9.
          if (c < 1) CHECK(error < 0);
          CHECK(std::abs(error) < 0.05);
          break;
        case NormalLaw::Gonthier:
          // Derived without assuming c_tau near 1: slightly under over the whole
          // range, -0.012 at 0.5, -0.032 at 0.8, -0.014 at 0.95 (measured).
          if (c < 1) CHECK(error < 0);
          CHECK(std::abs(error) < 0.05);
          break;
        case NormalLaw::LinearSpringDashpot:
          // Unclamped it would return c_τ exactly; the clamp removes the final
          // pull, so slightly more comes back: +0.050 at 0.5, +0.002 at 0.9.
          if (c < 1) CHECK(error > 0);
          CHECK(error < 0.06);
          break;
        case NormalLaw::Hertz: break;  // not in the table
      }
    }
  }
}

TEST_CASE("restitution: e_eff does not depend on the impact speed") {
  // Hertz family: the law depends on ρ̇ only through ρ̇/ρ̇⁻ = ρ̇/v_in, so with
  // ρ scaled by (m v_in²/k)^{2/5} and t by that over v_in the equation has no
  // parameter left but β. Linear: the equation is linear in (ρ, ρ̇).
  for (NormalLaw law : kDampedLaws) {
    for (double c : {0.5, 0.8, 0.95}) {
      double low = 1, high = 0;
      for (double v_in : {0.1, 1.0, 10.0}) {
        const double e = simulate_impact(law, c, v_in).restitution;
        low = std::min(low, e);
        high = std::max(high, e);
      }
      MESSAGE(std::string(cl::normal_law_name(law))
              << ", c_tau = " << c << ": e_eff spread over v_in = 0.1, 1, 10 m/s: " << high - low);
      // The integrator's error: measured <= 1e-10 (Hertz family), 6.3e-9
      // (linear, stepping across the clamp's kink).
      CHECK(high - low < (law == NormalLaw::LinearSpringDashpot ? 3e-8 : 1e-9));
    }
  }
}
