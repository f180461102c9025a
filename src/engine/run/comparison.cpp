#include "run/comparison.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/limits.h"
#include "core/message_text.h"
#include "core/text.h"

namespace cl {

std::string Variant::label() const {
  std::string text;
  for (const ParamChange& c : changes) text += (text.empty() ? "" : " ") + c.name + "=" + c.value;
  return text.empty() ? "reference" : text;
}

std::string Variant::shown_label(const std::vector<ParamSpec>& params) const {
  std::string text;
  for (const ParamChange& c : changes) {
    std::string value = c.value;
    const auto spec = std::find_if(params.begin(), params.end(), [&](const ParamSpec& s) { return s.name == c.name; });
    if (spec != params.end() && spec->kind == ParamKind::Choice) {
      const auto at = std::find(spec->choices.begin(), spec->choices.end(), c.value);
      if (at != spec->choices.end()) value = spec->choice_label(static_cast<size_t>(at - spec->choices.begin()));
    }
    text += (text.empty() ? "" : " ") + c.name + "=" + value;
  }
  return text.empty() ? label() : text;
}

std::optional<std::string> variant_params(const ParamValues& base, std::vector<Variant>& variants,
                                          std::vector<ParamValues>& out) {
  std::vector<ParamValues> built;
  std::vector<Variant> renamed = variants;
  for (size_t k = 0; k < renamed.size(); ++k) {
    ParamValues params = base;
    for (ParamChange& change : renamed[k].changes) {
      const std::optional<size_t> i = params.index_of(change.name);
      const std::string n = std::to_string(k + 1);
      if (!i) return text("compare.no_parameter", {{"n", n}, {"name", cl::quoted(change.name)}});
      if (auto error = params.set(change.name, change.value))
        return text("compare.variant_error", {{"n", n}, {"error", *error}});
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
    return text("compare.variant_count", {{"max", std::to_string(kMaxVariants)}});
  std::vector<ParamValues> params;
  if (auto error = variant_params(base, variants, params)) return error;
  std::vector<Run> runs;
  for (size_t k = 0; k < variants.size(); ++k) {
    auto sim = std::make_unique<Simulation>(create());
    sim->set_sample_interval(sample_dt);
    const auto refused = [&](const std::string& error) {
      return text("compare.run_error",
                  {{"n", std::to_string(k + 1)}, {"label", variants[k].label()}, {"error", error}});
    };
    if (auto error = sim->set_params(params[k])) return refused(*error);
    if (auto error = sim->reset()) return refused(*error);
    if (state)
      if (auto error = sim->load_state(*state)) return refused(*error);
    runs.push_back({variants[k], std::move(sim)});
  }
  runs_ = std::move(runs);
  return std::nullopt;
}

Variant reference_variant(const ParamValues& reference, const std::vector<Variant>& others) {
  Variant out;
  for (const Variant& v : others)
    for (const ParamChange& change : v.changes) {
      const std::optional<size_t> i = reference.index_of(change.name);
      if (!i) continue;
      const std::string& name = reference.specs()[*i].name;
      const bool listed = std::any_of(out.changes.begin(), out.changes.end(),
                                      [&](const ParamChange& c) { return c.name == name; });
      if (!listed) out.changes.push_back({name, reference.format(*i)});
    }
  return out;
}

Variant next_variant(const ParamValues& reference, const std::vector<Variant>& variants) {
  std::vector<ParamValues> params;
  std::vector<Variant> checked = variants;
  if (variant_params(reference, checked, params)) return {};
  for (const char* name : {"law", "integrator"}) {
    const std::optional<size_t> i = reference.index_of(name);
    if (!i || reference.specs()[*i].kind != ParamKind::Choice) continue;
    for (const std::string& choice : reference.specs()[*i].choices) {
      const bool used = std::any_of(params.begin(), params.end(),
                                    [&](const ParamValues& p) { return p.format(*i) == choice; });
      if (!used) return Variant{{{name, choice}}};
    }
  }
  return {};
}

double advance_together_on_grid(const std::vector<Simulation*>& runs, double dt,
                                const std::function<bool()>& stop_early) {
  // Towards the laggard's time + dt: a run held back by the frame budget
  // catches up, the others do not run ahead of it.
  double target = kMaxTime;
  for (const Simulation* run : runs)
    if (!run->failed()) target = std::min(target, run->time() + dt);
  const double start = runs.front()->time();
  for (Simulation* run : runs)
    if (!run->failed() && run->time() < target) run->advance_on_grid(target - run->time(), stop_early);
  return runs.front()->time() - start;
}

double Comparison::advance_on_grid(double dt, const std::function<bool()>& stop_early) {
  std::vector<Simulation*> sims;
  for (Run& run : runs_) sims.push_back(run.sim.get());
  return advance_together_on_grid(sims, dt, stop_early);
}

}  // namespace cl
