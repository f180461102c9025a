#pragma once
// Seed 004: a mass m on a thread of length L tied to a nail at the origin,
// gravity g along -y. The thread is a unilateral constraint |r| <= L: while
// taut it pulls with tension S >= 0; when S would turn negative it goes slack
// and the mass flies on an exact parabola until |r| = L again, where the
// thread snaps taut with restitution e (0: the radial velocity is removed).
// Cartesian coordinates throughout, so nothing is singular at the nail
// (the seed's polar form had to stop at r = eps).
#include <deque>

#include <Eigen/Core>

#include "core/scene.h"
#include "integrators/stepper.h"

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
  double time() const override { return t_; }
  long long step_count() const override { return steps_; }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;

  bool taut() const { return taut_; }
  /// Thread tension (N); zero while slack.
  double tension() const;

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  struct Model {
    double L = 1.1, g = 10, m = 1;  // m, m/s^2, kg
    double restitution = 0;         // thread snap, radial
    double nail_radius = 0.01;      // m
    double trail = 2;               // s of trail drawn
    StepperSettings stepper;
  };
  /// Free flight from (t0, r0, v0): r(t) = r0 + v0 (t-t0) + g/2 (t-t0)^2.
  struct Flight {
    double t0 = 0;
    Eigen::Vector2d r0, v0;
    double t_taut = 0;  ///< when |r| reaches L again (inf if never)
    double t_nail = 0;  ///< closest pass within the nail radius (NaN if none)
  };

  static std::optional<std::string> read_model(const ParamValues& params, Model& model);
  Eigen::Vector2d gravity() const { return {0, -model_.g}; }
  double slack_indicator(const Eigen::Vector2d& r, const Eigen::Vector2d& v) const;
  void set_state(double t, const Eigen::Vector2d& r, const Eigen::Vector2d& v, std::vector<Event>* events);
  OdeRhs taut_rhs() const;
  void begin_taut();
  /// Back onto the circle with a tangential velocity, then taut if the thread
  /// can pull. For a state already taut: unlike set_state, a rounding-sized
  /// inward radial velocity does not start a free flight.
  void project_taut();
  void begin_flight();
  void snap_taut(std::vector<Event>& events);
  std::optional<std::string> advance_taut(double t_end, std::vector<Event>& events);
  void advance_flight(double t_end, std::vector<Event>& events);
  void remember_trail();

  Model model_;
  double t_ = 0;
  Eigen::Vector2d r_{0, -1.1}, v_{0, 0};  // m, m/s
  bool taut_ = true;
  Stepper stepper_;
  Flight flight_;
  long long steps_ = 0;
  std::deque<std::pair<double, Eigen::Vector2d>> trail_;
};

}  // namespace cl
