#pragma once
// Tangential (friction) force laws at a contact with normal force f_n >= 0.
// v_t is the slip velocity along the contact tangent t̂: the tangential
// velocity of the body the force acts on, relative to the other body, at
// the contact point (m/s). The force on that body is f_t t̂, with
//   speed-proportional (seeds 000/001)  f_t = −μ_v f_n v_t        μ_v in s/m
//   regularised Coulomb                 f_t = −μ f_n tanh(v_t / v_reg)
// Both oppose slip, so the power they dissipate, −f_t v_t, is >= 0: a scene's
// energy audit adds it to the dissipated work.
//
// The seeds write |f_friction| = |f_impact| · reibung · |v_t|, directed
// against v_t: "reibung" is μ_v, in s/m (N = N · s/m · m/s). Seed 000 uses
// 0.01 s/m, seed 001 0.1 s/m. Here f_n is the clamped force (>= 0) where
// the seeds took the magnitude of the unclamped one.
// Near v_t = 0 the Coulomb law is the speed-proportional one with
// μ_v = μ / v_reg; far from it, it is Coulomb's |f_t| = μ f_n.
#include <optional>
#include <string>

namespace cl {

/// The friction laws a scene can pick.
enum class FrictionLaw { SpeedProportional, RegularisedCoulomb };

/// Short display name, in the current language.
std::string friction_law_name(FrictionLaw law);

/// Parameters of a friction law. Each law reads only the fields it needs.
struct FrictionParams {
  double speed_coefficient = 0;        ///< μ_v, s/m: the seeds' "reibung" (speed-proportional)
  double coulomb_coefficient = 0;      ///< μ, dimensionless (regularised Coulomb)
  double regularisation_speed = 1e-2;  ///< v_reg, m/s: slip speed at which tanh reaches 0.76 μ
};

/// Why `params` cannot be used with `law`, or nothing if they can.
std::optional<std::string> friction_params_error(FrictionLaw law, const FrictionParams& params);

/// f_t = −μ_v f_n v_t, N.
double speed_proportional_friction(const FrictionParams& params, double normal_force,
                                   double slip_velocity);
/// f_t = −μ f_n tanh(v_t / v_reg), N.
double regularised_coulomb_friction(const FrictionParams& params, double normal_force,
                                    double slip_velocity);

/// Tangential force f_t (N, along t̂) of `law` for normal force f_n
/// (`normal_force`, N, >= 0) and slip velocity v_t (`slip_velocity`, m/s).
double friction_force(FrictionLaw law, const FrictionParams& params, double normal_force,
                      double slip_velocity);

}  // namespace cl
