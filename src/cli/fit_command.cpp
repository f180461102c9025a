// contactlab fit: adjusts 1-4 parameters of a scene so that its run matches
// measured data (a series at the data's times, or event times), prints the
// fitted values with their standard errors, correlations and warnings, and
// writes the same table (--out) and the residuals (--residuals).
#include "fit_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>

#include "cli_input.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "fit/fit_mapping.h"
#include "fit/fit_report.h"
#include "fit/least_squares_fit.h"
#include "fit/run_residuals.h"
#include "fit/varied_parameters.h"
#include "io/measured_table.h"

namespace cli {
namespace {

constexpr double kMaxJobs = 256;
constexpr double kMinRuns = 10, kMaxRuns = 1e5;

struct FitOptions {
  SceneInput input;
  std::string data_path, map, out_path, residuals_path;
  std::vector<std::string> vary, log;
  double jobs = 1, max_runs = 500;
};

/// "NAME=LO:HI" checked against the scene's parameters (fit/varied_parameters.h).
std::optional<std::string> parse_vary(const std::string& text, const cl::ParamValues& base, cl::FitParameter& out) {
  const size_t equals = text.find('='), colon = text.find(':', equals == std::string::npos ? 0 : equals);
  double lo = 0, hi = 0;
  if (equals == std::string::npos || colon == std::string::npos || equals == 0 ||
      !read_number(text.substr(equals + 1, colon - equals - 1), lo) || !read_number(text.substr(colon + 1), hi))
    return cl::text("cli.fit_vary_form", {{"text", cl::quoted(text)}});
  return cl::varied_parameter(base, text.substr(0, equals), lo, hi, false, out);
}

int run_fit(const FitOptions& o) {
  if (o.data_path.empty() || o.map.empty() || o.vary.empty()) return fail_usage(cl::text("cli.fit_needs"));
  if (!(o.jobs >= 1 && o.jobs <= kMaxJobs && o.jobs == std::floor(o.jobs)))
    return fail_usage(cl::text("cli.jobs_range", {{"max", cl::format_number(kMaxJobs)}}));
  if (!(o.max_runs >= kMinRuns && o.max_runs <= kMaxRuns && o.max_runs == std::floor(o.max_runs)))
    return fail_usage(cl::text("cli.max_runs_range", {{"max", cl::format_number(kMaxRuns)}}));
  if (auto error = check_outputs({{"--out", o.out_path}, {"--residuals", o.residuals_path}},
                                 {o.data_path, o.input.scene_file}))
    return fail_usage(*error);
  ResolvedInput in;
  if (auto error = resolve_input(o.input, in)) return fail_usage(*error);
  if (in.state) std::cerr << cl::text("cli.fit_note", {{"note", cl::text("fit.state_not_used")}}) << '\n';

  cl::RunFit fit{in.entry->create, in.params, {}, {}};
  std::vector<cl::FitParameter> parameters;
  for (const std::string& v : o.vary) {
    cl::FitParameter p;
    if (auto error = parse_vary(v, in.params, p)) return fail_usage(*error);
    parameters.push_back(p);
  }
  if (auto error = cl::check_varied_parameters(parameters)) return fail_usage(*error);
  for (const std::string& name : o.log) {
    auto it = std::find_if(parameters.begin(), parameters.end(), [&](const cl::FitParameter& p) { return p.name == name; });
    if (it == parameters.end()) return fail_usage(cl::text("cli.fit_log_not_varied", {{"name", name}}));
    it->log = true;
    if (auto error = cl::check_fit_parameter(*it)) return fail_usage(*error);
  }
  for (const cl::FitParameter& p : parameters) fit.varied.push_back(p.name);

  std::string data_text;
  const cl::MeasuredTableLimits limits;
  if (auto error = read_text_file(o.data_path, limits.max_bytes, cl::text("cli.what_measured_table"), data_text))
    return fail_usage(*error);
  const cl::MeasuredTableParse parsed = cl::parse_measured_table(data_text, limits);
  if (!parsed.table) return fail_usage(cl::text("cli.fit_data_rejected", {{"path", o.data_path}, {"reason", parsed.error}}));
  std::vector<cl::ColumnMapping> mappings;
  if (auto error = cl::parse_column_mappings(o.map, mappings)) return fail_usage(*error);
  const std::unique_ptr<cl::Scene> scene = in.entry->create();
  std::vector<std::string> notes;
  if (auto error = cl::read_fit_target(*parsed.table, mappings, scene->description(), scene->series(), fit.target, notes))
    return fail_usage(*error);
  for (const std::string& note : notes) std::cerr << cl::text("cli.fit_note", {{"note", note}}) << '\n';

  cl::FitOptions options;
  options.jobs = static_cast<int>(o.jobs);
  options.max_evaluations = static_cast<int>(o.max_runs);
  options.nuisance_parameters = fit.nuisance_parameters();
  const auto wall_start = std::chrono::steady_clock::now();
  const cl::FitResult result = cl::fit_least_squares(
      [&fit](const std::vector<double>& values, Eigen::VectorXd& r) { return fit.residuals(values, r); }, parameters,
      options);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (result.outcome == cl::FitOutcome::Failed) {
    std::cerr << "contactlab: " << cl::text("cli.fit_failed", {{"reason", result.failure}}) << '\n';
    return kExitRunFailed;
  }

  const bool events = fit.target.kind == cl::FitTarget::Kind::EventTimes;
  std::string data_unit = "s";
  if (!events)
    if (const auto s = cl::find_series(scene->series(), fit.target.name)) data_unit = scene->series()[*s].unit;
  std::vector<std::string> units;
  for (const cl::FitParameter& p : parameters) units.push_back(in.params.specs()[*in.params.index_of(p.name)].unit);
  std::cout << cl::text("cli.fit_heading",
                        {{"scene", o.input.scene},
                         {"n", std::to_string(fit.target.times.size())},
                         {"what", cl::text(events ? "cli.fit_what_events" : "cli.fit_what_points",
                                           {{"name", fit.target.name}})},
                         {"path", o.data_path},
                         {"outcome", cl::fit_outcome_text(result.outcome)},
                         {"iterations", std::to_string(result.iterations)},
                         {"runs", std::to_string(result.evaluations)},
                         {"wall", cl::format_number(cl::round_significant(wall, 3))},
                         {"threads", std::to_string(options.jobs)},
                         {"rate", cl::format_number(cl::round_significant(result.evaluations / std::max(wall, 1e-9), 3))}})
            << '\n';
  cl::write_fit_table(std::cout, result, parameters, units);
  std::cout << cl::text("cli.fit_sigma", {{"sigma", cl::format_number(cl::round_significant(result.sigma, 4))},
                                          {"unit", data_unit},
                                          {"dof", std::to_string(result.degrees_of_freedom)}})
            << '\n';
  for (const std::string& warning : cl::fit_warning_texts(result, parameters))
    std::cout << cl::text("cli.fit_warning", {{"warning", warning}}) << '\n';

  const std::vector<double>& data = events ? fit.target.times : fit.target.values;
  for (const auto& [path, table] : {std::pair{o.out_path, 0}, std::pair{o.residuals_path, 1}}) {
    if (path.empty()) continue;
    std::ofstream file(path);
    if (table == 0) cl::write_fit_table(file, result, parameters, units);
    else cl::write_fit_residuals(file, fit.target.times, data, result.residuals);
    if (auto error = finish_output(file, path)) {
      std::cerr << "contactlab: " << *error << '\n';
      return kExitRunFailed;
    }
  }
  return 0;
}

}  // namespace

int fit_command(int argc, char** argv) {
  if (argc < 3) return fail_usage(cl::text("cli.fit_needs_scene"));
  FitOptions o;
  o.input.scene = argv[2];
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return fail_usage(cl::text("cli.needs_value", {{"option", arg}}));
    const std::string v = argv[++i];
    if (arg == "--data") o.data_path = v;
    else if (arg == "--map") o.map = o.map.empty() ? v : o.map + "," + v;
    else if (arg == "--vary") o.vary.push_back(v);
    else if (arg == "--log") o.log.push_back(v);
    else if (arg == "--set") o.input.sets.push_back(v);
    else if (arg == "--preset") o.input.preset = v;
    else if (arg == "--scene-file") o.input.scene_file = v;
    else if (arg == "--out") o.out_path = v;
    else if (arg == "--residuals") o.residuals_path = v;
    else if (arg == "--jobs" || arg == "--max-runs") {
      if (!read_number(v, arg == "--jobs" ? o.jobs : o.max_runs))
        return fail_usage(cl::text("cli.not_a_number", {{"option", arg}, {"value", cl::quoted(v)}}));
    } else
      return fail_usage(cl::text("cli.unknown_option", {{"option", cl::quoted(arg)}}));
  }
  return run_fit(o);
}

}  // namespace cli
