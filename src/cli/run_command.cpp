// contactlab run: one scene to --until, its series and events as CSV; with
// --compare, several variants of the same start, each row led by its variant.
#include "run_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>

#include "cli_input.h"
#include "core/limits.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/compare_spec.h"
#include "io/csv.h"
#include "io/impact_loops_io.h"
#include "run/comparison.h"
#include "run/simulation.h"

namespace cli {
namespace {

struct RunOptions {
  SceneInput input;
  std::vector<std::string> compare;
  std::string out_path, events_path, loops_path, report_path;
  double until = 10, sample = 0.01;
  bool timing = false;
};

std::optional<std::string> check_options(const RunOptions& o) {
  if (!(o.until > 0 && o.until <= cl::kMaxTime))
    return cl::text("cli.until_range", {{"max", cl::format_number(cl::kMaxTime)}});
  if (!(o.sample >= cl::kMinSampleInterval))
    return cl::text("cli.sample_min", {{"min", cl::format_number(cl::kMinSampleInterval)}});
  if (o.until / o.sample > cl::kMaxSamples)
    return cl::text("cli.too_many_samples", {{"until", cl::format_number(o.until)},
                                             {"sample", cl::format_number(o.sample)},
                                             {"samples", cl::format_number(std::floor(o.until / o.sample) + 1)},
                                             {"max", cl::format_number(cl::kMaxSamples)}});
  if (!o.compare.empty() && (!o.loops_path.empty() || !o.report_path.empty()))
    return cl::text("cli.compare_one_run");
  return check_outputs({{"--out", o.out_path}, {"--events", o.events_path}, {"--loops", o.loops_path},
                        {"--report", o.report_path}},
                       {o.input.scene_file});
}

/// Where one run's rows go: the series (with its column order in the
/// shared header), the events, and the variant's label when comparing.
struct RunOutput {
  std::ostream* series = nullptr;
  std::ofstream* events = nullptr;
  std::string variant;                 // empty: a single run, no variant column
  std::vector<std::string> columns;    // the header's series names
};

/// Streams `sim` to `until`; returns its event count.
long long stream_run(cl::Simulation& sim, double until, const RunOutput& out) {
  const std::vector<std::string>& names = sim.series().names();
  const std::vector<int> sources = cl::column_sources(out.columns, names);
  const std::string prefix = out.variant.empty() ? "" : cl::csv_text_cell(out.variant) + ",";
  auto write_row = [&](const std::vector<double>& values) {
    if (out.variant.empty()) cl::write_csv_row(*out.series, values);
    else cl::write_compare_row(*out.series, out.variant, sources, values);
  };
  // The first sample is already recorded (unless a loaded state starts off
  // the sample grid); later ones stream as they come.
  if (sim.series().size() > 0) {
    std::vector<double> first(names.size());
    for (size_t s = 0; s < first.size(); ++s) first[s] = sim.series().at(s, 0);
    write_row(first);
  }
  sim.on_sample = write_row;
  long long event_count = 0;
  sim.on_event = [&](const cl::Event& e) {
    ++event_count;
    if (out.events->is_open()) {
      *out.events << prefix;
      cl::write_event_row(*out.events, e);
    }
  };
  sim.advance(until - sim.time() + 1e-12 * until);
  return event_count;
}

int run_scene(const RunOptions& o) {
  if (auto error = check_options(o)) return fail_usage(*error);
  ResolvedInput in;
  if (auto error = resolve_input(o.input, in)) return fail_usage(*error);
  const std::string& scene = o.input.scene;
  if (!o.report_path.empty() && !in.entry->create()->has_report(in.params))
    return fail_usage(cl::text("cli.no_report", {{"scene", scene}}));

  // One run, or one per variant, all built before any output is opened.
  std::vector<std::unique_ptr<cl::Simulation>> sims;
  std::vector<std::string> labels;
  const nlohmann::json* state = in.state ? &*in.state : nullptr;
  const bool comparing = !o.compare.empty() || !in.compare.empty();
  if (!comparing) {
    auto sim = std::make_unique<cl::Simulation>(in.entry->create());
    sim->set_sample_interval(o.sample);
    if (auto error = sim->set_params(in.params)) return fail_usage(*error);
    if (auto error = sim->reset()) return fail_usage(*error);
    if (state)
      if (auto error = sim->load_state(*state)) return fail_usage(o.input.scene_file + ": " + *error);
    sims.push_back(std::move(sim));
    labels.emplace_back();
  } else {
    // --compare replaces the scene file's variants.
    cl::CompareParse parsed = o.compare.empty() ? cl::CompareParse{in.compare, ""} : cl::parse_compare_options(o.compare);
    if (!parsed.error.empty()) return fail_usage(parsed.error);
    cl::Comparison comparison;
    if (auto error = comparison.build(in.entry->create, in.params, parsed.variants, state, o.sample))
      return fail_usage(*error);
    for (cl::Comparison::Run& run : comparison.runs()) {
      labels.push_back(run.variant.label());
      sims.push_back(std::move(run.sim));
    }
  }
  // The sample cap holds for the table, not for each run of it.
  const double samples_per_run = std::floor(o.until / o.sample) + 1;
  if (sims.size() > 1 && samples_per_run * static_cast<double>(sims.size()) > cl::kMaxSamples)
    return fail_usage(cl::text("cli.too_many_compare_samples", {{"until", cl::format_number(o.until)},
                                                                {"sample", cl::format_number(o.sample)},
                                                                {"samples", cl::format_number(samples_per_run)},
                                                                {"runs", std::to_string(sims.size())},
                                                                {"max", cl::format_number(cl::kMaxSamples)}}));
  const double start = sims.front()->time();
  if (start > o.until)
    return fail_usage(cl::text("cli.until_before_start",
                               {{"until", cl::format_number(o.until)}, {"start", cl::format_number(start)}}));
  if (!o.loops_path.empty() && !sims.front()->scene().impact_loops())
    return fail_usage(cl::text("cli.no_loops", {{"scene", scene}}));

  // Every input is valid: only now open the outputs.
  std::ofstream series_file, events_file, loops_file, report_file;
  RunOutput out;
  out.series = &std::cout;
  if (!o.out_path.empty()) {
    series_file.open(o.out_path);
    out.series = &series_file;
  }
  out.events = &events_file;
  if (!o.events_path.empty()) {
    events_file.open(o.events_path);
    if (comparing) events_file << "variant,";
    cl::write_events_header(events_file, in.entry->description().event_fields);
  }
  if (!o.loops_path.empty()) loops_file.open(o.loops_path);
  if (!o.report_path.empty()) report_file.open(o.report_path);
  std::vector<const cl::SeriesRecorder*> recorders;
  for (const auto& sim : sims) recorders.push_back(&sim->series());
  out.columns = cl::compare_columns(recorders);
  if (comparing) *out.series << "variant,";
  cl::write_csv_header(*out.series, out.columns);

  int exit_code = 0;
  for (size_t k = 0; k < sims.size(); ++k) {
    cl::Simulation& sim = *sims[k];
    out.variant = labels[k];
    const auto wall_start = std::chrono::steady_clock::now();
    const long long events = stream_run(sim, o.until, out);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    const std::string name = comparing ? cl::text("cli.run_name_variant", {{"label", labels[k]}})
                                       : cl::text("cli.run_name_scene", {{"scene", scene}});
    if (o.timing)
      std::cerr << cl::text("cli.run_timing", {{"name", name},
                                               {"t", cl::format_number(sim.time())},
                                               {"wall", cl::format_number(wall)},
                                               {"speed", cl::format_number(sim.time() / std::max(wall, 1e-9))},
                                               {"steps", std::to_string(sim.scene().step_count())},
                                               {"events", std::to_string(events)}})
                << '\n';
    if (sim.failed()) {
      std::cerr << "contactlab: " << (comparing ? name + ": " : "") << sim.failure() << '\n';
      exit_code = kExitRunFailed;
    }
  }
  const cl::Simulation& sim = *sims.front();
  if (loops_file.is_open()) cl::write_impact_loops_csv(loops_file, *sim.scene().impact_loops());
  if (report_file.is_open())
    if (const std::optional<cl::ReportTable> table = sim.scene().report()) cl::write_report_csv(report_file, *table);
  for (const auto& [stream, path] : {std::pair<std::ostream*, const std::string*>{out.series, &o.out_path},
                                     {&events_file, &o.events_path}, {&loops_file, &o.loops_path},
                                     {&report_file, &o.report_path}})
    if (stream == out.series || !path->empty())
      if (auto error = finish_output(*stream, *path)) {
        std::cerr << "contactlab: " << *error << '\n';
        exit_code = kExitRunFailed;
      }
  return exit_code;
}

}  // namespace

int run_command(int argc, char** argv) {
  if (argc < 3) return fail_usage(cl::text("cli.run_needs_scene"));
  RunOptions o;
  o.input.scene = argv[2];
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--timing") {
      o.timing = true;
      continue;
    }
    if (i + 1 >= argc) return fail_usage(cl::text("cli.needs_value", {{"option", arg}}));
    const std::string v = argv[++i];
    if (arg == "--set") o.input.sets.push_back(v);
    else if (arg == "--preset") o.input.preset = v;
    else if (arg == "--scene-file") o.input.scene_file = v;
    else if (arg == "--compare") o.compare.push_back(v);
    else if (arg == "--out") o.out_path = v;
    else if (arg == "--events") o.events_path = v;
    else if (arg == "--loops") o.loops_path = v;
    else if (arg == "--report") o.report_path = v;
    else if (arg == "--until" || arg == "--sample") {
      if (!read_number(v, arg == "--until" ? o.until : o.sample))
        return fail_usage(cl::text("cli.not_a_number", {{"option", arg}, {"value", cl::quoted(v)}}));
    } else
      return fail_usage(cl::text("cli.unknown_option", {{"option", cl::quoted(arg)}}));
  }
  return run_scene(o);
}

}  // namespace cli
