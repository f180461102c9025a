#include "scenes/contact_params.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "scenes/integrator_params.h"

namespace cl {
namespace {

// The compliant laws in NormalLaw order of kLawValues, then the impulse law.
const std::vector<std::string> kLaws = {"hunt_crossley", "hertz",    "lankarani_nikravesh", "flores",
                                        "gonthier",      "linear",   "impulse"};
const NormalLaw kLawValues[] = {NormalLaw::HuntCrossley, NormalLaw::Hertz, NormalLaw::LankaraniNikravesh,
                                NormalLaw::Flores, NormalLaw::Gonthier, NormalLaw::LinearSpringDashpot};

double law_index(const std::string& name) {
  const auto at = std::find(kLaws.begin(), kLaws.end(), name);
  if (at == kLaws.end()) throw std::logic_error("no contact law named " + name);
  return static_cast<double>(at - kLaws.begin());
}

}  // namespace

void insert_contact_params(std::vector<ParamSpec>& specs, const std::string& before, const ContactDefaults& d) {
  const auto live = ParamApply::Live;
  const auto real = ParamKind::Real;
  std::vector<ParamSpec> shared = {
      {"c_tau", "", real, live, d.c_tau, 0.05, 1},
      {"law", "", ParamKind::Choice, d.law_apply, law_index(d.law), 0, 0, kLaws},
      {"e", "", real, live, 1, 0, 1},
      {"k_linear", "N/m", real, live, d.k_linear, 1, 1e12, {}, "", true},
      {"friction", "s/m", real, live, d.friction, 0, 10},
      {"friction_law", "", ParamKind::Choice, live, 0, 0, 0, {"speed", "coulomb"}},
  };
  set_text_keys(shared, "contact");
  // linear: its dashpot is set from c_tau too (linear_spring_dashpot_law.cpp).
  set_in_effect_when(shared, {"c_tau"}, "law", {"hunt_crossley", "lankarani_nikravesh", "flores", "gonthier", "linear"});
  set_in_effect_when(shared, {"e"}, "law", {"impulse"});
  set_in_effect_when(shared, {"k_linear"}, "law", {"linear"});
  const auto at = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == before; });
  specs.insert(at, shared.begin(), shared.end());
  insert_integrator_params(specs, before, {1e-4, 1e-7, 1e-2, d.integrator_text_key, d.rtol});
}

std::optional<NormalLaw> compliant_law_named(const std::string& name) {
  for (size_t k = 0; k < std::size(kLawValues); ++k)
    if (kLaws[k] == name) return kLawValues[k];
  return std::nullopt;
}

ContactSettings read_contact_params(const ParamValues& p, double length) {
  ContactSettings c;
  const size_t law = static_cast<size_t>(p.number_at(*p.index_of("law")));
  c.impulse = kLaws[law] == "impulse";
  c.law = c.impulse ? NormalLaw::HuntCrossley : kLawValues[law];
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
