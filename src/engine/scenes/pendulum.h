#pragma once
// Seed 004: a mass m on a thread of length L tied to a nail at the origin,
// gravity g along -y. The thread is a unilateral constraint |r| <= L: while
// taut it pulls with tension S >= 0; when S would turn negative it goes slack
// and the mass flies free until |r| = L again, where the thread snaps taut
// with restitution e (0: the radial velocity is removed). The mass is a body
// of the world on a thread (world/thread.h), which steps it, locates slack,
// taut and the pass by the nail; this scene describes: parameters, the
// start, presets, series and the sketch. While taut the world integrates the
// thread's angle (world/swing.h; r = L, nothing singular); in flight x and y,
// so nothing is singular at the nail (the seed's polar form had to stop at r = eps).

#include <Eigen/Core>

#include "core/trail.h"
#include "core/scene.h"
#include "world/world.h"

namespace cl {

const SceneDescription& pendulum_description();

/// Angle of the thread r (from the nail to the mass) from the downward
/// vertical, counter-clockwise (rad).
double thread_angle(const Eigen::Vector2d& r);

class PendulumScene final : public CopyableScene<PendulumScene> {
 public:
  PendulumScene();
  const SceneDescription& description() const override { return pendulum_description(); }

  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& running) override;
  double time() const override { return world_.time(); }
  long long step_count() const override { return world_.step_count(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;

  bool taut() const { return !world_.state().slack[0]; }
  /// Thread tension (N); zero while slack.
  double tension() const { return world_.thread_tension(0); }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// What the panel sets beyond the world: the drawing.
  struct View {
    double trail = 2;  ///< s of trail drawn
  };

  static std::optional<std::string> read_model(const ParamValues& params, WorldModel& model, View& view);
  std::optional<std::string> start_at(const WorldModel& model, double t, const Eigen::Vector2d& r,
                                      const Eigen::Vector2d& v);
  Eigen::Vector2d position() const { return world_.coordinates(0).head<2>(); }  ///< m, from the nail
  Eigen::Vector2d velocity() const { return world_.velocities(0).head<2>(); }   ///< m/s
  const Thread& thread() const { return world_.model().threads[0]; }
  double mass() const { return world_.model().body.m; }
  double gravity() const { return -world_.model().gravity.y(); }  ///< m/s², along -y
  void remember_trail();

  World world_;
  View view_;
  Trail trail_;
  /// Kinetic energy the thread's snaps took since the start (J): the mechanical
  /// energy's drops, so that a plot shows where it went. Not part of a saved
  /// state: a loaded state counts from 0.
  double snap_loss_ = 0;
};

}  // namespace cl
