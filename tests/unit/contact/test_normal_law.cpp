// Normal force laws through the one dispatch function normal_force(): each
// law's force, elastic energy and dissipated power at a sample point against
// hand values, the f >= 0 clamp, the ρ̇⁻ floor, and dU/dρ = f_el.
#include <cmath>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include "contact/normal_law.h"

namespace {

using cl::NormalLaw;

/// k0 = 1e7 N/m^1.5, k_l = 1e5 N/m, c_τ = 0.8, m_eff = 2 kg.
cl::NormalLawParams sample_params() {
  cl::NormalLawParams p;
  p.hertz_stiffness = 1e7;
  p.linear_stiffness = 1e5;
  p.restitution = 0.8;
  p.effective_mass = 2;
  return p;
}

/// ρ = 1 mm, ρ̇ = 0.5 m/s approaching, ρ̇⁻ = 2 m/s.
constexpr cl::ContactKinematics kSample{1e-3, 0.5, 2};

double rel(double x, double expected) { return std::abs(x - expected) / std::abs(expected); }

}  // namespace

TEST_CASE("contact: every normal law's force, energy and dissipated power at a sample point") {
  // Hand values: k ρ^{3/2} = 1e7 · 1e-4.5 = 316.22776601683796 N,
  // U = 2/5 k ρ^{5/2} = 0.12649110640673517 J; ρ̇/ρ̇⁻ = 1/4.
  // HC: β = 1.5 · 0.2 = 0.3, f = 316.2278 · 1.075;  LN: β = 0.75 · 0.36 = 0.27, · 1.0675;
  // Flores: β = 8 · 0.2 / 4 = 0.4, · 1.1.  P = (f − k ρ^{3/2}) ρ̇.
  // Linear: ζ = −ln 0.8 / sqrt(π² + ln² 0.8) = 0.07085030019536805,
  // d = 2 ζ sqrt(1e5 · 2) = 63.37043498524383 N s/m, f = 100 + d/2, U = 0.05 J, P = d ρ̇².
  struct Expected {
    NormalLaw law;
    double force, elastic_force, energy, power;
  };
  const Expected expected[] = {
      {NormalLaw::Hertz, 316.22776601683796, 316.22776601683796, 0.12649110640673517, 0},
      {NormalLaw::HuntCrossley, 339.9448484681008, 316.22776601683796, 0.12649110640673517,
       11.858541225631427},
      {NormalLaw::LankaraniNikravesh, 337.5731402229745, 316.22776601683796, 0.12649110640673517,
       10.672687103068256},
      {NormalLaw::Flores, 347.8505426185218, 316.22776601683796, 0.12649110640673517,
       15.811388300841912},
      {NormalLaw::LinearSpringDashpot, 131.68521749262192, 100, 0.05, 15.842608746310958},
  };
  for (const Expected& e : expected) {
    const cl::NormalForce f = cl::normal_force(e.law, sample_params(), kSample);
    MESSAGE(std::string(cl::normal_law_name(e.law))
            << ": f = " << f.force << " N (hand " << e.force << "), U = " << f.elastic_energy
            << " J, P = " << f.dissipated_power << " W");
    const std::string name = cl::normal_law_name(e.law);
    CAPTURE(name);
    CHECK(!cl::normal_law_params_error(e.law, sample_params()));
    // Hand values to 17 digits; the code differs by a few roundings (and
    // P is a difference of two ~300 N forces: 1e-13 relative covers it).
    CHECK(rel(f.force, e.force) < 1e-14);
    CHECK(rel(f.elastic_force, e.elastic_force) < 1e-14);
    CHECK(rel(f.elastic_energy, e.energy) < 1e-14);
    if (e.power == 0)
      CHECK(f.dissipated_power == 0);
    else
      CHECK(rel(f.dissipated_power, e.power) < 1e-13);
    CHECK(!f.clamped);
  }
}

