#include "fit/run_residuals.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/limits.h"
#include "core/number_format.h"
#include "core/text.h"
#include "run/simulation.h"

namespace cl {
namespace {

// Samples per data interval: linear interpolation between them errs by
// (spacing/10)² g/8 on a free flight (2 µm at Tracker's 30 frames a second).
constexpr double kSamplesPerSpacing = 10;
constexpr double kMaxFitSamples = 1e5;  // per run: the finest sampling of long data is coarser
// Event times: runs go on until the data's n onsets are found, or for this
// many times the data's span (plus kExtraSeconds): a run that
// never gets there has stopped bouncing.
constexpr double kSpanFactor = 4, kExtraSeconds = 2;
constexpr double kChunk = 0.05;  // s, advanced between looks at the onsets found

/// A run with the varied values set; `prepare` sets what the run's start
/// must already see (its sampling) before the one reset.
std::optional<std::string> start_run(const RunFit& fit, const std::vector<double>& values,
                                     std::unique_ptr<Simulation>& sim,
                                     const std::function<void(Simulation&)>& prepare = {}) {
  ParamValues params = fit.base;
  for (size_t k = 0; k < fit.varied.size(); ++k) {
    const auto index = params.index_of(fit.varied[k]);
    if (!index) return text("fit.unknown_parameter", {{"name", fit.varied[k]}});
    if (auto error = params.set_number(*index, values[k])) return error;
  }
  SimulationLimits limits;
  limits.history_samples = 2;  // the fit reads the samples as they come
  limits.event_capacity = 1;
  sim = std::make_unique<Simulation>(fit.create(), limits);
  if (auto error = sim->set_params(params)) return error;
  if (prepare) prepare(*sim);
  return sim->reset();
}

std::optional<std::string> series_at_times(const RunFit& fit, const std::vector<double>& values,
                                           std::vector<double>& out) {
  const std::vector<double>& times = fit.target.times;
  const double until = times.back();
  double spacing = until;
  for (size_t i = 1; i < times.size(); ++i)
    if (times[i] > times[i - 1]) spacing = std::min(spacing, times[i] - times[i - 1]);
  const double dt = std::max({spacing / kSamplesPerSpacing, until / kMaxFitSamples, kMinSampleInterval});

  std::unique_ptr<Simulation> sim;
  std::optional<size_t> column;  // the series' column, known once the reset has laid out the series
  bool looked = false;
  std::vector<double> t, y;      // the run's samples (s, series unit)
  const auto sample_series = [&](Simulation& run) {
    run.set_sample_interval(dt);
    run.on_sample = [&](const std::vector<double>& sample) {
      if (!looked) column = find_series(sim->scene().series(), fit.target.name), looked = true;
      if (!column) return;
      t.push_back(sim->time());
      y.push_back(sample[*column]);
    };
  };
  if (auto error = start_run(fit, values, sim, sample_series)) return error;
  if (!column) return text("fit.no_series", {{"name", fit.target.name}});
  sim->advance_on_grid(until + dt);
  if (sim->failed()) return sim->failure();

  out.resize(times.size());
  size_t j = 0;
  for (size_t i = 0; i < times.size(); ++i) {
    while (j + 2 < t.size() && t[j + 1] <= times[i]) ++j;
    if (t.size() < 2 || times[i] > t.back()) return text("fit.run_short", {{"t", format_number(times[i])}});
    const double w = (times[i] - t[j]) / (t[j + 1] - t[j]);
    out[i] = (1 - w) * y[j] + w * y[j + 1];
  }
  return std::nullopt;
}

std::optional<std::string> onsets_on_data_clock(const RunFit& fit, const std::vector<double>& values,
                                                std::vector<double>& out) {
  std::unique_ptr<Simulation> sim;
  if (auto error = start_run(fit, values, sim)) return error;
  const std::vector<double>& data = fit.target.times;
  std::vector<double> onsets;  // s, run's clock
  sim->on_event = [&](const Event& e) {
    if (e.kind == fit.target.name && onsets.size() < data.size()) onsets.push_back(e.t);
  };
  const double until = std::min(kMaxTime, sim->time() + kSpanFactor * (data.back() - data.front()) + kExtraSeconds);
  while (onsets.size() < data.size() && sim->time() < until && !sim->failed())
    sim->advance(std::min(kChunk, until - sim->time()));
  if (sim->failed()) return sim->failure();
  if (onsets.empty()) return text("fit.no_events", {{"kind", fit.target.name}, {"t", format_number(until)}});
  onsets.resize(data.size(), onsets.back());

  double offset = 0;  // s, data clock minus run clock: the mean difference
  for (size_t k = 0; k < data.size(); ++k) offset += data[k] - onsets[k];
  offset /= static_cast<double>(data.size());
  out.resize(data.size());
  for (size_t k = 0; k < data.size(); ++k) out[k] = onsets[k] + offset;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> RunFit::model_at_data(const std::vector<double>& values, std::vector<double>& out) const {
  if (target.times.empty()) return text("fit.no_data");
  return target.kind == FitTarget::Kind::Series ? series_at_times(*this, values, out)
                                                : onsets_on_data_clock(*this, values, out);
}

std::optional<std::string> RunFit::residuals(const std::vector<double>& values, Eigen::VectorXd& out) const {
  std::vector<double> model;
  if (auto error = model_at_data(values, model)) return error;
  const std::vector<double>& data = target.kind == FitTarget::Kind::Series ? target.values : target.times;
  out.resize(static_cast<Eigen::Index>(data.size()));
  for (size_t i = 0; i < data.size(); ++i) out[static_cast<Eigen::Index>(i)] = model[i] - data[i];
  return std::nullopt;
}

}  // namespace cl
