// The one switch over the friction laws.
#include "contact/friction_law.h"

#include <cmath>

#include "core/text.h"

namespace cl {

std::string friction_law_name(FrictionLaw law) {
  return law == FrictionLaw::SpeedProportional ? text("friction_law.name.speed_proportional")
                                               : text("friction_law.name.regularised_coulomb");
}

std::optional<std::string> friction_params_error(FrictionLaw law, const FrictionParams& params) {
  const auto non_negative = [](double x) { return std::isfinite(x) && x >= 0; };
  if (law == FrictionLaw::SpeedProportional) {
    if (!non_negative(params.speed_coefficient)) return text("friction_law.speed_coefficient");
  } else {
    if (!non_negative(params.coulomb_coefficient)) return text("friction_law.coulomb_coefficient");
    if (!(std::isfinite(params.regularisation_speed) && params.regularisation_speed > 0))
      return text("friction_law.regularisation_speed");
  }
  return std::nullopt;
}

double friction_force(FrictionLaw law, const FrictionParams& params, double normal_force,
                      double slip_velocity) {
  switch (law) {
    case FrictionLaw::SpeedProportional:
      return speed_proportional_friction(params, normal_force, slip_velocity);
    case FrictionLaw::RegularisedCoulomb:
      return regularised_coulomb_friction(params, normal_force, slip_velocity);
  }
  return 0;  // not reached: every law is handled above
}

}  // namespace cl
