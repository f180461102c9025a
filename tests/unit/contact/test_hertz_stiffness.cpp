// Hertz stiffness k0 = 4/(3(σ1+σ2)) sqrt(R*), 1/R* = 1/R1 + 1/R2: hand
// values for the seeds' materials (E = 1e7 Pa, ν = 0.28 for both bodies),
// convex, concave and flat partners, and the conformal cases it must refuse.
#include <cmath>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include "contact/hertz_stiffness.h"

namespace {

const cl::ElasticMaterial kSeedMaterial{1e7, 0.28};
const double kInf = std::numeric_limits<double>::infinity();
// Hand arithmetic: σ = (1 − 0.28²)/1e7 = 0.9216e-7 1/Pa, so
// 4/(3 (σ + σ)) = 4 / 5.5296e-7 = 7233796.2962962963 Pa.
constexpr double kSeedPrefactor = 7233796.2962962963;

/// Relative difference, for comparing with hand values.
double rel(double x, double expected) { return std::abs(x - expected) / std::abs(expected); }

}  // namespace

TEST_CASE("contact: Hertz compliance of the seeds' material") {
  const double sigma = cl::hertz_compliance(kSeedMaterial);
  MESSAGE("sigma = " << sigma << " 1/Pa (hand: 9.216e-8)");
  CHECK(rel(sigma, 9.216e-8) < 1e-15);  // two roundings
}

TEST_CASE("contact: Hertz stiffness against hand values, convex, concave and flat partners") {
  struct Case {
    const char* name;
    double r1, r2;     // m
    double r_star;     // m, by hand
    double stiffness;  // N/m^1.5 = kSeedPrefactor sqrt(r_star)
  };
  const Case cases[] = {
      // Ellipse tip of radius 2 m against the seeds' wall R_W = 6.5 m seen from
      // inside: R* = 2 · 6.5 / 4.5 = 2.8889 m, sqrt = 1.6996732.
      {"R1 = 2 vs concave wall R2 = -6.5", 2, -6.5, 26.0 / 9, 12295089.490723344},
      // The same radius outside a disc of 6.5 m: R* = 13/8.5 = 1.5294 m.
      {"R1 = 2 vs convex R2 = +6.5", 2, 6.5, 13.0 / 8.5, 8945991.643530706},
      // A flat street: R* = R1.
      {"R1 = 2 vs flat R2 = inf", 2, kInf, 2.0, 10230132.829666488},
      {"flat R1 = inf vs R2 = 2 (order)", kInf, 2, 2.0, 10230132.829666488},
      // Ellipse a = 2, b = 1 on its flat side (R = a²/b = 4 m) in the wall: R* = 10.4 m.
      {"R1 = 4 vs concave wall R2 = -6.5", 4, -6.5, 10.4, 23328292.095771268},
  };
  for (const Case& c : cases) {
    const cl::HertzStiffness k = cl::hertz_stiffness(kSeedMaterial, c.r1, kSeedMaterial, c.r2, 2.0);
    MESSAGE(std::string(c.name) << ": R* = " << k.effective_radius << " m, k0 = " << k.stiffness
                                << " N/m^1.5");
    const std::string name = c.name;
    CAPTURE(name);
    REQUIRE(k.ok());
    CHECK(k.message.empty());
    // The hand values carry 17 digits; the code's few roundings stay below 1e-14.
    CHECK(rel(k.effective_radius, c.r_star) < 1e-14);
    CHECK(rel(k.stiffness, c.stiffness) < 1e-14);
    CHECK(rel(k.stiffness, kSeedPrefactor * std::sqrt(c.r_star)) < 1e-14);
  }
  // A concave partner wraps around the body: larger R*, stiffer contact than a convex one.
  const auto concave = cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, -6.5, 2.0);
  const auto convex = cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, 6.5, 2.0);
  const auto flat = cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, kInf, 2.0);
  CHECK(concave.effective_radius > flat.effective_radius);
  CHECK(flat.effective_radius > convex.effective_radius);
  CHECK(concave.stiffness > convex.stiffness);
}

