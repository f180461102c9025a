#pragma once
// The scene parameters a fit may vary, as the CLI's --vary and the page's
// fit panel name them: ones the scene has, real-valued, in effect under the
// current choices (c_τ does nothing under impulses), each between bounds
// inside its own range, started at its current value; 1 to
// kMaxFitParameters of them, none twice.
#include <optional>
#include <string>
#include <vector>

#include "core/param.h"
#include "fit/least_squares_fit.h"

namespace cl {

/// More, and bounce times or a tracked height rarely tell them apart.
constexpr size_t kMaxFitParameters = 4;

/// `name` between `lo` and `hi` (a log scale if `log`), started at its value
/// in `base`, into `out`; or why it cannot be fitted.
std::optional<std::string> varied_parameter(const ParamValues& base, const std::string& name, double lo, double hi,
                                            bool log, FitParameter& out);

/// The list as a whole: its length, and no parameter twice.
std::optional<std::string> check_varied_parameters(const std::vector<FitParameter>& parameters);

}  // namespace cl
