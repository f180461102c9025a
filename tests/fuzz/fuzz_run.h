#pragma once
// A run as the CLI and the app make it, checked for everything it would
// write: shared by the campaign and the libFuzzer targets.
#include <string>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "scenes/registry.h"

namespace fuzz {

enum class Outcome {
  Ran,        ///< ran for its simulated time, or stopped with a message
  Refused,    ///< the input was refused with a message
  Slow,       ///< cut by its wall budget (the engine returned between steps)
  Nonfinite,  ///< a written value was not finite, or a message could not be shown
};

/// A libFuzzer target's run: 0.05 s of simulated time within 2 s of wall time.
constexpr double kBriefRun = 0.05, kBriefBudget = 2;

/// Resets a run of `params`, loads `state` if given, runs it `duration` s of
/// simulated time within `wall_budget` s of wall time, and checks every
/// series value, event field, report and loop value, and every message.
Outcome run_checked(const cl::SceneEntry& entry, const cl::ParamValues& params, const nlohmann::json* state,
                    double duration, double wall_budget);

/// Refused, or Nonfinite if `message` could not be shown (too long, not UTF-8).
Outcome refusal(const std::string& message);

}  // namespace fuzz
