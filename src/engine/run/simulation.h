#pragma once
// Runs one scene: samples its series on a fixed grid of simulated time into
// bounded recorders, logs its events, keeps the last good state, and stops
// with a message naming the quantity when something becomes non-finite.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/event_log.h"
#include "core/param.h"
#include "core/scene.h"
#include "run/series_recorder.h"

namespace cl {

struct SimulationLimits {
  size_t history_samples = 16384;  ///< per series; older history is thinned, never dropped
  size_t event_capacity = 20000;   ///< most recent events kept
};

class Simulation {
 public:
  /// Runs `scene`, reset to its default parameters.
  explicit Simulation(std::unique_ptr<Scene> scene, SimulationLimits limits = {});

  const SceneDescription& description() const { return scene_->description(); }
  const Scene& scene() const { return *scene_; }
  const ParamValues& params() const { return params_; }
  double time() const { return scene_->time(); }

  /// Takes new parameter values. Live ones act at once; the others wait for
  /// reset() (see reset_pending()). On error nothing changes.
  std::optional<std::string> set_params(const ParamValues& values);
  /// Reset parameters whose value differs from what the run was built with.
  std::vector<std::string> pending_params() const;
  bool reset_pending() const { return params_ != built_params_ && !pending_params().empty(); }
  /// Rebuilds the run from the current parameters; on error keeps the old run.
  std::optional<std::string> reset();
  /// Replaces the state (JSON "state" object of a scene file) after a reset.
  std::optional<std::string> load_state(const nlohmann::json& state);

  /// Scene::place_body on a copy; on success the copy runs on and the
  /// recording restarts at the current time. On error nothing changes.
  std::optional<std::string> place_body(size_t i, const Eigen::Vector2d& position, const Eigen::Vector2d& velocity);

  /// Series are sampled every `dt` s of simulated time (on multiples of dt),
  /// dt >= kMinSampleInterval (core/limits.h).
  void set_sample_interval(double dt);
  double sample_interval() const { return sample_dt_; }

  /// Advances to time() + dt, or less if `stop_early` returns true (asked
  /// between integrator steps: a wall-clock budget). Returns the simulated
  /// time advanced (s).
  /// After a failure the run is stopped: failed() tells, the state is the last good one.
  double advance(double dt, const std::function<bool()>& stop_early = nullptr);

  /// Like advance(), but stops only on the sample grid: at the last sample
  /// time <= time() + dt. Runs chopped into frames this way take exactly the
  /// same steps as one long run (the app and the CLI agree to the last bit).
  double advance_on_grid(double dt, const std::function<bool()>& stop_early = nullptr);

  /// Wall time (s) the last reset() or state change took: how long a start
  /// blocks the thread it runs on (the page's, in the browser).
  double setup_seconds() const { return setup_seconds_; }

  bool failed() const { return !failure_.empty(); }
  const std::string& failure() const { return failure_; }

  const SeriesRecorder& series() const { return *recorder_; }
  const EventLog& events() const { return events_; }
  /// Layout id: changes whenever the set of series changes.
  int layout() const { return layout_; }

  /// Called for every sample and every event as they happen (CLI streaming).
  std::function<void(const std::vector<double>&)> on_sample;
  /// Called when the recording starts afresh (a reset, a loaded state, a
  /// placed body), before the first sample: what measures a run starts over.
  std::function<void()> on_start;
  std::function<void(const Event&)> on_event;

 private:
  /// Runs `change` on a copy of the scene; on success the copy runs on and
  /// the recording restarts at its time. On error nothing changes.
  std::optional<std::string> change_state(const std::function<std::optional<std::string>(Scene&)>& change);
  double sample_time(long long k) const;
  double advance_until(double t_target, const std::function<bool()>& stop_early);
  void start_recording();
  void record_sample();
  /// Samples `scene` into sample_buffer_: names the first series that is not finite.
  std::optional<std::string> nonfinite_sample(const Scene& scene);

  std::unique_ptr<Scene> scene_;
  std::unique_ptr<Scene> last_good_;  // the state where the current sample interval began
  SimulationLimits limits_;
  ParamValues params_;        // what the user set
  ParamValues built_params_;  // what the run was built with
  std::unique_ptr<SeriesRecorder> recorder_;
  EventLog events_;
  std::vector<SeriesSpec> series_specs_;
  std::vector<double> sample_buffer_;
  std::vector<Event> step_events_;
  double sample_dt_ = 0.01;
  long long next_sample_ = 0;  // index k of the next sample time k * sample_dt_
  std::string failure_;
  double setup_seconds_ = 0;
  int layout_ = 0;
};

}  // namespace cl
