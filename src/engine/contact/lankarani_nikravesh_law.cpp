// Lankarani & Nikravesh (1990): f = k ρ^{3/2} [1 + 3/4 (1 − c_τ²) ρ̇/ρ̇⁻],
// from the energy lost in an impact with restitution c_τ; accurate near c_τ = 1.
#include "contact/normal_law_terms.h"

namespace cl {

double lankarani_nikravesh_beta(double c) { return 0.75 * (1 - c * c); }

NormalLawTerms lankarani_nikravesh_law(const NormalLawParams& params,
                                       const ContactKinematics& contact) {
  const double beta = lankarani_nikravesh_beta(params.restitution);
  return hertz_spring_with_damping(params.hertz_stiffness, contact.penetration,
                                   1 + beta * contact.penetration_rate / contact.impact_speed);
}

}  // namespace cl
