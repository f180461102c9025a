#pragma once
// Seed 002: balls of radius r under gravity bounce inside a wall f(x, y) = 0
// typed by the user (inside: f < 0), with restitution e. The balls are
// discs of the world (world/world.h) with the typed wall as its boundary.
// Under the impulse law the world flies them from event to event on exact
// parabolas, the hits located even at corners and cusps, and lets a ball
// whose bounces die away slide on (world/disc_flights.h); under a compliant
// law they are integrated together by the chosen integrator.
#include <memory>
#include <random>

#include <Eigen/Core>

#include "core/trail.h"
#include "core/scene.h"
#include "geometry/typed_wall.h"
#include "world/world.h"

namespace cl {

const SceneDescription& implicit_description();

class ImplicitScene final : public CopyableScene<ImplicitScene> {
 public:
  /// N's range, and the longest "balls" list a state may bring.
  static constexpr int kMaxBalls = 2000;
  /// Under a compliant law all balls are integrated together: fewer.
  static constexpr int kMaxCompliantBalls = 200;

  ImplicitScene();
  const SceneDescription& description() const override { return implicit_description(); }

  /// Traces ahead, in slices until `stop_early`, the wall a reset with
  /// `params` needs; the share done, 0..1 (SceneEntry::prepare).
  static double prepare(const ParamValues& params, const YieldCheck& stop_early);
  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& running) override;
  std::optional<std::string> check_pending(const ParamValues& requested) const override;
  double time() const override { return t_; }
  long long step_count() const override { return world_.step_count(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;
  /// A scene file's "balls" list sets N.
  static std::optional<std::string> fit_params_to_state(const nlohmann::json& state, ParamValues& params);

  long long wall_hits() const { return hits_; }
  long long corrections() const { return corrections_; }
  size_t ball_count() const { return static_cast<size_t>(world_.model().n); }
  Eigen::Vector2d position(size_t i) const { return world_.coordinates(static_cast<int>(i)).head<2>(); }
  Eigen::Vector2d velocity(size_t i) const { return world_.velocities(static_cast<int>(i)).head<2>(); }
  const World& world() const { return world_; }
  const ImplicitCurve& wall() const { return wall_->curve; }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// Columns of an event (the description's event_fields order).
  enum Field { kBall, kOther, kX, kY, kNx, kNy, kVnBefore, kVnAfter, kFieldCount };
  struct Model {
    double r = 0.3, m = 1, g = 9.8, trail = 0.5;
    bool compliant = false;   ///< a compliant law: the world integrates the balls
  };

  static std::optional<std::string> build_wall(const ParamValues& params, std::shared_ptr<const TypedWall>& wall);
  /// Why n balls of radius r (m) cannot start inside `curve`, if the area says so at once.
  static std::optional<std::string> check_room(const ImplicitCurve& curve, int n, double r, bool collisions);
  void remember_trails();
  /// The world of discs in the wall, from the parameters.
  static WorldModel read_world_model(const ParamValues& params, const std::shared_ptr<const TypedWall>& wall, int n);
  /// Starts the world at t (s) from y = [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}].
  std::optional<std::string> start_world(const WorldModel& model, const Vec& y, double t);

  std::shared_ptr<const TypedWall> wall_;
  Model model_;
  World world_;
  double t_ = 0;
  long long hits_ = 0, corrections_ = 0;
  std::vector<Trail> trails_;  // for the first balls only
};

}  // namespace cl
