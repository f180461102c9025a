#include "scenes/contact_params.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "contact/impulse_law.h"
#include "scenes/integrator_params.h"

namespace cl {

std::vector<std::string> law_choices() {
  std::vector<std::string> ids = law_ids({std::begin(kNormalLaws), std::end(kNormalLaws)});
  ids.push_back(kImpulseLawId);
  return ids;
}

std::vector<std::string> law_ids(const std::vector<NormalLaw>& laws) {
  std::vector<std::string> ids;
  for (NormalLaw law : laws) ids.push_back(normal_law_id(law));
  return ids;
}

double law_choice_index(const std::string& id) {
  const std::vector<std::string> choices = law_choices();
  const auto at = std::find(choices.begin(), choices.end(), id);
  if (at == choices.end()) throw std::logic_error("no contact law named " + id);
  return static_cast<double>(at - choices.begin());
}

void insert_contact_params(std::vector<ParamSpec>& specs, const std::string& before, const ContactDefaults& d) {
  const auto live = ParamApply::Live;
  const auto real = ParamKind::Real;
  std::vector<ParamSpec> shared = {
      {"c_tau", "", real, live, d.c_tau, 0.05, 1},
      {"law", "", ParamKind::Choice, d.law_apply, law_choice_index(d.law), 0, 0, law_choices()},
      {"e", "", real, live, 1, 0, 1},
      {"k_linear", "N/m", real, live, d.k_linear, 1, 1e12, {}, "", true},
      {"friction", "s/m", real, live, d.friction, 0, 10},
      {"friction_law", "", ParamKind::Choice, live, 0, 0, 0, {"speed", "coulomb"}},
  };
  set_text_keys(shared, "contact");
  // linear: its dashpot is set from c_tau too (linear_spring_dashpot_law.cpp).
  set_in_effect_when(shared, {"c_tau"}, "law",
                     law_ids({NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh, NormalLaw::Flores,
                              NormalLaw::Gonthier, NormalLaw::LinearSpringDashpot}));
  set_in_effect_when(shared, {"e"}, "law", {kImpulseLawId});
  set_in_effect_when(shared, {"k_linear"}, "law", law_ids({NormalLaw::LinearSpringDashpot}));
  const auto at = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == before; });
  specs.insert(at, shared.begin(), shared.end());
  insert_integrator_params(specs, before, {1e-4, 1e-7, 1e-2, d.integrator_text_key, d.rtol});
}

ContactSettings read_contact_params(const ParamValues& p, double length) {
  ContactSettings c;
  const size_t law = static_cast<size_t>(p.number_at(*p.index_of("law")));
  const std::string id = law_choices().at(law);
  c.impulse = id == kImpulseLawId;
  c.law = normal_law_with_id(id).value_or(NormalLaw::HuntCrossley);
  c.restitution = p.number("e");
  c.c_tau = p.number("c_tau");
  c.linear_stiffness = p.number("k_linear");
  c.friction_law = p.choice("friction_law") == "coulomb" ? FrictionLaw::RegularisedCoulomb : FrictionLaw::SpeedProportional;
  c.friction.speed_coefficient = p.number("friction");
  c.friction.coulomb_coefficient = p.number("friction");
  c.stepper = read_integrator_params(p, length, 2e-3, 0);  // 2 ms: keeps contacts from starting and ending inside one step
  if (p.index_of("stepping") && p.choice("stepping") == "global") c.stepping = Stepping::Global;  // else islands
  return c;
}

}  // namespace cl
