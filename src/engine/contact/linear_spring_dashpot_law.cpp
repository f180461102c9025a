// Linear spring-dashpot (Kelvin–Voigt): f = k_l ρ + d ρ̇, d = 2 ζ sqrt(k_l m_eff).
// Unclamped, m_eff ρ̈ = −k_l ρ − d ρ̇ is a damped oscillator whose half period
// returns the speed times exp(−ζ π / sqrt(1 − ζ²)); solving that for
// ζ = −ln c_τ / sqrt(π² + ln² c_τ) makes it exactly c_τ. For c_τ < 1 the
// dashpot pulls (f < 0) at the end of every impact, so the clamp acts and
// the contact ends where ρ̈ = 0 instead, returning a little more:
// exp(−ζ (π − 2 arcsin ζ) / sqrt(1 − ζ²)), e.g. 0.550 for c_τ = 0.5
// (derived and measured in tests/physics/test_contact_restitution.cpp).
#include <cmath>

#include "contact/normal_law_terms.h"

namespace cl {

double linear_damping_ratio(double c) {
  const double pi = std::acos(-1.0);
  const double log_c = std::log(c);
  return -log_c / std::sqrt(pi * pi + log_c * log_c);
}

NormalLawTerms linear_spring_dashpot_law(const NormalLawParams& params,
                                         const ContactKinematics& contact) {
  const double zeta = linear_damping_ratio(params.restitution);
  const double damping =
      2 * zeta * std::sqrt(params.linear_stiffness * params.effective_mass);  // N s/m
  const double spring = params.linear_stiffness * contact.penetration;        // N
  return {spring + damping * contact.penetration_rate, spring,
          0.5 * spring * contact.penetration};  // U = ½ k_l ρ²
}

}  // namespace cl
