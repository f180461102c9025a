// Coulomb friction with the sign function smoothed by tanh, so the force is
// continuous through v_t = 0 (no stick phase: a slowly creeping slip remains).
#include <cmath>

#include "contact/friction_law.h"

namespace cl {

double regularised_coulomb_friction(const FrictionParams& params, double normal_force,
                                    double slip_velocity) {
  return -params.coulomb_coefficient * normal_force *
         std::tanh(slip_velocity / params.regularisation_speed);
}

}  // namespace cl