TEST_CASE("contact: no force apart; at rho = 0 the limit from inside; NaN is passed on") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (NormalLaw law : cl::kNormalLaws) {
    const cl::NormalForce apart = cl::normal_force(law, sample_params(), {-1e-3, 0.5, 2});
    CHECK(apart.force == 0);
    CHECK(apart.elastic_energy == 0);
    CHECK(apart.dissipated_power == 0);
    CHECK(std::isnan(cl::normal_force(law, sample_params(), {nan, 0.5, 2}).force));
  }
  // At ρ = 0 the Hertz family vanishes (k 0^{3/2}); the dashpot is d ρ̇ when
  // approaching (the jump a restarted integrator must see at contact onset),
  // clamped to 0 when separating.
  for (NormalLaw law : {NormalLaw::Hertz, NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh,
                        NormalLaw::Flores})
    CHECK(cl::normal_force(law, sample_params(), {0, 0.5, 2}).force == 0);
  const double d = 63.37043498524383;  // N s/m, by hand (see the sample-point test)
  const cl::NormalForce onset =
      cl::normal_force(NormalLaw::LinearSpringDashpot, sample_params(), {0, 0.5, 2});
  CHECK(rel(onset.force, 0.5 * d) < 1e-14);
  CHECK(rel(onset.dissipated_power, 0.25 * d) < 1e-14);  // P = d ρ̇²
  const cl::NormalForce leaving =
      cl::normal_force(NormalLaw::LinearSpringDashpot, sample_params(), {0, -0.5, 2});
  CHECK(leaving.force == 0);
  CHECK(leaving.dissipated_power == 0);
}

TEST_CASE("contact: c_tau = 1 makes every damped law elastic; Hertz ignores c_tau") {
  cl::NormalLawParams elastic = sample_params();
  elastic.restitution = 1;
  const double hertz = cl::normal_force(NormalLaw::Hertz, sample_params(), kSample).force;
  for (NormalLaw law : {NormalLaw::Hertz, NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh,
                        NormalLaw::Flores}) {
    const cl::NormalForce f = cl::normal_force(law, elastic, kSample);
    CHECK(f.force == hertz);  // the factor is exactly 1 + 0 · ρ̇/ρ̇⁻
    CHECK(f.dissipated_power == 0);
  }
  const cl::NormalForce linear = cl::normal_force(NormalLaw::LinearSpringDashpot, elastic, kSample);
  CHECK(linear.force == 100);  // ln 1 = 0: no dashpot, k_l ρ only
  CHECK(linear.dissipated_power == 0);
}

TEST_CASE("contact: the force is clamped at zero while separating, and the audit still closes") {
  // Hunt–Crossley with c_τ = 0.5 (β = 0.75), ρ̇⁻ = 1 m/s, separating at ρ̇ = −2 m/s:
  // factor 1 − 1.5 = −0.5, so the law alone would pull.
  cl::NormalLawParams p = sample_params();
  p.restitution = 0.5;
  const cl::ContactKinematics separating{1e-3, -2, 1};
  const cl::NormalForce hc = cl::normal_force(NormalLaw::HuntCrossley, p, separating);
  MESSAGE("HC clamped: f = " << hc.force << " N, f_el = " << hc.elastic_force
                             << " N, P = " << hc.dissipated_power << " W");
  CHECK(hc.clamped);
  CHECK(hc.force == 0);
  // With f = 0 the stored energy is released into dissipation: P = −f_el ρ̇ = 2 f_el.
  CHECK(rel(hc.dissipated_power, 2 * hc.elastic_force) < 1e-15);
  CHECK(hc.dissipated_power > 0);

  // Linear: k_l ρ + d ρ̇ with ρ = 1e-5 m, ρ̇ = −1 m/s: 1 − 63.37 < 0, clamped.
  const cl::NormalForce linear =
      cl::normal_force(NormalLaw::LinearSpringDashpot, sample_params(), {1e-5, -1, 2});
  CHECK(linear.clamped);
  CHECK(linear.force == 0);
  CHECK(rel(linear.dissipated_power, linear.elastic_force * 1) < 1e-15);

  // Unclamped damping dissipates too, approaching or separating (P ∝ ρ̇²).
  for (NormalLaw law : cl::kNormalLaws) {
    for (double rate : {0.5, -0.5}) {
      const cl::NormalForce f = cl::normal_force(law, sample_params(), {1e-3, rate, 2});
      CHECK(f.dissipated_power >= 0);
    }
  }
}

