// Gonthier, McPhee, Lange & Piedbœuf (2004): f = k ρ^{3/2} [1 + (1 − c_τ²)/c_τ ρ̇/ρ̇⁻],
// its damping derived from the energy lost per impact without assuming
// c_τ near 1; needs c_τ > 0.
#include "contact/normal_law_terms.h"

namespace cl {

double gonthier_beta(double c) { return (1 - c * c) / c; }

NormalLawTerms gonthier_law(const NormalLawParams& params, const ContactKinematics& contact) {
  const double beta = gonthier_beta(params.restitution);
  return hertz_spring_with_damping(params.hertz_stiffness, contact.penetration,
                                   1 + beta * contact.penetration_rate / contact.impact_speed);
}

}  // namespace cl
