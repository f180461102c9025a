#pragma once
// The parameters every scene with a contact law shares (ellipses, street,
// implicit): the normal law and its restitution, the linear law's stiffness,
// friction, and the integrator. Declared once, read once.
#include <optional>
#include <string>
#include <vector>

#include "core/param.h"
#include "world/model.h"

namespace cl {

/// A scene's defaults for the shared parameters.
struct ContactDefaults {
  double c_tau;     ///< restitution parameter
  double k_linear;  ///< N/m
  double friction;  ///< s/m (seed law) or mu (Coulomb)
  std::string law = "hunt_crossley";
  /// Reset where switching between impulses and a compliant law changes
  /// what steps the bodies (the implicit scene's exact flights or the world).
  ParamApply law_apply = ParamApply::Live;
  /// The integrator's text key: a scene whose help says more than that all
  /// bodies are integrated together has its own.
  std::string integrator_text_key = "integrator.integrator";
  double rtol = 1e-9;  ///< dopri5's default tolerance
};

/// Inserts the specs of c_tau, law, k_linear, friction, friction_law,
/// integrator, rtol and dt before the spec named `before` (at the end if none).
void insert_contact_params(std::vector<ParamSpec>& specs, const std::string& before, const ContactDefaults& defaults);

/// A `law` parameter's choices, alike in every scene: the normal laws' ids
/// (normal_law_id, in kNormalLaws order), then the impulse law's.
std::vector<std::string> law_choices();
/// Index of the choice `id` in law_choices() (a spec's default); throws for an unknown id.
double law_choice_index(const std::string& id);
/// The ids of `laws` (a parameter shown only under these laws).
std::vector<std::string> law_ids(const std::vector<NormalLaw>& laws);

/// Reads them; `length` (m, the bodies' smaller semi-axis) scales the
/// integrator's absolute tolerance.
ContactSettings read_contact_params(const ParamValues& p, double length);

}  // namespace cl
