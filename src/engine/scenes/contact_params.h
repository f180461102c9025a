#pragma once
// The parameters every scene with compliant contacts shares (ellipses,
// street): the normal law and its restitution, the linear law's stiffness,
// friction, and the integrator. Declared once, read once.
#include <string>
#include <vector>

#include "contact/friction_law.h"
#include "contact/normal_law.h"
#include "core/param.h"
#include "integrators/stepper.h"

namespace cl {

struct ContactParams {
  NormalLaw law = NormalLaw::HuntCrossley;
  double c_tau = 0.9;             ///< restitution parameter of the damped laws
  double linear_stiffness = 1e6;  ///< N/m, linear spring-dashpot law
  FrictionLaw friction_law = FrictionLaw::SpeedProportional;
  FrictionParams friction;
  StepperSettings stepper;
};

/// A scene's defaults for the shared parameters.
struct ContactDefaults {
  double c_tau;     ///< restitution parameter
  double k_linear;  ///< N/m
  double friction;  ///< s/m (seed law) or mu (Coulomb)
};

/// Inserts the specs of c_tau, law, k_linear, friction, friction_law,
/// integrator, rtol and dt before the spec named `before` (at the end if none).
void insert_contact_params(std::vector<ParamSpec>& specs, const std::string& before, const ContactDefaults& defaults);

/// Reads them; `length` (m, the bodies' smaller semi-axis) scales the
/// integrator's absolute tolerance.
ContactParams read_contact_params(const ParamValues& p, double length);

}  // namespace cl
