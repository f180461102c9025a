// Friction laws: the seeds' speed-proportional law (μ_v in s/m) and the
// regularised Coulomb law; signs, values and limits.
#include <cmath>
#include <string>

#include <doctest/doctest.h>

#include "contact/friction_law.h"

namespace {

using cl::FrictionLaw;

cl::FrictionParams params() {
  cl::FrictionParams p;
  p.speed_coefficient = 0.1;  // s/m, seed 001's "reibung"
  p.coulomb_coefficient = 0.3;
  p.regularisation_speed = 0.01;  // m/s
  return p;
}

}  // namespace

TEST_CASE("contact: friction opposes slip, vanishes without slip or normal force, and is odd") {
  for (FrictionLaw law : {FrictionLaw::SpeedProportional, FrictionLaw::RegularisedCoulomb}) {
    const std::string name = cl::friction_law_name(law);
    CAPTURE(name);
    CHECK(!cl::friction_params_error(law, params()));
    for (double v : {1e-6, 1e-2, 3.0}) {
      const double f = cl::friction_force(law, params(), 50, v);
      CHECK(f < 0);  // opposes v > 0
      CHECK(cl::friction_force(law, params(), 50, -v) == -f);
      CHECK(cl::friction_force(law, params(), 0, v) == 0);
    }
    CHECK(cl::friction_force(law, params(), 50, 0) == 0);
  }
}

TEST_CASE("contact: the seeds' friction is reibung x normal force x slip speed") {
  // |f_t| = 0.1 s/m · 50 N · 2 m/s = 10 N, against the slip.
  const double f = cl::friction_force(FrictionLaw::SpeedProportional, params(), 50, 2);
  MESSAGE("f_t = " << f << " N (hand -10)");
  CHECK(f == doctest::Approx(-10).epsilon(1e-15));  // two roundings
  // Linear in both: doubling either doubles the force (exact in binary).
  CHECK(cl::friction_force(FrictionLaw::SpeedProportional, params(), 100, 2) == 2 * f);
  CHECK(cl::friction_force(FrictionLaw::SpeedProportional, params(), 50, 4) == 2 * f);
}

TEST_CASE(
    "contact: regularised Coulomb tends to mu f_n when sliding and to a viscous law near rest") {
  const double fn = 50, mu = 0.3, v_reg = 0.01;
  // Sliding at 100 v_reg: tanh(100) = 1 − 3e-87, so exactly Coulomb in doubles.
  const double sliding =
      cl::friction_force(FrictionLaw::RegularisedCoulomb, params(), fn, 100 * v_reg);
  MESSAGE("sliding: f_t = " << sliding << " N (Coulomb -15)");
  CHECK(sliding == doctest::Approx(-mu * fn).epsilon(1e-15));
  // Creeping at 1e-4 v_reg: tanh x = x − x³/3, relative gap 3e-9 from the
  // speed-proportional law with μ_v = μ / v_reg = 30 s/m.
  const double v = 1e-4 * v_reg;
  const double creeping = cl::friction_force(FrictionLaw::RegularisedCoulomb, params(), fn, v);
  cl::FrictionParams viscous = params();
  viscous.speed_coefficient = mu / v_reg;
  const double linear = cl::friction_force(FrictionLaw::SpeedProportional, viscous, fn, v);
  MESSAGE("creeping: f_t = " << creeping << " N, viscous equivalent " << linear << " N");
  CHECK(std::abs(creeping / linear - 1) < 1e-8);
  // At v = v_reg the force is tanh(1) = 0.7616 of Coulomb's.
  CHECK(cl::friction_force(FrictionLaw::RegularisedCoulomb, params(), fn, v_reg) ==
        doctest::Approx(-mu * fn * std::tanh(1.0)).epsilon(1e-15));
  // Bounded by μ f_n at any speed.
  for (double s : {1e-3, 1.0, 1e3}) {
    CHECK(std::abs(cl::friction_force(FrictionLaw::RegularisedCoulomb, params(), fn, s)) <=
          mu * fn);
  }
}

TEST_CASE("contact: friction parameters are checked") {
  cl::FrictionParams p = params();
  p.regularisation_speed = 0;
  CHECK(cl::friction_params_error(FrictionLaw::RegularisedCoulomb, p));
  CHECK(!cl::friction_params_error(FrictionLaw::SpeedProportional, p));  // v_reg unused there
  p = params();
  p.speed_coefficient = -1;
  CHECK(cl::friction_params_error(FrictionLaw::SpeedProportional, p));
}
