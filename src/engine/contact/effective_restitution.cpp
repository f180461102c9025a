#include "contact/effective_restitution.h"

#include <algorithm>
#include <cmath>

#include "contact/normal_law_terms.h"
#include "integrators/root_find.h"

namespace cl {
namespace {

/// β of the Hertz-family laws at c_τ (0 for pure Hertz); c_τ = 0 is allowed
/// where β stays finite.
double hertz_family_beta(NormalLaw law, double c) {
  switch (law) {
    case NormalLaw::HuntCrossley: return hunt_crossley_beta(c);
    case NormalLaw::LankaraniNikravesh: return lankarani_nikravesh_beta(c);
    case NormalLaw::Flores: return flores_beta(c);
    case NormalLaw::Gonthier: return gonthier_beta(c);
    default: return 0;
  }
}

/// The root e in [0, min(1, 1/β)) of β (1 + e) − ln(1 + β) + ln(1 − β e) = 0.
double hertz_family_restitution(double beta) {
  if (beta <= 0) return 1;
  if (!std::isfinite(beta)) return 0;
  const auto g = [&](double e) { return beta * (1 + e) - std::log1p(beta) + std::log1p(-beta * e); };
  // g(0) = β − ln(1 + β) > 0; g < 0 at e = 1 (β < 1) and as β e → 1: bracketed.
  const double top = std::min(1.0, (1 - 1e-12) / beta);
  return find_root(g, 0, g(0), top, g(top), 1e-15);
}

double clamped_linear_restitution(double c) {
  const double pi = std::acos(-1.0);
  const double zeta = linear_damping_ratio(c);
  return std::exp(-zeta * (pi - 2 * std::asin(zeta)) / std::sqrt(1 - zeta * zeta));
}

}  // namespace

double effective_restitution(NormalLaw law, double c_tau) {
  if (law == NormalLaw::LinearSpringDashpot) return c_tau >= 1 ? 1.0 : clamped_linear_restitution(c_tau);
  return hertz_family_restitution(hertz_family_beta(law, c_tau));
}

double restitution_floor(NormalLaw law) {
  switch (law) {
    case NormalLaw::Hertz: return 1;
    case NormalLaw::HuntCrossley:
    case NormalLaw::LankaraniNikravesh: return hertz_family_restitution(hertz_family_beta(law, 0));
    case NormalLaw::LinearSpringDashpot: return std::exp(-2.0);  // ζ → 1: (π − 2 arcsin ζ)/sqrt(1 − ζ²) → 2
    default: return 0;  // β → ∞ as c_τ → 0
  }
}

std::optional<double> c_tau_for_restitution(NormalLaw law, double target) {
  if (!(target <= 1)) return std::nullopt;
  if (target == 1) return 1.0;
  if (law == NormalLaw::Hertz || !(target > restitution_floor(law))) return std::nullopt;
  // e_eff rises monotonically with c_τ from the floor to 1.
  const auto g = [&](double c) { return effective_restitution(law, c) - target; };
  const double low = 1e-9;
  const double g_low = g(low);
  if (!(g_low < 0)) return std::nullopt;  // nearer the floor than c_τ can resolve
  return find_root(g, low, g_low, 1.0, 1 - target, 1e-13);
}

}  // namespace cl
