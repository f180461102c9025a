#include "run/simulation.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/limits.h"
#include "core/number_format.h"
#include "core/text.h"

namespace cl {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Simulation::Simulation(std::unique_ptr<Scene> scene, SimulationLimits limits)
    : scene_(std::move(scene)),
      limits_(limits),
      params_(scene_->description().params),
      built_params_(params_),
      events_(limits.event_capacity) {
  if (auto error = scene_->reset(params_)) throw std::logic_error("scene defaults do not start: " + *error);
  start_recording();
}

std::vector<std::string> Simulation::pending_params() const {
  std::vector<std::string> names;
  const auto& specs = description().params;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].apply != ParamApply::Reset) continue;
    if (params_.number_at(i) != built_params_.number_at(i) || params_.text_at(i) != built_params_.text_at(i))
      names.push_back(specs[i].name);
  }
  return names;
}

std::optional<std::string> Simulation::set_params(const ParamValues& values) {
  if (auto error = scene_->check_pending(values)) return error;
  if (auto error = scene_->apply_live(built_params_.with_live_from(values))) return error;
  params_ = values;
  return std::nullopt;
}

std::optional<std::string> Simulation::reset() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Scene> fresh = scene_->clone();
  const std::optional<std::string> error = fresh->reset(params_);
  setup_seconds_ = seconds_since(start);
  if (error) return error;
  if (auto error = nonfinite_sample(*fresh)) return text("run.start_not_finite", {{"error", *error}});
  scene_ = std::move(fresh);
  built_params_ = params_;
  failure_.clear();
  start_recording();
  return std::nullopt;
}

std::optional<std::string> Simulation::change_state(
    const std::function<std::optional<std::string>(Scene&)>& change) {
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Scene> changed = scene_->clone();
  const std::optional<std::string> error = change(*changed);
  setup_seconds_ = seconds_since(start);
  if (error) return error;
  if (auto error = nonfinite_sample(*changed)) return text("run.state_not_finite", {{"error", *error}});
  scene_ = std::move(changed);
  failure_.clear();
  start_recording();
  return std::nullopt;
}

std::optional<std::string> Simulation::load_state(const nlohmann::json& state) {
  return change_state([&](Scene& scene) { return scene.load_state_json(state); });
}

std::optional<std::string> Simulation::place_body(size_t i, const Eigen::Vector2d& position,
                                                  const Eigen::Vector2d& velocity) {
  return change_state([&](Scene& scene) { return scene.place_body(i, position, velocity); });
}

void Simulation::set_sample_interval(double dt) {
  if (!(dt >= kMinSampleInterval) || !std::isfinite(dt))
    throw std::invalid_argument("sample interval must be at least " + format_number(kMinSampleInterval) + " s");
  sample_dt_ = dt;
  start_recording();
}

double Simulation::sample_time(long long k) const {
  // k / rate is exact for round rates (k / 100 prints as 0.3, k * 0.01 as 0.30000000000000004).
  const double rate = 1.0 / sample_dt_;
  const double whole_rate = std::round(rate);
  return std::abs(rate - whole_rate) <= 1e-9 * rate ? k / whole_rate : k * sample_dt_;
}

void Simulation::start_recording() {
  const std::vector<SeriesSpec> specs = scene_->series();
  const bool same_layout = recorder_ && specs.size() == series_specs_.size() &&
                           std::equal(specs.begin(), specs.end(), series_specs_.begin(),
                                      [](const SeriesSpec& a, const SeriesSpec& b) { return a.name == b.name; });
  if (same_layout) {
    recorder_->clear();
  } else {
    std::vector<std::string> names;
    for (const SeriesSpec& s : specs) names.push_back(s.name);
    recorder_ = std::make_unique<SeriesRecorder>(std::move(names), limits_.history_samples);
    series_specs_ = specs;
    ++layout_;
  }
  events_.clear();
  sample_buffer_.assign(specs.size(), 0.0);
  if (on_start) on_start();
  // The next sample time is the first grid point at or after the current time.
  next_sample_ = static_cast<long long>(std::ceil(scene_->time() / sample_dt_ - 1e-9));
  if (sample_time(next_sample_) <= scene_->time() + 1e-12 * sample_dt_) {
    record_sample();
    ++next_sample_;
  }
}

std::optional<std::string> Simulation::nonfinite_sample(const Scene& scene) {
  scene.sample(sample_buffer_);
  for (size_t s = 0; s < sample_buffer_.size(); ++s)
    if (!std::isfinite(sample_buffer_[s]))
      return text("run.became", {{"series", scene.series()[s].name}, {"value", format_number(sample_buffer_[s])}});
  return std::nullopt;
}

void Simulation::record_sample() {
  scene_->sample(sample_buffer_);
  recorder_->offer(sample_buffer_);
  if (on_sample) on_sample(sample_buffer_);
}

double Simulation::advance_on_grid(double dt, const std::function<bool()>& stop_early) {
  if (failed() || !(dt > 0)) return 0;
  const double reach = time() + dt;
  long long k = std::max(next_sample_, static_cast<long long>(std::floor(reach / sample_dt_)) + 1);
  while (k >= next_sample_ && sample_time(k) > reach) --k;
  if (k < next_sample_) return 0;  // the next grid point is beyond reach
  return advance_until(sample_time(k), stop_early);
}

double Simulation::advance(double dt, const std::function<bool()>& stop_early) {
  if (failed() || !(dt > 0)) return 0;
  return advance_until(time() + dt, stop_early);
}

double Simulation::advance_until(double t_target, const std::function<bool()>& stop_early) {
  const double t_start = scene_->time();
  while (scene_->time() < t_target) {
    const double t_sample = sample_time(next_sample_);
    const bool at_sample = t_sample <= t_target;
    const double t_next = at_sample ? t_sample : t_target;

    scene_->copy_into(last_good_);
    step_events_.clear();
    std::optional<std::string> error = scene_->advance_to(t_next, step_events_, stop_early);
    const bool reached = scene_->time() >= t_next;
    if (!error) error = nonfinite_sample(*scene_);
    if (error) {
      failure_ = text("run.stopped", {{"t", format_number(last_good_->time())}, {"error", *error}});
      scene_ = std::move(last_good_);
      return scene_->time() - t_start;
    }
    for (Event& e : step_events_) {
      if (on_event) on_event(e);
      events_.add(std::move(e));
    }
    if (!reached) break;  // yielded between steps: the next call carries on from here
    if (at_sample) {
      recorder_->offer(sample_buffer_);
      if (on_sample) on_sample(sample_buffer_);
      ++next_sample_;
    }
    if (stop_early && stop_early()) break;
  }
  return scene_->time() - t_start;
}

}  // namespace cl
