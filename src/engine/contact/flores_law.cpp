// Flores, Machado, Silva & Martins (2011): f = k ρ^{3/2} [1 + 8 (1 − c_τ)/(5 c_τ) ρ̇/ρ̇⁻],
// meant to hold over the whole range of c_τ; needs c_τ > 0.
#include "contact/normal_law_terms.h"

namespace cl {

double flores_beta(double c) { return 8 * (1 - c) / (5 * c); }

NormalLawTerms flores_law(const NormalLawParams& params, const ContactKinematics& contact) {
  const double beta = flores_beta(params.restitution);
  return hertz_spring_with_damping(params.hertz_stiffness, contact.penetration,
                                   1 + beta * contact.penetration_rate / contact.impact_speed);
}

}  // namespace cl
