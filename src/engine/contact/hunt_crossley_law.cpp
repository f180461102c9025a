// Hunt & Crossley (1975), in the seeds' form: f = k ρ^{3/2} [1 + 3/2 (1 − c_τ) ρ̇/ρ̇⁻].
// Its damping is derived for c_τ near 1; for lower c_τ the measured
// restitution comes out above c_τ (tests/physics/test_contact_restitution.cpp).
#include "contact/normal_law_terms.h"

namespace cl {

double hunt_crossley_beta(double c) { return 1.5 * (1 - c); }

NormalLawTerms hunt_crossley_law(const NormalLawParams& params, const ContactKinematics& contact) {
  const double beta = hunt_crossley_beta(params.restitution);
  return hertz_spring_with_damping(params.hertz_stiffness, contact.penetration,
                                   1 + beta * contact.penetration_rate / contact.impact_speed);
}

}  // namespace cl
