#include "run/sweep.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/limits.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "run/run_summary.h"
#include "run/simulation.h"

namespace cl {

const char* sweep_input_name(SweepInput input) {
  static const char* const names[] = {"parameter", "range", "count", "until", "log", "base"};
  return names[static_cast<int>(input)];
}

std::optional<SweepProblem> parse_sweep_range(const std::string& text, bool log, const std::vector<ParamSpec>& specs,
                                              double max_count, SweepRange& out) {
  const size_t eq = text.find('=');
  const size_t colon1 = eq == std::string::npos ? eq : text.find(':', eq + 1);
  const size_t colon2 = colon1 == std::string::npos ? colon1 : text.find(':', colon1 + 1);
  if (colon2 == std::string::npos) return SweepProblem{SweepInput::Range, cl::text("sweep.form", {{"text", cl::quoted(text)}})};
  SweepRange range;
  range.log = log;
  const std::string name = text.substr(0, eq);
  const ParamValues probe(specs);
  const std::optional<size_t> i = probe.index_of(name);
  if (!i) return SweepProblem{SweepInput::Parameter, cl::text("sweep.no_parameter", {{"name", cl::quoted(name)}})};
  const ParamSpec& spec = specs[*i];
  if (spec.kind != ParamKind::Real && spec.kind != ParamKind::Integer)
    return SweepProblem{SweepInput::Parameter, cl::text("sweep.not_number", {{"name", cl::quoted(spec.name)}})};
  range.name = spec.name;
  const std::optional<double> from = parse_number(text.substr(eq + 1, colon1 - eq - 1));
  const std::optional<double> to = parse_number(text.substr(colon1 + 1, colon2 - colon1 - 1));
  const std::optional<double> count = parse_number(text.substr(colon2 + 1));
  if (!from || !to) return SweepProblem{SweepInput::Range, cl::text("sweep.ends_not_numbers", {{"text", cl::quoted(text)}})};
  if (!count || *count != std::floor(*count) || *count < 1 || *count > max_count)
    return SweepProblem{SweepInput::Count, cl::text("sweep.count", {{"max", format_number(max_count)},
                                                                    {"count", cl::quoted(text.substr(colon2 + 1))}})};
  for (double end : {*from, *to}) {
    if (spec.kind == ParamKind::Integer && end != std::floor(end))  // rounded silently, it would sweep other values
      return SweepProblem{SweepInput::Range, cl::text("sweep.integer_ends", {{"value", format_number(end)},
                                                                              {"name", spec.name}})};
    if (!(end >= spec.min && end <= spec.max))
      return SweepProblem{SweepInput::Range, cl::text("sweep.outside_range", {{"value", format_number(end)},
                                                                               {"name", spec.name},
                                                                               {"range", describe_range(spec)}})};
  }
  if (log && !(*from > 0 && *to > 0)) return SweepProblem{SweepInput::Log, cl::text("sweep.log_needs_positive")};
  range.from = *from;
  range.to = *to;
  range.count = static_cast<long long>(*count);
  out = range;
  return std::nullopt;
}

double sweep_value(const SweepRange& range, long long index, const ParamSpec& spec) {
  if (range.count <= 1) return range.from;
  if (index == range.count - 1) return range.to;  // the end exactly, whatever the rounding on the way
  const double s = static_cast<double>(index) / static_cast<double>(range.count - 1);
  const double value = range.log ? range.from * std::pow(range.to / range.from, s) : range.from + s * (range.to - range.from);
  return spec.kind == ParamKind::Integer ? std::round(value) : value;
}

std::pair<long long, long long> shard_slice(long long count, long long shard, long long shards) {
  const long long base = count / shards, extra = count % shards;  // the first `extra` slices take one more
  const long long begin = shard * base + std::min(shard, extra);
  return {begin, begin + base + (shard < extra ? 1 : 0)};
}

SweepRow run_sweep_point(const std::function<std::unique_ptr<Scene>()>& create, const ParamValues& base,
                         const nlohmann::json* state, const SweepRange& range, long long index, double until) {
  SweepRow row;
  row.index = index;
  const size_t i = *base.index_of(range.name);
  row.value = sweep_value(range, index, base.specs()[i]);
  row.summary.assign(RunSummary::common_quantities().size(), std::nan(""));
  ParamValues params = base;
  Simulation sim(create());
  // The summary needs no series; samples are where a failed run keeps its last good state.
  sim.set_sample_interval(std::max(until / 1000, kMinSampleInterval));
  if (auto error = params.set_number(i, row.value)) row.failure = *error;
  else if (auto error = sim.set_params(params)) row.failure = *error;
  else if (auto error = sim.reset()) row.failure = *error;
  else if (state) {
    if (auto error = sim.load_state(*state)) row.failure = *error;
  }
  if (!row.failure.empty()) return row;
  RunSummary summary(sim.scene());
  sim.on_event = [&](const Event& e) { summary.observe(e); };
  if (until > sim.time()) sim.advance(until - sim.time() + 1e-12 * until);
  if (sim.failed()) row.failure = sim.failure();
  summary.finish(sim.scene());
  row.summary = summary.values();
  return row;
}

std::optional<std::string> sweep_quantities(const std::function<std::unique_ptr<Scene>()>& create,
                                            const ParamValues& base, const nlohmann::json* state, double& start,
                                            std::vector<SeriesSpec>& out) {
  Simulation sim(create());
  std::optional<std::string> error = sim.set_params(base);
  if (!error) error = sim.reset();
  if (!error && state) error = sim.load_state(*state);
  if (error) return error;
  RunSummary summary(sim.scene());
  summary.finish(sim.scene());
  out = summary.quantities();
  start = sim.time();
  return std::nullopt;
}

SweepRow SweepPlan::run(long long index) const {
  return run_sweep_point(create, base, state ? &*state : nullptr, range, index, until);
}

std::optional<SweepProblem> plan_sweep(const std::function<std::unique_ptr<Scene>()>& create, const ParamValues& base,
                                       std::optional<nlohmann::json> state, const std::string& vary, bool log,
                                       double until, double max_count, SweepPlan& out) {
  if (!(until > 0 && until <= kMaxTime))
    return SweepProblem{SweepInput::Until,
                        text("sweep.until_range", {{"max", format_number(kMaxTime)}, {"until", format_number(until)}})};
  SweepPlan plan;
  if (auto error = parse_sweep_range(vary, log, base.specs(), max_count, plan.range)) return error;
  double start = 0;  // s, when every run starts: the state's time
  if (auto error = sweep_quantities(create, base, state ? &*state : nullptr, start, plan.quantities))
    return SweepProblem{SweepInput::Base, *error};
  if (start >= until)  // the runs would write their start's summary without running
    return SweepProblem{SweepInput::Until, text("sweep.until_before_start", {{"start", format_number(start)},
                                                                             {"until", format_number(until)}})};
  plan.create = create;
  plan.base = base;
  plan.state = std::move(state);
  plan.until = until;
  out = std::move(plan);
  return std::nullopt;
}

}  // namespace cl
