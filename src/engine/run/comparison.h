#pragma once
// Compare runs: copies of one initial state that differ in a few parameters
// (the law, c_τ, the integrator, ...), advanced in lockstep on one sample
// grid so their series line up sample by sample. The first is the reference
// the others are compared with.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/param.h"
#include "run/simulation.h"

namespace cl {

/// Up to this many runs side by side (the reference included): more would
/// not stay readable in one canvas and one plot.
constexpr size_t kMaxVariants = 4;

struct ParamChange {
  std::string name;  ///< the parameter's key (today's name once checked)
  std::string value;
};

struct Variant {
  std::vector<ParamChange> changes;
  /// "law=flores c_tau=0.5"; "reference" when nothing changes. Machine
  /// text: the CSV's `variant` column, the CLI's --compare, a link.
  std::string label() const;
  /// label() for people: a choice by its name in the current language
  /// ("law=Flores c_tau=0.5"), the other values as they are.
  std::string shown_label(const std::vector<ParamSpec>& params) const;
};

/// Each variant's parameters: `base` with its changes. Checks every name and
/// value like the panel does, writes today's names and canonical values into
/// `variants`, and returns the first error (naming the variant) with both
/// outputs untouched.
std::optional<std::string> variant_params(const ParamValues& base, std::vector<Variant>& variants,
                                          std::vector<ParamValues>& out);

/// The reference's side of a comparison: its own values of every parameter
/// the `others` change, so its label says what it is compared in
/// ("law=hunt_crossley"). Names and values as variant_params writes them.
Variant reference_variant(const ParamValues& reference, const std::vector<Variant>& others);

/// A variant worth adding to `variants` (the reference first): the next
/// contact law, else the next integrator, that no run uses yet; no changes
/// when the scene has neither or every choice is taken.
Variant next_variant(const ParamValues& reference, const std::vector<Variant>& variants);

/// Advances every run that has not failed to the slowest one's time + dt,
/// on the sample grid; returns the first run's advance (s). `stop_early` is
/// asked between the steps of each run.
double advance_together_on_grid(const std::vector<Simulation*>& runs, double dt,
                                const std::function<bool()>& stop_early = nullptr);

class Comparison {
 public:
  struct Run {
    Variant variant;
    std::unique_ptr<Simulation> sim;
  };

  /// Builds one run per variant from `base`, each from `state` when given
  /// (a scene file's or a dragged start), else from its own parameters (so a
  /// seeded start is the same in each). On error nothing is built.
  std::optional<std::string> build(const std::function<std::unique_ptr<Scene>()>& create, const ParamValues& base,
                                   std::vector<Variant> variants, const nlohmann::json* state, double sample_dt);

  const std::vector<Run>& runs() const { return runs_; }
  std::vector<Run>& runs() { return runs_; }
  /// advance_together_on_grid over the runs, the reference first.
  double advance_on_grid(double dt, const std::function<bool()>& stop_early = nullptr);

 private:
  std::vector<Run> runs_;
};

}  // namespace cl
