#include "scenes/integrator_params.h"

#include <algorithm>
#include <iterator>

namespace cl {
namespace {

const std::vector<std::string> kIntegrators(std::begin(kIntegratorIds), std::end(kIntegratorIds));

}  // namespace

void insert_integrator_params(std::vector<ParamSpec>& specs, const std::string& before, const IntegratorDefaults& d) {
  const auto live = ParamApply::Live;
  const auto real = ParamKind::Real;
  std::vector<ParamSpec> shared = {
      {"integrator", "", ParamKind::Choice, live,
       static_cast<double>(std::find(kIntegrators.begin(), kIntegrators.end(), d.integrator) - kIntegrators.begin()), 0, 0,
       kIntegrators},
      {"rtol", "", real, live, d.rtol, 1e-13, 1e-3, {}, "", true},
      {"dt", "s", real, live, d.dt, d.dt_min, d.dt_max, {}, "", true},
  };
  shared[0].text_key = d.integrator_text_key;
  shared[0].choice_text_key = "integrator.integrator";
  shared[2].text_key = d.dt_text_key;
  set_text_keys(shared, "integrator");
  set_in_effect_when(shared, {"rtol"}, "integrator", {"dopri5"});  // the fixed-step methods have no tolerance
  const auto at = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == before; });
  specs.insert(at, shared.begin(), shared.end());
}

StepperSettings read_integrator_params(const ParamValues& p, double length, double h_max, Eigen::Index positions) {
  StepperSettings s;
  s.kind = static_cast<IntegratorKind>(p.number_at(*p.index_of("integrator")));  // the choices in the kind's order
  s.rtol = p.number("rtol");
  s.atol = 1e-3 * p.number("rtol") * length;
  s.h = p.number("dt");
  s.h_max = h_max;
  s.positions = positions;
  return s;
}

}  // namespace cl
