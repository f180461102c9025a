// What every normal law shares: the floor of ρ̇⁻, the one switch over the
// laws, the f >= 0 clamp and the dissipated power of the energy audit.
#include "contact/normal_law.h"

#include <algorithm>
#include <cmath>

#include "contact/normal_law_terms.h"
#include "core/text.h"

namespace cl {

const char* normal_law_id(NormalLaw law) {
  switch (law) {
    case NormalLaw::Hertz: return "hertz";
    case NormalLaw::HuntCrossley: return "hunt_crossley";
    case NormalLaw::LankaraniNikravesh: return "lankarani_nikravesh";
    case NormalLaw::Flores: return "flores";
    case NormalLaw::LinearSpringDashpot: return "linear";
    case NormalLaw::Gonthier: return "gonthier";
  }
  return "";  // not reached: every law has its id above
}

std::optional<NormalLaw> normal_law_with_id(const std::string& id) {
  for (NormalLaw law : kNormalLaws)
    if (id == normal_law_id(law)) return law;
  return std::nullopt;
}

std::string normal_law_name(NormalLaw law) {
  switch (law) {
    case NormalLaw::Hertz: return text("contact_law.name.hertz");
    case NormalLaw::HuntCrossley: return text("contact_law.name.hunt_crossley");
    case NormalLaw::LankaraniNikravesh: return text("contact_law.name.lankarani_nikravesh");
    case NormalLaw::Flores: return text("contact_law.name.flores");
    case NormalLaw::LinearSpringDashpot: return text("contact_law.name.linear_spring_dashpot");
    case NormalLaw::Gonthier: return text("contact_law.name.gonthier");
  }
  return {};  // not reached: every law is named above
}

std::optional<std::string> normal_law_params_error(NormalLaw law, const NormalLawParams& params) {
  const auto positive = [](double x) { return std::isfinite(x) && x > 0; };
  // c_τ = 0 would be fine for Hunt–Crossley and Lankarani–Nikravesh but
  // divides by zero in Flores and the linear damping ratio: one range for all.
  if (!(params.restitution > 0 && params.restitution <= 1))
    return text("contact_law.restitution_range");
  if (!positive(params.min_impact_speed)) return text("contact_law.min_impact_speed");
  if (law == NormalLaw::LinearSpringDashpot) {
    if (!positive(params.linear_stiffness)) return text("contact_law.linear_stiffness");
    if (!positive(params.effective_mass)) return text("contact_law.effective_mass");
  } else if (!positive(params.hertz_stiffness)) {
    return text("contact_law.hertz_stiffness");
  }
  return std::nullopt;
}

NormalForce normal_force(NormalLaw law, const NormalLawParams& params,
                         const ContactKinematics& contact) {
  if (contact.penetration < 0) return {};  // apart (a NaN goes on, to be seen)
  ContactKinematics floored = contact;
  floored.impact_speed = std::max(std::abs(contact.impact_speed), params.min_impact_speed);

  NormalLawTerms terms{};
  switch (law) {
    case NormalLaw::Hertz: terms = hertz_law(params, floored); break;
    case NormalLaw::HuntCrossley: terms = hunt_crossley_law(params, floored); break;
    case NormalLaw::LankaraniNikravesh: terms = lankarani_nikravesh_law(params, floored); break;
    case NormalLaw::Flores: terms = flores_law(params, floored); break;
    case NormalLaw::Gonthier: terms = gonthier_law(params, floored); break;
    case NormalLaw::LinearSpringDashpot: terms = linear_spring_dashpot_law(params, floored); break;
  }

  NormalForce out;
  out.clamped = terms.force < 0;
  out.force = out.clamped ? 0.0 : terms.force;
  out.elastic_force = terms.elastic_force;
  out.elastic_energy = terms.elastic_energy;
  out.dissipated_power = (out.force - terms.elastic_force) * contact.penetration_rate;
  return out;
}

}  // namespace cl
