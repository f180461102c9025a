#pragma once
// The normal laws' formulas, one per .cpp file, before the clamp and the
// energy bookkeeping that normal_force() adds. Call normal_force() instead:
// it guarantees ρ >= 0 and a floored ρ̇⁻ > 0 here.
#include <cmath>

#include "contact/normal_law.h"

namespace cl {

/// One law's raw output.
struct NormalLawTerms {
  double force;           ///< f before the clamp, N; may be < 0 while separating
  double elastic_force;   ///< f_el = dU/dρ, N
  double elastic_energy;  ///< U(ρ), J
};

NormalLawTerms hertz_law(const NormalLawParams& params, const ContactKinematics& contact);
NormalLawTerms hunt_crossley_law(const NormalLawParams& params, const ContactKinematics& contact);
NormalLawTerms lankarani_nikravesh_law(const NormalLawParams& params,
                                       const ContactKinematics& contact);
NormalLawTerms flores_law(const NormalLawParams& params, const ContactKinematics& contact);
NormalLawTerms gonthier_law(const NormalLawParams& params, const ContactKinematics& contact);
NormalLawTerms linear_spring_dashpot_law(const NormalLawParams& params,
                                         const ContactKinematics& contact);

/// β of each damped Hertz-family law, f = k ρ^{3/2} (1 + β ρ̇/ρ̇⁻), from c_τ
/// (written beside the law that uses it).
double hunt_crossley_beta(double c_tau);
double lankarani_nikravesh_beta(double c_tau);
double flores_beta(double c_tau);
double gonthier_beta(double c_tau);
/// ζ of the linear spring-dashpot from c_τ.
double linear_damping_ratio(double c_tau);

/// The Hertz spring shared by the Hertz family, with its force multiplied by
/// `damping_factor` = 1 + β ρ̇/ρ̇⁻ (β dimensionless, from c_τ).
inline NormalLawTerms hertz_spring_with_damping(double stiffness, double penetration,
                                                double damping_factor) {
  const double spring = stiffness * penetration * std::sqrt(penetration);  // k ρ^{3/2}, N
  return {spring * damping_factor, spring, 0.4 * spring * penetration};    // U = 2/5 k ρ^{5/2}
}

}  // namespace cl
