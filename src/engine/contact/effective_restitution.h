#pragma once
// The restitution a compliant law actually gives, from its 1-DOF model: a
// mass meets a rigid half-space at approach speed v_in, m ρ̈ = −f(ρ, ρ̇),
// and leaves at v_out; e_eff = v_out / v_in. Head-on impacts of two free
// bodies reduce to this with the effective mass.
//
// Hertz family, f = k ρ^{3/2} (1 + β ρ̇/ρ̇⁻): with v = ρ̇, v dv/dρ =
// −(k/m) ρ^{3/2} (1 + β v/v_in); separating variables and integrating over
// the impact (∫ρ^{3/2} dρ over 0 → ρ_max → 0 vanishes) leaves
//   β (1 + e) − ln(1 + β) + ln(1 − β e) = 0,
// independent of k, m and v_in. Linear spring-dashpot, clamped at f >= 0:
//   e = exp(−ζ (π − 2 arcsin ζ) / sqrt(1 − ζ²)).
// Measured against integrated impacts in tests/physics/test_contact_restitution.cpp.
//
// Classroom points these give: Hunt–Crossley cannot go below e ≈ 0.488
// (0.517 at c_τ = 0.1) and Lankarani–Nikravesh below e ≈ 0.663 however
// small c_τ (their β stays finite as c_τ → 0), the clamped linear dashpot
// not below e^{-2} ≈ 0.135; pure Hertz is always elastic.
#include <optional>

#include "contact/normal_law.h"

namespace cl {

/// e_eff of a head-on 1-DOF impact under `law` with parameter c_τ in (0, 1].
double effective_restitution(NormalLaw law, double c_tau);

/// The lowest e_eff `law` reaches, as c_τ → 0.
double restitution_floor(NormalLaw law);

/// The c_τ in (0, 1] at which `law` gives e_eff = `target`, or nothing when
/// the law cannot reach it (below its floor; pure Hertz gives only 1).
std::optional<double> c_tau_for_restitution(NormalLaw law, double target);

}  // namespace cl
