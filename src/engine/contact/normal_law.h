#pragma once
// Normal contact force laws, all in terms of the penetration ρ (m, > 0 in
// contact), its rate ρ̇ (m/s, > 0 while approaching) and the approach speed
// ρ̇⁻ at the instant contact began (m/s). With k = k0 from hertz_stiffness.h:
//   Hertz                 f = k ρ^{3/2}                            (c_τ ignored)
//   Hunt–Crossley         f = k ρ^{3/2} [1 + 3/2 (1 − c_τ) ρ̇/ρ̇⁻]   (the seeds' form)
//   Lankarani–Nikravesh   f = k ρ^{3/2} [1 + 3/4 (1 − c_τ²) ρ̇/ρ̇⁻]
//   Flores et al.         f = k ρ^{3/2} [1 + 8 (1 − c_τ)/(5 c_τ) ρ̇/ρ̇⁻]
//   Gonthier et al.       f = k ρ^{3/2} [1 + (1 − c_τ²)/c_τ ρ̇/ρ̇⁻]
//   linear spring-dashpot f = k_l ρ + d ρ̇,  d = 2 ζ sqrt(k_l m_eff),
//                         ζ = −ln c_τ / sqrt(π² + ln² c_τ)
// (ζ makes an unclamped linear impact return exactly c_τ of the speed.)
// One law per .cpp file; normal_force() is the one switch over them.
//
// The force is clamped at f >= 0: contacts push, never pull (no sticking).
// For the Hertz family the clamp acts only if the bodies separate faster
// than ρ̇⁻/β (β the damping factor's coefficient), which a free two-body
// impact never does; the linear dashpot pulls at the end of every impact,
// so there it always acts (tests/physics/test_contact_restitution.cpp).
//
// Energy audit. U(ρ) is the elastic energy (2/5 k ρ^{5/2}; ½ k_l ρ²) and
// f_el = dU/dρ its force. The power the bodies lose to the contact is f ρ̇,
// so with the dissipated power P = (f − f_el) ρ̇ (f after the clamp),
//   d/dt (kinetic + U + W_dissipated) = 0,  dW_dissipated/dt = P
// (plus the power of any other force), exactly, clamp included. P >= 0 always: unclamped it is the
// damping force times ρ̇ (damping ∝ ρ̇); clamped (f = 0, only while separating, ρ̇ < 0) it is −f_el ρ̇:
// the spring energy still stored when the force vanishes is not given back to the bodies but
// dissipated as they separate. A scene integrates W_dissipated as an extra state with derivative P.
#include <optional>
#include <string>

namespace cl {

/// The normal force laws a scene can pick.
enum class NormalLaw { Hertz, HuntCrossley, LankaraniNikravesh, Flores, LinearSpringDashpot, Gonthier };

/// Every normal law, in the order a scene's `law` parameter lists them.
constexpr NormalLaw kNormalLaws[] = {NormalLaw::HuntCrossley, NormalLaw::Hertz,    NormalLaw::LankaraniNikravesh,
                                     NormalLaw::Flores,       NormalLaw::Gonthier, NormalLaw::LinearSpringDashpot};

/// The law's id in parameters, links, scene files and the CLI ("hunt_crossley",
/// "linear"): the one place the laws' names are written.
const char* normal_law_id(NormalLaw law);

/// The law whose id is `id`; nothing for any other text (such as "impulse").
std::optional<NormalLaw> normal_law_with_id(const std::string& id);

/// Short display name ("Hunt-Crossley", ...), in the current language.
std::string normal_law_name(NormalLaw law);

/// Default floor of ρ̇⁻, m/s. Without it a grazing contact (ρ̇⁻ → 0) would
/// divide by ~0 and get an enormous damping; with it, contacts slower than
/// this are damped as if they had started at this speed (so they lose less
/// than c_τ prescribes: closer to elastic).
constexpr double kDefaultMinImpactSpeed = 1e-3;

/// Parameters of a normal law. Each law reads only the fields it needs.
struct NormalLawParams {
  double hertz_stiffness = 0;  ///< k0, N/m^{3/2}: Hertz, Hunt–Crossley, Lankarani–Nikravesh, Flores
  double linear_stiffness = 0;  ///< k_l, N/m: linear spring-dashpot
  double restitution = 1;       ///< c_τ, dimensionless in (0, 1]; 1 = no damping
  double effective_mass = 0;    ///< m1 m2 / (m1 + m2), kg: linear spring-dashpot's damping
  double min_impact_speed = kDefaultMinImpactSpeed;  ///< floor of ρ̇⁻, m/s; > 0
};

/// Whether the force of `law` jumps as contact begins (the linear dashpot's
/// d ρ̇ at ρ = 0, when c_τ < 1): such a law must be switched on at the
/// located onset.
inline bool force_jumps_at_contact(NormalLaw law, double restitution) {
  return law == NormalLaw::LinearSpringDashpot && restitution < 1;
}

/// Why `params` cannot be used with `law`, or nothing if they can.
std::optional<std::string> normal_law_params_error(NormalLaw law, const NormalLawParams& params);

/// The state of one contact as the laws see it.
struct ContactKinematics {
  double penetration = 0;       ///< ρ, m; > 0 in contact
  double penetration_rate = 0;  ///< ρ̇, m/s; > 0 approaching, < 0 separating
  double impact_speed = 0;      ///< ρ̇⁻ at contact onset, m/s; its magnitude is used
                                ///< (as the seeds' Abs), floored at min_impact_speed
};

/// A normal force and its energy bookkeeping.
struct NormalForce {
  double force = 0;             ///< f_n, N; >= 0, pushes the bodies apart
  double elastic_force = 0;     ///< f_el = dU/dρ, N
  double elastic_energy = 0;    ///< U(ρ), J
  double dissipated_power = 0;  ///< P = (f_n − f_el) ρ̇, W; >= 0
  bool clamped = false;         ///< the law gave f < 0 and f_n was set to 0
};

/// The force of `law` at `contact`; all zero when the penetration is < 0.
/// At ρ = 0 it is the limit from inside contact: 0 for the Hertz family,
/// max(0, d ρ̇) for the linear dashpot, so an integrator restarted at the
/// located onset sees the dashpot's jump at once. Hence pass ρ = −gap
/// (signed), never max(0, −gap): a clamped ρ = 0 on an approaching
/// trajectory would switch the dashpot on before contact.
/// A NaN in `contact` gives a NaN force (it is not hidden).
NormalForce normal_force(NormalLaw law, const NormalLawParams& params,
                         const ContactKinematics& contact);

}  // namespace cl