TEST_CASE("contact: the impact speed is floored, so a grazing contact is not divided by ~0") {
  // ρ̇⁻ = 1e-9 m/s would give the HC factor 1 + 0.3 · 1e-3 / 1e-9 = 3e5.
  // With the default floor of 1e-3 m/s it is 1 + 0.3 · 1e-3 / 1e-3 = 1.3.
  const cl::ContactKinematics grazing{1e-3, 1e-3, 1e-9};
  const cl::NormalForce f = cl::normal_force(NormalLaw::HuntCrossley, sample_params(), grazing);
  MESSAGE("grazing HC force " << f.force << " N = " << f.force / f.elastic_force << " x Hertz");
  CHECK(cl::kDefaultMinImpactSpeed == 1e-3);
  CHECK(rel(f.force / f.elastic_force, 1.3) < 1e-14);
  // The magnitude of ρ̇⁻ counts (the seeds' Abs): −2 m/s acts as 2 m/s.
  const cl::ContactKinematics negative{kSample.penetration, kSample.penetration_rate, -2};
  CHECK(cl::normal_force(NormalLaw::HuntCrossley, sample_params(), negative).force ==
        cl::normal_force(NormalLaw::HuntCrossley, sample_params(), kSample).force);
}

TEST_CASE("contact: elastic energy is the potential of the elastic force (finite differences)") {
  for (NormalLaw law : cl::kNormalLaws) {
    double worst = 0;
    for (double rho : {1e-6, 1e-4, 1e-3, 3e-2}) {
      // Central difference: truncation ~ (h/ρ)² = 1e-12, rounding ~ eps U / (h f) ~ 1e-10.
      const double h = 1e-6 * rho;
      const auto energy = [&](double r) {
        return cl::normal_force(law, sample_params(), {r, 0.3, 2}).elastic_energy;
      };
      const double derivative = (energy(rho + h) - energy(rho - h)) / (2 * h);
      const double force = cl::normal_force(law, sample_params(), {rho, 0.3, 2}).elastic_force;
      worst = std::max(worst, rel(derivative, force));
    }
    MESSAGE(std::string(cl::normal_law_name(law)) << ": max |dU/drho - f_el| / f_el = " << worst);
    CHECK(worst < 1e-8);  // 100x the rounding estimate above
  }
}

TEST_CASE("contact: normal law parameters are checked") {
  CHECK(!cl::normal_law_params_error(NormalLaw::HuntCrossley, sample_params()));
  cl::NormalLawParams p = sample_params();
  p.restitution = 0;  // Flores and the linear damping ratio divide by it (or its log)
  CHECK(cl::normal_law_params_error(NormalLaw::Flores, p));
  p.restitution = 1.1;
  CHECK(cl::normal_law_params_error(NormalLaw::HuntCrossley, p));
  p = sample_params();
  p.hertz_stiffness = 0;
  CHECK(cl::normal_law_params_error(NormalLaw::Hertz, p));
  CHECK(!cl::normal_law_params_error(NormalLaw::LinearSpringDashpot, p));  // k0 unused there
  p = sample_params();
  p.effective_mass = 0;
  CHECK(cl::normal_law_params_error(NormalLaw::LinearSpringDashpot, p));
  CHECK(!cl::normal_law_params_error(NormalLaw::Flores, p));  // m_eff unused there
  p = sample_params();
  p.min_impact_speed = 0;
  const auto error = cl::normal_law_params_error(NormalLaw::HuntCrossley, p);
  REQUIRE(error);
  MESSAGE("message: " << *error);
}

TEST_CASE("every law's id is written once and reads back as the law") {
  int laws = 0;
  for (cl::NormalLaw law : cl::kNormalLaws) {
    const std::string id = cl::normal_law_id(law);
    CAPTURE(id);
    CHECK(!id.empty());
    CHECK(cl::normal_law_with_id(id) == law);
    ++laws;
  }
  CHECK(laws == 6);
  CHECK(cl::normal_law_with_id("hunt_crossley") == cl::NormalLaw::HuntCrossley);
  CHECK(cl::normal_law_with_id("linear") == cl::NormalLaw::LinearSpringDashpot);
  CHECK(!cl::normal_law_with_id("impulse"));  // not a normal law
  CHECK(!cl::normal_law_with_id("Hunt-Crossley"));
}
