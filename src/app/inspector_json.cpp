// The contact-law inspector's data for the page (web/inspector.js): each
// run's impacts against the closed-form restitution curves of every law.
#include <cmath>

#include <nlohmann/json.hpp>

#include "app.h"
#include "contact/effective_restitution.h"
#include "contact/normal_law.h"
#include "run/impact_inspection.h"

namespace cl::app {
namespace {

/// JSON null for NaN (JSON has no NaN).
nlohmann::json number_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }
nlohmann::json body_or_null(int index) { return index >= 0 ? nlohmann::json(index) : nlohmann::json(); }

}  // namespace

std::string App::inspection_json(size_t k) const {
  const Simulation* sim = run(k);
  if (!sim) return "null";
  const ImpactInspection in = inspect_impacts(*sim);
  nlohmann::json impacts = nlohmann::json::array();
  for (const InspectedImpact& i : in.impacts)
    impacts.push_back({{"t", i.t}, {"kind", i.kind}, {"i", body_or_null(i.i)}, {"j", body_or_null(i.j)},
                       {"v_in", i.v_in}, {"e", number_or_null(i.e_measured)},
                       {"max_penetration", number_or_null(i.max_penetration)},
                       {"duration", number_or_null(i.duration)}, {"loop_area", number_or_null(i.loop_area)}});
  return nlohmann::json{{"law", in.law},
                        {"asked_name", in.asked_name},
                        {"asked", number_or_null(in.asked)},
                        {"e_closed_form", number_or_null(in.e_closed_form)},
                        {"floor", number_or_null(in.floor)},
                        {"impacts", impacts},
                        {"notes", in.notes}}
      .dump();
}

std::string restitution_curves_json() {
  // c_tau over the parameter's range [0.05, 1], every 0.01, for each damped law.
  // Hertz has no c_tau: it is left out.
  nlohmann::json c_tau = nlohmann::json::array();
  for (int k = 5; k <= 100; ++k) c_tau.push_back(k / 100.0);
  nlohmann::json curves = nlohmann::json::array();
  for (NormalLaw law : kNormalLaws) {
    if (law == NormalLaw::Hertz) continue;
    nlohmann::json e = nlohmann::json::array();
    for (const nlohmann::json& c : c_tau) e.push_back(effective_restitution(law, c.get<double>()));
    curves.push_back({{"law", normal_law_id(law)}, {"title", normal_law_name(law)}, {"e", e}, {"floor", restitution_floor(law)}});
  }
  return nlohmann::json{{"c_tau", c_tau}, {"curves", curves}}.dump();
}

}  // namespace cl::app
