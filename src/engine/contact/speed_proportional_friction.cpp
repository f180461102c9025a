// The seeds' friction: proportional to the normal force and to the slip speed.
#include "contact/friction_law.h"

namespace cl {

double speed_proportional_friction(const FrictionParams& params, double normal_force,
                                   double slip_velocity) {
  return -params.speed_coefficient * normal_force * slip_velocity;
}

}  // namespace cl
