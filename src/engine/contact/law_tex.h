#pragma once
// The contact laws as formulas, for the page's theory panel: TeX that KaTeX
// typesets, each law in its general form (as normal_law.h writes it) and
// the same with a run's numbers put in (k₀, c_τ and the damping
// coefficient β it gives), so a reader sees which force is integrated.
#include <string>

#include "contact/friction_law.h"
#include "contact/normal_law.h"

namespace cl {

/// `x` for a formula: `digits` significant digits, a power of ten written
/// out ("1.235\times 10^{5}", "0.0375", "-2"); "\text{NaN}" if not finite.
std::string tex_number(double x, int digits = 4);

/// f_n of `law` in symbols (ρ penetration, ρ̇ its rate, ρ̇⁻ at onset).
std::string normal_law_tex(NormalLaw law);
/// The same law's numbers from `params`: its stiffness (k_0 in N/m^{3/2}, or
/// k_l and d for the linear dashpot; k_0 left out unless `stiffness_known`,
/// as where it follows the curvature at each contact), c_τ and β.
std::string normal_law_values_tex(NormalLaw law, const NormalLawParams& params, bool stiffness_known);
/// Hertz's stiffness from the radii of curvature and the materials.
std::string hertz_stiffness_tex();
/// The elastic energy U(ρ) the audit counts for `law`.
std::string elastic_energy_tex(NormalLaw law);

/// f_t of `law` in symbols (v_t the slip velocity).
std::string friction_law_tex(FrictionLaw law);
/// Its coefficient(s) from `params`.
std::string friction_law_values_tex(FrictionLaw law, const FrictionParams& params);

/// Newton's restitution at an impact, in symbols.
std::string impulse_law_tex();

}  // namespace cl
