#pragma once
// The impulse law (Newton's restitution): one instantaneous normal impulse
// turns the closing speed v (m/s, > 0) along the contact normal into an
// opening speed e v. With the contact's effective inverse mass w (1/kg:
// w_a + w_b for two point masses, G M⁻¹ Gᵀ for rigid bodies touching at a
// point; a body against a fixed boundary alone makes w its own), the
// impulse and the kinetic energy it takes are
//   P = (1 + e) v / w   (N s),      ΔE = (1 − e²) v² / (2 w)   (J).
// A body receiving P changes its normal speed by P times its inverse mass.
namespace cl {

/// The impulse law's id beside the normal laws' (normal_law_id) in a `law` parameter.
constexpr const char* kImpulseLawId = "impulse";

struct RestitutionImpulse {
  double impulse;      ///< N s
  double energy_lost;  ///< J
};

inline RestitutionImpulse restitution_impulse(double closing_speed, double inverse_mass, double e) {
  return {(1 + e) * closing_speed / inverse_mass, 0.5 * (1 - e * e) * closing_speed * closing_speed / inverse_mass};
}

}  // namespace cl
