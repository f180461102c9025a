// The engine without a window, for the page's Web Worker (web/sweep_worker.js):
// a parameter sweep planned from the page's scene file and run one value per
// call, so the worker can report each row as it comes and be stopped between
// runs. The rows are the CLI's `contactlab sweep` table, cell for cell.
//
// Exports (strings stay valid until the next call of the same function):
//   const char* cl_sweep_plan(const char* scene_file, const char* vary, int log, double until, const char* activity)
//     activity: the student's activity (io/activity.h) or "": a parameter it locks or
//     hides is not swept, nor one beyond its narrowed range.
//     JSON {"error", "input"} (input: the field it is about, see sweep_input_name) or {"parameter","label","unit","runs",
//     "quantities":[{"name","unit","label"}],"header":"index,runs,...\n"}
//   void cl_sweep_set_language(const char* code)     "en" | "de": the page's language
//   const char* cl_sweep_run(double index)
//     JSON {"index","value","summary":[number|null...],"failure","row":"...\n"}
#include <emscripten.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/text.h"
#include "io/activity.h"
#include "io/scene_file.h"
#include "io/sweep_csv.h"
#include "run/sweep.h"
#include "scenes/registry.h"

namespace {

std::optional<cl::SweepPlan> plan;

/// Keeps the reply alive until the next call of the same export.
const char* keep(std::string& slot, const nlohmann::json& reply) {
  slot = reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return slot.c_str();
}

nlohmann::json number_or_null(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

}  // namespace

extern "C" {

/// The language of the replies' messages and labels ("en", "de"; others leave it).
EMSCRIPTEN_KEEPALIVE void cl_sweep_set_language(const char* code) {
  if (const std::optional<cl::Language> language = cl::language_from_code(code ? code : "")) cl::set_language(*language);
}

EMSCRIPTEN_KEEPALIVE const char* cl_sweep_plan(const char* scene_file, const char* vary, int log, double until,
                                                const char* activity) {
  static std::string reply;
  plan.reset();
  const cl::SceneFileParse file = cl::parse_scene_file(scene_file ? scene_file : "");
  if (!file.file) return keep(reply, {{"error", file.error}});
  const cl::SceneEntry* entry = cl::find_scene(file.file->scene);
  cl::SweepPlan planned;
  if (auto error = cl::plan_sweep(entry->create, file.file->params, file.file->state, vary ? vary : "", log != 0, until,
                                  cl::kMaxPageSweepRuns, planned))
    return keep(reply, {{"error", error->message}, {"input", cl::sweep_input_name(error->input)}});
  if (activity && *activity) {
    // The first and last values bound the others (linear or logarithmic steps).
    const cl::ActivityParse held = cl::parse_activity(activity);
    if (!held.activity) return keep(reply, {{"error", held.error}});
    if (held.activity->scene != file.file->scene)
      return keep(reply, {{"error", cl::text("activity.other_scene",
                                             {{"scene", held.activity->scene}, {"other", file.file->scene}})}});
    for (const double value : {planned.range.from, planned.range.to}) {
      cl::ParamValues values = planned.base;
      values.set_number(*values.index_of(planned.range.name), value);  // within the scene's range: planned
      if (auto refusal = cl::activity_refusal(*held.activity, planned.base, values))
        return keep(reply, {{"error", *refusal}, {"input", cl::sweep_input_name(cl::SweepInput::Range)}});
    }
  }
  plan = std::move(planned);
  const cl::ParamSpec& spec = plan->base.specs()[*plan->base.index_of(plan->range.name)];
  nlohmann::json quantities = nlohmann::json::array();
  for (const cl::SeriesSpec& q : plan->quantities)
    quantities.push_back({{"name", q.name}, {"unit", q.unit}, {"label", q.label}});
  std::ostringstream header;
  cl::write_sweep_header(header, plan->range.name, plan->quantities);
  return keep(reply, {{"parameter", plan->range.name},
                      {"label", spec.label()},
                      {"unit", spec.unit},
                      {"runs", plan->range.count},
                      {"quantities", quantities},
                      {"header", header.str()}});
}

EMSCRIPTEN_KEEPALIVE const char* cl_sweep_run(double index) {
  static std::string reply;
  if (!plan) return keep(reply, {{"error", cl::text("app.sweep.not_planned")}});
  if (!(index >= 0 && index < static_cast<double>(plan->range.count) && index == std::floor(index)))
    return keep(reply, {{"error", cl::text("app.sweep.no_run", {{"index", cl::format_number(index)}})}});
  const cl::SweepRow row = plan->run(static_cast<long long>(index));
  nlohmann::json summary = nlohmann::json::array();
  for (size_t q = 0; q < plan->quantities.size(); ++q)
    summary.push_back(q < row.summary.size() ? number_or_null(row.summary[q]) : nlohmann::json());
  std::ostringstream line;
  cl::write_sweep_row(line, row, plan->range.count, plan->quantities.size());
  return keep(reply, {{"index", row.index},
                      {"value", row.value},
                      {"summary", summary},
                      {"failure", row.failure},
                      {"row", line.str()}});
}

}  // extern "C"
