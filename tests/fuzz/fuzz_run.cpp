#include "fuzz/fuzz_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include "fuzz/fuzz_inputs.h"
#include "run/simulation.h"

namespace fuzz {
namespace {

constexpr double kSample = 0.01;  // s, the CLI's default

double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Outcome refusal(const std::string& message) {
  if (verbose) std::fprintf(stderr, "refused: %.300s\n", message.c_str());
  if (showable(message)) return Outcome::Refused;
  std::fprintf(stderr, "message not showable (%zu bytes)\n", message.size());
  return Outcome::Nonfinite;
}

Outcome run_checked(const cl::SceneEntry& entry, const cl::ParamValues& params, const nlohmann::json* state,
                    double duration, const Budget& budget) {
  cl::Simulation sim(entry.create());
  sim.set_sample_interval(kSample);
  std::optional<std::string> error = sim.set_params(params);
  if (!error) error = sim.reset();
  if (!error && state) error = sim.load_state(*state);
  if (error) return refusal(*error);
  bool nonfinite = false;
  auto check = [&](double v, const std::string& what) {
    if (std::isfinite(v) || nonfinite) return;
    nonfinite = true;
    std::fprintf(stderr, "%s = %g written\n", what.c_str(), v);
  };
  for (size_t k = 0; k < sim.series().size(); ++k)
    for (size_t s = 0; s < sim.series().names().size(); ++s) check(sim.series().at(s, k), sim.series().names()[s]);
  sim.on_sample = [&](const std::vector<double>& values) {
    for (size_t s = 0; s < values.size(); ++s) check(values[s], "series " + sim.series().names()[s]);
  };
  sim.on_event = [&](const cl::Event& e) {
    check(e.t, "event t");
    for (double v : e.fields)
      if (!std::isnan(v)) check(v, "event " + e.kind + " field");  // NaN: the field does not apply
  };
  const double until = sim.time() + duration, start = wall_now();
  long long steps = 0;
  bool out_of_wall_time = false;
  sim.advance(until - sim.time() + 1e-12 * until, [&] {
    out_of_wall_time = wall_now() - start > budget.wall_seconds;
    return ++steps > budget.steps || out_of_wall_time;
  });
  if (const auto table = sim.scene().report())
    for (const auto& row : table->rows)
      for (double v : row) check(v, "report");
  if (const cl::ImpactLoopLog* loops = sim.scene().impact_loops())
    for (const cl::ImpactLoop& loop : loops->loops())
      for (size_t k = 0; k < loop.force.size(); ++k) check(loop.force[k] + loop.penetration[k], "loop point");
  if (sim.failed() && refusal(sim.failure()) == Outcome::Nonfinite) return Outcome::Nonfinite;
  if (nonfinite) return Outcome::Nonfinite;
  if (!sim.failed() && sim.time() < until - 1e-9 * until) {
    // "by wall time": the one outcome that depends on the machine (.ci/fuzz counts them).
    std::fprintf(stderr, "slow %s: %s reached t = %g s of %g s in %g s (%lld steps)\n",
                 out_of_wall_time ? "by wall time" : "by steps", entry.description().id.c_str(), sim.time(), until,
                 wall_now() - start, steps);
    return Outcome::Slow;
  }
  return Outcome::Ran;
}

}  // namespace fuzz
