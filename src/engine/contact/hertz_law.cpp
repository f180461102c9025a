// Hertz: f = k ρ^{3/2}. Elastic, c_τ = 1 whatever the parameter says.
#include "contact/normal_law_terms.h"

namespace cl {

NormalLawTerms hertz_law(const NormalLawParams& params, const ContactKinematics& contact) {
  return hertz_spring_with_damping(params.hertz_stiffness, contact.penetration, 1);
}

}  // namespace cl
