#pragma once
// The interface every scene implements. A scene owns its model and state; it
// is copyable through clone() so the simulation can keep the last good state.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/event.h"
#include "core/impact_loop.h"
#include "core/palette.h"
#include "core/param.h"
#include "core/report_table.h"
#include "core/sketch.h"
#include "core/theory.h"

namespace cl {

/// A named set of parameter values offered as a one-click start. Its words
/// are in the message table under "<scene>.preset.<id>".
struct Preset {
  std::string scene;  ///< the scene's id, "pendulum"
  std::string id;     ///< stable snake_case id, "olympiad"
  std::map<std::string, std::string> values;  ///< parameter name -> text value

  /// Its button text, e.g. "Olympiad: hits the nail".
  std::string name() const;
  /// Its caption: what it sets up and what to look for.
  std::string help() const;
  /// Whether `name` is its id or its name in any language (a host page or
  /// link may name it in the language it was written in).
  bool is_named(const std::string& name) const;
};

/// A body the user may drag while the run is paused (move it, or drag the
/// tip of its velocity arrow).
struct DraggableBody {
  Eigen::Vector2d position;  ///< m, its centre
  Eigen::Vector2d velocity;  ///< m/s
  double grab_radius = 0;    ///< m: a press this close to the centre grabs it
};

/// One recorded quantity.
struct SeriesSpec {
  std::string name;   ///< machine name (CSV header, URL): "x", "tension", "E_kin"
  std::string unit;   ///< "m", "N", "J"; empty when dimensionless
  std::string label;  ///< human label without unit (plots, legends), in the current language: "kinetic energy"
  bool dashed = false;  ///< drawn dashed (sums such as E_total, so the terms under them stay visible)
  /// The series this one is a residual of ("E_total" for the energy audit):
  /// plotted against that one's size, so round-off near 0 never looks like a jump.
  std::string residual_of;
  /// Its name before a rename ("z0" for "y0"): links that plot it by that name still do.
  std::string old_name;
  /// The body it is about, drawn in that body's colour of the sketch (-1: none):
  /// ball 3's energy is the colour ball 3 has on the canvas.
  int body = -1;
};

/// Index of the series called `name` (or once called so: its old_name) in `series`.
std::optional<size_t> find_series(const std::vector<SeriesSpec>& series, const std::string& name);

/// What a scene is, independent of any run: id, parameter list, event
/// fields. One static instance per scene; its words are in the message
/// table under "<id>.title" etc.
struct SceneDescription {
  std::string id;  ///< "pendulum"
  /// What makes a run slow: the parameters that set the cost of a simulated
  /// second (cost_hint() says what to change; named when the app cannot keep up).
  std::vector<std::string> cost_params;
  /// The few parameters a student changes to see the scene's point, shown
  /// first where room is short (a phone's control sheet), in this order.
  std::vector<std::string> key_params;
  std::vector<ParamSpec> params;
  std::vector<std::string> event_fields;  ///< columns after t,kind in events CSV
  std::vector<std::string> event_kinds;   ///< the kinds of event a run logs ("bounce"): a fit may target their times
  bool is_random = false;                 ///< has a "seed" parameter

  /// "Pendulum on a slack thread"
  std::string title() const;
  /// One line for `contactlab list`.
  std::string summary() const;
  /// One or two sentences for the page: what you see, what to look for.
  std::string caption() const;
  /// What to change when a run is slow.
  std::string cost_hint() const;
};

class Scene {
 public:
  virtual ~Scene() = default;
  virtual const SceneDescription& description() const = 0;
  virtual std::unique_ptr<Scene> clone() const = 0;
  /// Makes `target` a copy of this scene, as clone() does, reusing the
  /// memory of the scene it holds where the scene can: the simulation keeps
  /// such a copy at every sample interval (the last good state), megabytes
  /// for a pile of 100,000 particles.
  virtual void copy_into(std::unique_ptr<Scene>& target) const = 0;

  /// Asked between integrator steps; true asks the scene to stop early.
  using YieldCheck = std::function<bool()>;

