#include "core/comparison.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/limits.h"
#include "core/message_text.h"

namespace cl {

std::string Variant::label() const {
  std::string text;
  for (const ParamChange& c : changes) text += (text.empty() ? "" : " ") + c.name + "=" + c.value;
  return text.empty() ? "reference" : text;
}

std::optional<std::string> variant_params(const ParamValues& base, std::vector<Variant>& variants,
                                          std::vector<ParamValues>& out) {
  std::vector<ParamValues> built;
  std::vector<Variant> renamed = variants;
  for (size_t k = 0; k < renamed.size(); ++k) {
    ParamValues params = base;
    for (ParamChange& change : renamed[k].changes) {
      const std::optional<size_t> i = params.index_of(change.name);
      if (!i) return "compare variant " + std::to_string(k + 1) + ": no parameter " + cl::quoted(change.name);
      if (auto error = params.set(change.name, change.value))
        return "compare variant " + std::to_string(k + 1) + ": " + *error;
      change.name = params.specs()[*i].name;
      change.value = params.format(*i);
    }
    built.push_back(std::move(params));
  }
  variants = std::move(renamed);
  out = std::move(built);
  return std::nullopt;
}

std::optional<std::string> Comparison::build(const std::function<std::unique_ptr<Scene>()>& create,
                                             const ParamValues& base, std::vector<Variant> variants,
                                             const nlohmann::json* state, double sample_dt) {
  if (variants.size() < 2 || variants.size() > kMaxVariants)
    return "compare takes 2 to " + std::to_string(kMaxVariants) + " variants";
  std::vector<ParamValues> params;
  if (auto error = variant_params(base, variants, params)) return error;
  std::vector<Run> runs;
  for (size_t k = 0; k < variants.size(); ++k) {
    auto sim = std::make_unique<Simulation>(create());
    sim->set_sample_interval(sample_dt);
    const std::string which = "compare variant " + std::to_string(k + 1) + " (" + variants[k].label() + "): ";
    if (auto error = sim->set_params(params[k])) return which + *error;
    if (auto error = sim->reset()) return which + *error;
    if (state)
      if (auto error = sim->load_state(*state)) return which + *error;
    runs.push_back({variants[k], std::move(sim)});
  }
  runs_ = std::move(runs);
  return std::nullopt;
}

double Comparison::advance_on_grid(double dt, const std::function<bool()>& stop_early) {
  // Towards the laggard's time + dt: a run held back by the frame budget
  // catches up, the others do not run ahead of it.
  double target = kMaxTime;
  for (const Run& run : runs_)
    if (!run.sim->failed()) target = std::min(target, run.sim->time() + dt);
  const double start = runs_.front().sim->time();
  for (Run& run : runs_) {
    Simulation& sim = *run.sim;
    if (!sim.failed() && sim.time() < target) sim.advance_on_grid(target - sim.time(), stop_early);
  }
  return runs_.front().sim->time() - start;
}

}  // namespace cl
