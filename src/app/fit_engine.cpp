// The fit in the page's Web Worker (web/sweep_worker.js), beside the sweep in
// the engine without a window: a measured table read, its columns mapped to
// a scene's series or events, 1-4 parameters fitted. The numbers are the
// CLI's `contactlab fit`, to the last bit: the same code, one thread.
//
// Exports (strings stay valid until the next call of the same function):
//   const char* cl_fit_read_table(const char* text)
//     JSON {"title","rows","columns":[{"name","unit"}]} | {"error"}; the table is kept
//   const char* cl_fit_choices(const char* scene_file)
//     what the scene offers to map and to vary: JSON {"targets":[{"name","kind":"series"|"events","unit",
//     "label","units":[...]}], "parameters":[{"name","unit","label","min","max","value","log"}]} | {"error"}
//   const char* cl_fit_plan(const char* scene_file, const char* map, const char* varied)
//     varied: JSON [{"name","lo","hi","log"}]. Checks the kept table against both:
//     JSON {"kind","name","unit","times":[...],"values":[...],"notes":[...]} | {"error","input":"map"|"vary"}
//   const char* cl_fit_run(double max_runs)
//     the planned fit; calls Module.onFitProgress(json) after each iteration
//     ({"runs","iterations","rss","values"}). JSON {"outcome": "converged"|"evaluation_limit"|"failed","outcome_text","failure","parameters":[{"name",
//     "unit","value","standard_error","lo","hi","log"}],"correlation":[[...]],"sigma","dof","runs","iterations",
//     "model":[...],"residuals":[...],"warnings":[...],"table":"parameter,unit,...\n"}
#include <emscripten.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "core/unit_conversion.h"
#include "fit/fit_mapping.h"
#include "fit/fit_report.h"
#include "fit/least_squares_fit.h"
#include "fit/run_residuals.h"
#include "fit/varied_parameters.h"
#include "io/measured_table.h"
#include "io/scene_file.h"
#include "scenes/registry.h"

EM_JS(void, post_fit_progress, (const char* json), {
  if (Module.onFitProgress) Module.onFitProgress(UTF8ToString(json));
});

