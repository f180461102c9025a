#pragma once
// Effective restitution of a 1-DOF impact under each compliant law, in
// closed form (derived in tests/physics/test_contact_restitution.cpp): what
// every head-on impact of two bodies, or of a body and a boundary, must give.
#include <algorithm>
#include <cmath>

#include "contact/normal_law.h"
#include "integrators/root_find.h"

namespace test {

/// β of the Hertz-family laws: f = k ρ^{3/2} (1 + β ρ̇/ρ̇⁻); 0 for pure Hertz.
inline double damping_beta(cl::NormalLaw law, double c) {
  switch (law) {
    case cl::NormalLaw::HuntCrossley: return 1.5 * (1 - c);
    case cl::NormalLaw::LankaraniNikravesh: return 0.75 * (1 - c * c);
    case cl::NormalLaw::Flores: return 1.6 * (1 - c) / c;
    case cl::NormalLaw::Gonthier: return (1 - c * c) / c;
    default: return 0;
  }
}

/// Restitution of a Hertz-family law from β (1 + e) − ln(1 + β) + ln(1 − β e) = 0.
inline double hertz_family_restitution(double beta) {
  if (beta == 0) return 1;
  const auto g = [&](double e) { return beta * (1 + e) - std::log1p(beta) + std::log1p(-beta * e); };
  // g(0) > 0; g < 0 at e = 1 (when β < 1) and as β e → 1, so the root is bracketed.
  const double top = std::min(1.0, (1 - 1e-12) / beta);
  return cl::find_root(g, 0, g(0), top, g(top), 1e-15);
}

/// Restitution of the clamped linear spring-dashpot:
/// e = exp(−ζ (π − 2 arcsin ζ) / sqrt(1 − ζ²)), ζ = −ln c / sqrt(π² + ln² c).
inline double linear_clamped_restitution(double c) {
  const double pi = std::acos(-1.0);
  const double log_c = std::log(c);
  const double zeta = -log_c / std::sqrt(pi * pi + log_c * log_c);
  return std::exp(-zeta * (pi - 2 * std::asin(zeta)) / std::sqrt(1 - zeta * zeta));
}

inline double predicted_restitution(cl::NormalLaw law, double c) {
  if (law == cl::NormalLaw::LinearSpringDashpot) return linear_clamped_restitution(c);
  return hertz_family_restitution(damping_beta(law, c));
}

}  // namespace test
