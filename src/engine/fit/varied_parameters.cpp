#include "fit/varied_parameters.h"

#include "core/number_format.h"
#include "core/text.h"

namespace cl {

std::optional<std::string> varied_parameter(const ParamValues& base, const std::string& name, double lo, double hi,
                                            bool log, FitParameter& out) {
  const auto index = base.index_of(name);
  if (!index) return text("fit.unknown_parameter", {{"name", name}});
  const ParamSpec& spec = base.specs()[*index];
  if (spec.kind != ParamKind::Real) return text("fit.vary_not_real", {{"name", spec.name}});
  if (!param_in_effect(base, *index)) return text("fit.vary_not_in_effect", {{"name", spec.name}});
  FitParameter p{spec.name, lo, hi, log, base.number_at(*index)};
  if (auto error = check_fit_parameter(p)) return error;
  if (!(lo >= spec.min && hi <= spec.max))
    return text("fit.vary_outside", {{"name", spec.name}, {"lo", format_number(lo)}, {"hi", format_number(hi)},
                                     {"min", format_number(spec.min)}, {"max", format_number(spec.max)}});
  out = p;
  return std::nullopt;
}

std::optional<std::string> check_varied_parameters(const std::vector<FitParameter>& parameters) {
  if (parameters.empty() || parameters.size() > kMaxFitParameters)
    return text("fit.vary_count", {{"max", std::to_string(kMaxFitParameters)}, {"n", std::to_string(parameters.size())}});
  for (size_t i = 0; i < parameters.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (parameters[i].name == parameters[j].name) return text("fit.vary_twice", {{"name", parameters[i].name}});
  return std::nullopt;
}

}  // namespace cl