namespace {

std::optional<cl::MeasuredTable> table;
std::optional<cl::RunFit> planned;
std::vector<cl::FitParameter> parameters;
std::vector<std::string> units;  // the parameters'

const char* keep(std::string& slot, const nlohmann::json& reply) {
  slot = reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return slot.c_str();
}

nlohmann::json number_or_null(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

const char* outcome_id(cl::FitOutcome outcome) {
  switch (outcome) {
    case cl::FitOutcome::Converged: return "converged";
    case cl::FitOutcome::EvaluationLimit: return "evaluation_limit";
    case cl::FitOutcome::Cancelled: return "cancelled";
    case cl::FitOutcome::Failed: break;
  }
  return "failed";
}

/// The scene and its parameters from the page's scene file, or why not.
std::optional<std::string> read_scene(const char* scene_file, const cl::SceneEntry*& entry, cl::ParamValues& params) {
  const cl::SceneFileParse file = cl::parse_scene_file(scene_file ? scene_file : "");
  if (!file.file) return file.error;
  entry = cl::find_scene(file.file->scene);
  params = file.file->params;
  return std::nullopt;
}

/// [{"name","lo","hi","log"}] checked against the scene's parameters.
std::optional<std::string> read_varied(const char* text, const cl::ParamValues& base,
                                       std::vector<cl::FitParameter>& out) {
  const nlohmann::json list = nlohmann::json::parse(text ? text : "", nullptr, false);
  if (!list.is_array()) return cl::text("fit.vary_count", {{"max", std::to_string(cl::kMaxFitParameters)}, {"n", "0"}});
  std::vector<cl::FitParameter> varied;
  for (const nlohmann::json& item : list) {
    const auto name = item.find("name"), lo = item.find("lo"), hi = item.find("hi"), log = item.find("log");
    if (!item.is_object() || name == item.end() || !name->is_string() || lo == item.end() || !lo->is_number() ||
        hi == item.end() || !hi->is_number())
      return cl::text("fit.vary_item", {{"item", item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)}});
    cl::FitParameter p;
    if (auto error = cl::varied_parameter(base, name->get<std::string>(), lo->get<double>(), hi->get<double>(),
                                          log != item.end() && log->is_boolean() && log->get<bool>(), p))
      return error;
    varied.push_back(p);
  }
  if (auto error = cl::check_varied_parameters(varied)) return error;
  out = std::move(varied);
  return std::nullopt;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* cl_fit_read_table(const char* text_in) {
  static std::string reply;
  table.reset();
  planned.reset();
  cl::MeasuredTableParse parsed = cl::parse_measured_table(text_in ? text_in : "");
  if (!parsed.table) return keep(reply, {{"error", parsed.error}});
  table = std::move(*parsed.table);
  nlohmann::json columns = nlohmann::json::array();
  for (const cl::MeasuredColumn& c : table->columns) columns.push_back({{"name", c.name}, {"unit", c.unit}});
  return keep(reply, {{"title", table->title}, {"rows", table->rows()}, {"columns", columns}});
}

EMSCRIPTEN_KEEPALIVE const char* cl_fit_choices(const char* scene_file) {
  static std::string reply;
  const cl::SceneEntry* entry = nullptr;
  cl::ParamValues params;
  if (auto error = read_scene(scene_file, entry, params)) return keep(reply, {{"error", *error}});
  nlohmann::json targets = nlohmann::json::array();
  for (const cl::SeriesSpec& s : entry->create()->series())
    if (s.name != "t") targets.push_back({{"name", s.name}, {"kind", "series"}, {"unit", s.unit}, {"label", s.label},
                                          {"units", cl::units_like(s.unit)}});
  for (const std::string& kind : entry->description().event_kinds)
    targets.push_back({{"name", kind}, {"kind", "events"}, {"unit", "s"}, {"label", kind}, {"units", cl::units_like("s")}});
  nlohmann::json varied = nlohmann::json::array();
  for (size_t i = 0; i < params.specs().size(); ++i) {
    const cl::ParamSpec& spec = params.specs()[i];
    if (spec.kind != cl::ParamKind::Real || !cl::param_in_effect(params, i)) continue;
    varied.push_back({{"name", spec.name}, {"unit", spec.unit}, {"label", spec.label()}, {"min", spec.min},
                      {"max", spec.max}, {"value", params.number_at(i)}, {"log", spec.log_scale}});
  }
  return keep(reply, {{"targets", targets}, {"parameters", varied}});
}

EMSCRIPTEN_KEEPALIVE const char* cl_fit_plan(const char* scene_file, const char* map, const char* varied) {
  static std::string reply;
  planned.reset();
  if (!table) return keep(reply, {{"error", cl::text("fit.no_data")}, {"input", "map"}});
  const cl::SceneEntry* entry = nullptr;
  cl::ParamValues params;
  if (auto error = read_scene(scene_file, entry, params)) return keep(reply, {{"error", *error}});
  std::vector<cl::ColumnMapping> mappings;
  if (auto error = cl::parse_column_mappings(map ? map : "", mappings))
    return keep(reply, {{"error", *error}, {"input", "map"}});
  const std::unique_ptr<cl::Scene> scene = entry->create();
  cl::RunFit fit{entry->create, params, {}, {}};
  std::vector<std::string> notes;
  if (auto error = cl::read_fit_target(*table, mappings, scene->description(), scene->series(), fit.target, notes))
    return keep(reply, {{"error", *error}, {"input", "map"}});
  std::vector<cl::FitParameter> varied_parameters;
  if (auto error = read_varied(varied, params, varied_parameters)) return keep(reply, {{"error", *error}, {"input", "vary"}});
  units.clear();
  for (const cl::FitParameter& p : varied_parameters) {
    fit.varied.push_back(p.name);
    units.push_back(params.specs()[*params.index_of(p.name)].unit);
  }
  parameters = std::move(varied_parameters);
  const bool events = fit.target.kind == cl::FitTarget::Kind::EventTimes;
  std::string unit = "s";
  if (!events)
    if (const auto s = cl::find_series(scene->series(), fit.target.name)) unit = scene->series()[*s].unit;
  nlohmann::json reply_json = {{"kind", events ? "events" : "series"}, {"name", fit.target.name}, {"unit", unit},
                               {"times", fit.target.times}, {"values", fit.target.values}, {"notes", notes}};
  planned = std::move(fit);
  return keep(reply, reply_json);
}

EMSCRIPTEN_KEEPALIVE const char* cl_fit_run(double max_runs) {
  static std::string reply;
  if (!planned) return keep(reply, {{"error", cl::text("fit.not_planned")}});
  const cl::RunFit& fit = *planned;
  cl::FitOptions options;
  options.max_evaluations = std::isfinite(max_runs) && max_runs >= 10 ? static_cast<int>(std::min(max_runs, 1e5)) : 500;
  options.nuisance_parameters = fit.nuisance_parameters();
  options.on_progress = [](const cl::FitProgress& p) {
    const nlohmann::json progress = {
        {"runs", p.evaluations}, {"iterations", p.iterations}, {"rss", number_or_null(p.rss)}, {"values", p.values}};
    post_fit_progress(progress.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return true;  // the page cancels by ending the worker
  };
  const cl::FitResult result = cl::fit_least_squares(
      [](const std::vector<double>& values, Eigen::VectorXd& r) { return planned->residuals(values, r); }, parameters,
      options);
  nlohmann::json out = {{"outcome", outcome_id(result.outcome)},
                        {"outcome_text", cl::fit_outcome_text(result.outcome)},
                        {"failure", result.failure},
                        {"runs", result.evaluations},
                        {"iterations", result.iterations}};
  if (result.outcome == cl::FitOutcome::Failed) return keep(reply, out);
  nlohmann::json rows = nlohmann::json::array(), correlation = nlohmann::json::array();
  for (size_t i = 0; i < parameters.size(); ++i) {
    const cl::FitParameter& p = parameters[i];
    rows.push_back({{"name", p.name}, {"unit", units[i]}, {"value", result.values[i]},
                    {"standard_error", number_or_null(result.standard_errors[i])}, {"lo", p.lo}, {"hi", p.hi},
                    {"log", p.log}});
    nlohmann::json row = nlohmann::json::array();
    for (size_t j = 0; j < parameters.size(); ++j)
      row.push_back(number_or_null(result.correlation(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j))));
    correlation.push_back(row);
  }
  const std::vector<double>& data = fit.target.kind == cl::FitTarget::Kind::Series ? fit.target.values : fit.target.times;
  nlohmann::json model = nlohmann::json::array(), residuals = nlohmann::json::array();
  for (Eigen::Index i = 0; i < result.residuals.size(); ++i) {
    model.push_back(number_or_null(data[static_cast<size_t>(i)] + result.residuals[i]));
    residuals.push_back(number_or_null(result.residuals[i]));
  }
  std::ostringstream table_csv;
  cl::write_fit_table(table_csv, result, parameters, units);
  out.update({{"parameters", rows},
              {"correlation", correlation},
              {"sigma", number_or_null(result.sigma)},
              {"dof", result.degrees_of_freedom},
              {"model", model},
              {"residuals", residuals},
              {"warnings", cl::fit_warning_texts(result, parameters)},
              {"table", table_csv.str()}});
  return keep(reply, out);
}

}  // extern "C"