  /// Builds the model and the initial state from `params`. Returns an error
  /// message (and leaves the scene as it was) if they make no valid start.
  virtual std::optional<std::string> reset(const ParamValues& params) = 0;
  /// Takes over the values a running model uses (the Live ones as the user
  /// set them, the Reset ones as the run was built: ParamValues::
  /// with_live_from); the state is kept. On error nothing changes.
  virtual std::optional<std::string> apply_live(const ParamValues& running) = 0;
  /// Checks requested Reset values that only the scene can judge (a typed
  /// expression) now, so their error shows at once; they apply on reset.
  virtual std::optional<std::string> check_pending(const ParamValues& requested) const { return std::nullopt; }

  /// Advances to simulated time `t_end` (s), appending events, or less when
  /// `yield` answers true between steps: then time() < t_end, the state is
  /// that of a step boundary, and a later call carries on (a frame of the
  /// app stays within its wall-clock budget however stiff the run).
  /// Returns an error message if a step cannot be taken.
  std::optional<std::string> advance_to(double t_end, std::vector<Event>& events, const YieldCheck& yield = nullptr) {
    return step_to(t_end, events, yield);
  }
  virtual double time() const = 0;
  /// Integrator steps taken since reset (for --timing and benchmarks).
  virtual long long step_count() const = 0;

  /// Recorded series of this run (may depend on n); the first is "t".
  virtual std::vector<SeriesSpec> series() const = 0;
  /// Plot panels shown at first, each a list of series names.
  virtual std::vector<std::vector<std::string>> default_plots() const = 0;
  /// The series read out in words (the page's "Now: ..." summary), in order:
  /// those of the default plots, each once; a scene with many may say fewer.
  virtual std::vector<std::string> readout_series() const;
  /// Current values of series(), in order (first is t).
  virtual void sample(std::vector<double>& values) const = 0;
  /// The picture of the current state (trail of the last `trail` s etc.),
  /// in the colours of `palette` (the page's theme).
  virtual Sketch sketch(const Palette& palette) const = 0;
  /// The model as equations, with the running values, for the theory panel
  /// (the law in use, the equations of motion, the energy audit, limits).
  virtual Theory theory() const = 0;

  /// Force-vs-penetration loops of recent impacts; nullptr if the scene has
  /// no compliant contacts.
  virtual const ImpactLoopLog* impact_loops() const { return nullptr; }

  /// Bodies that can be dragged while paused; empty if none.
  virtual std::vector<DraggableBody> draggable_bodies() const { return {}; }
  /// Puts body i at `position` (m) with `velocity` (m/s): a new start from
  /// the current time (the energy audit restarts). An invalid placement
  /// (overlap, outside the wall) returns why, and nothing changes.
  virtual std::optional<std::string> place_body(size_t i, const Eigen::Vector2d& position,
                                                const Eigen::Vector2d& velocity);
  /// A summary table of the run so far (seed 003's pile compression), or
  /// nothing when the scene or its current settings have none.
  virtual std::optional<ReportTable> report() const { return std::nullopt; }
  /// The scene's own quantities for a run summary (run/run_summary.h) at
  /// the current state, e.g. the pile's height; name, unit and label as a series.
  virtual std::vector<std::pair<SeriesSpec, double>> summary_values() const { return {}; }
  /// Whether a run built from `params` has a report() table (asked before the
  /// run, so that a CLI --report is refused before anything is written or run).
  virtual bool has_report(const ParamValues& params) const { return false; }

  /// Presets computed from the current values (e.g. the olympiad v0 for L, g).
  virtual std::vector<Preset> presets(const ParamValues& current) const { return {}; }

  /// Exact state for JSON scene files ("state" object).
  virtual nlohmann::json state_json() const = 0;
  /// Replaces the state from a "state" object; error message if invalid.
  virtual std::optional<std::string> load_state_json(const nlohmann::json& state) = 0;

 protected:
  /// The scene's stepping loop behind advance_to (same contract).
  virtual std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) = 0;
};

/// A scene copied as a value: clone() and copy_into() by Derived's copy
/// constructor and assignment. Assigned over a copy it already holds, a
/// scene's vectors keep their memory: a copy at every sample is then no
/// allocation (an ellipse gas's world is dozens of vectors and a deque).
template <class Derived>
class CopyableScene : public Scene {
 public:
  std::unique_ptr<Scene> clone() const override { return std::make_unique<Derived>(self()); }
  void copy_into(std::unique_ptr<Scene>& target) const override {
    if (auto* same = dynamic_cast<Derived*>(target.get()))
      *same = self();
    else
      target = clone();
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace cl
