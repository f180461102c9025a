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
  const std::vector<ParamSpec> shared = {
      {"c_tau", "restitution c_tau", "", real, live, d.c_tau, 0.05, 1,
       "Restitution parameter of the damped laws (1: no damping)."},
      {"law", "contact law", "", ParamKind::Choice, d.law_apply, law_index(d.law), 0, 0,
       "Normal force law: Hunt-Crossley (the seeds), pure Hertz, Lankarani-Nikravesh, Flores, Gonthier, linear "
       "spring-dashpot; "
       "or impulse: at each located onset the closing speed is reversed times e in one instant (rigid bodies: no "
       "penetration, no friction; a body coming to rest stops the run, as impulses cannot hold it).",
       kLaws},
      {"e", "restitution e", "", real, live, 1, 0, 1,
       "Restitution of the impulse law: rebound over approach speed along the normal."},
      {"k_linear", "linear stiffness", "N/m", real, live, d.k_linear, 1, 1e12,
       "Stiffness of the linear spring-dashpot law.", {}, "", true},
      {"friction", "friction", "s/m", real, live, d.friction, 0, 10,
       "Seed law: tangential force = -friction * normal force * slip speed. For Coulomb: the coefficient mu."},
      {"friction_law", "friction law", "", ParamKind::Choice, live, 0, 0, 0,
       "speed: the seeds' law (force proportional to slip speed); coulomb: regularised Coulomb mu f_n tanh(v/0.01).",
       {"speed", "coulomb"}},
  };
  const auto at = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == before; });
  specs.insert(at, shared.begin(), shared.end());
  insert_integrator_params(specs, before, {1e-4, 1e-7, 1e-2, "Events are located on each one's dense output. " + d.integrator_scope, d.rtol});
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
  return c;
}

}  // namespace cl
