#pragma once
// A run as the CLI and the app make it, checked for everything it would
// write: shared by the campaign and the libFuzzer targets.
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "scenes/registry.h"

namespace fuzz {

enum class Outcome {
  Ran,        ///< ran for its simulated time, or stopped with a message
  Refused,    ///< the input was refused with a message
  Slow,       ///< cut by its budget (the engine returned between steps)
  Nonfinite,  ///< a written value was not finite, or a message could not be shown
};

/// How long a run may take before it counts as slow: wall time (the
/// campaign's processes) or engine steps (libFuzzer's targets, whose inputs
/// and verdicts must not depend on the machine's speed).
struct Budget {
  double wall_seconds = std::numeric_limits<double>::infinity();
  long long steps = std::numeric_limits<long long>::max();  ///< the engine's yield checks, one between steps
};

/// A libFuzzer target's run: 0.05 s of simulated time within 300 engine
/// steps, so its inputs and verdict do not depend on the machine's speed;
/// 10 s of wall time ends a run whose steps are each slow under the
/// sanitizers (a 100,000-particle pile), which the gate's log counts.
constexpr double kBriefRun = 0.05;
constexpr Budget kBriefBudget{10, 300};

/// Resets a run of `params`, loads `state` if given, runs it `duration` s of
/// simulated time within `budget`, and checks every series value, event
/// field, report and loop value, and every message.
Outcome run_checked(const cl::SceneEntry& entry, const cl::ParamValues& params, const nlohmann::json* state,
                    double duration, const Budget& budget);

/// Refused, or Nonfinite if `message` could not be shown (too long, not UTF-8).
Outcome refusal(const std::string& message);

}  // namespace fuzz