TEST_CASE("contact: Hertz stiffness with two materials (seed 001: soft ellipse on a hard street)") {
  // σ_e = 0.9216 / 1e4 = 9.216e-5, σ_s = 9.216e-8; 4/(3 · 9.225216e-5) = 14453.223... Pa;
  // flat street, R1 = 2: k0 = 14453.2232 · sqrt 2 = 20439.825833499475 N/m^1.5.
  const cl::ElasticMaterial ellipse{1e4, 0.28}, street{1e7, 0.28};
  const auto k = cl::hertz_stiffness(ellipse, 2, street, kInf, 2.0);
  MESSAGE("k0 = " << k.stiffness << " N/m^1.5 (hand 20439.825833499475)");
  REQUIRE(k.ok());
  CHECK(rel(k.stiffness, 20439.825833499475) < 1e-14);  // a few roundings
}

TEST_CASE("contact: conformal and nearly conformal contacts are reported, never NaN") {
  struct Case {
    const char* name;
    double r1, r2;
    cl::HertzStatus status;
  };
  const Case cases[] = {
      // 1/2 − 1/2 = 0: a disc in a hole of its own radius; R* = inf.
      {"R1 = 2 in a hole R2 = -2", 2, -2, cl::HertzStatus::Conformal},
      // 1/2 − 1/1.5 < 0: the hole is tighter than the body; R* = -6 m.
      {"R1 = 2 in a hole R2 = -1.5", 2, -1.5, cl::HertzStatus::Conformal},
      {"two flat surfaces", kInf, kInf, cl::HertzStatus::Conformal},
      {"two concave surfaces", -2, -3, cl::HertzStatus::Conformal},
      // 1/2 − 1/2.02 = 0.00495 1/m: R* = 202 m > 100 x body size 2 m.
      {"R1 = 2 in a hole R2 = -2.02", 2, -2.02, cl::HertzStatus::NearlyConformal},
  };
  for (const Case& c : cases) {
    const auto k = cl::hertz_stiffness(kSeedMaterial, c.r1, kSeedMaterial, c.r2, 2.0);
    MESSAGE(std::string(c.name) << ": status " << static_cast<int>(k.status)
                                << ", R* = " << k.effective_radius << " m, message: " << k.message);
    const std::string name = c.name;
    CAPTURE(name);
    CHECK(k.status == c.status);
    CHECK(k.stiffness == 0);
    CHECK(!std::isnan(k.effective_radius));
    CHECK(!k.message.empty());
  }
  CHECK(cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, -2, 2.0).effective_radius == kInf);
  CHECK(cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, -1.5, 2.0).effective_radius ==
        doctest::Approx(-6.0).epsilon(1e-14));
  // The limit is a parameter: the same contact passes with a looser one.
  CHECK(cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, -2.02, 2.0, 200).ok());
}

TEST_CASE("contact: invalid materials and radii are reported") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const cl::ElasticMaterial bad_modulus{0, 0.28}, bad_ratio{1e7, 0.6}, nan_modulus{nan, 0.28};
  const cl::HertzStiffness results[] = {
      cl::hertz_stiffness(bad_modulus, 2, kSeedMaterial, -6.5, 2.0),
      cl::hertz_stiffness(kSeedMaterial, 2, bad_ratio, -6.5, 2.0),
      cl::hertz_stiffness(nan_modulus, 2, kSeedMaterial, -6.5, 2.0),
      cl::hertz_stiffness(kSeedMaterial, 0, kSeedMaterial, -6.5, 2.0),  // a corner
      cl::hertz_stiffness(kSeedMaterial, nan, kSeedMaterial, -6.5, 2.0),
      cl::hertz_stiffness(kSeedMaterial, 2, kSeedMaterial, -6.5, 0.0),  // no body size
  };
  for (const auto& k : results) {
    MESSAGE("invalid input: " << k.message);
    CHECK(k.status == cl::HertzStatus::InvalidInput);
    CHECK(k.stiffness == 0);
    CHECK(!k.message.empty());
  }
}
