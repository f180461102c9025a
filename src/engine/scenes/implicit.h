#pragma once
// Seed 002: balls of radius r under gravity bounce inside a wall f(x, y) = 0
// typed by the user (inside: f < 0), with restitution e. Flights between hits
// are exact parabolas; the first time a ball's disc touches the curve is found
// by conservative advancement on the distance to the curve (it cannot tunnel)
// and refined by root finding; the normal comes from the closest point on the
// curve, which exists at corners and cusps too. After every event the ball is
// checked to be inside with clearance r; a violation is corrected and counted.
// That is the impulse law. Under a compliant law the balls are discs in the
// world (world/world.h) with the typed wall as its boundary, integrated
// together by the chosen integrator (implicit_world.cpp).
#include <memory>
#include <queue>
#include <random>

#include <Eigen/Core>

#include "core/trail.h"
#include "core/scene.h"
#include "core/storm_guard.h"
#include "geometry/typed_wall.h"
#include "world/world.h"

namespace cl {

const SceneDescription& implicit_description();

/// Work one ball's contact search may do before it stops and re-plans from
/// there, so that no single event takes long: steps, and calls of the wall's
/// f (a step near a wall that wiggles finer than its polyline costs up to
/// 300 calls, against 1-40 near a smooth wall).
struct PlanBudget {
  long long steps;
  long long evaluations;
};
/// One event's search: ~1.5 ms natively, ~3 ms in the page at worst.
constexpr PlanBudget kPlanBudget{20000, 30000};
/// All balls' searches at a reset or a loaded state, shared: each gets at
/// least one step, the rest of a search cut short is done event by event
/// within the app's frame budget.
constexpr PlanBudget kStartBudget{4000, 20000};

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
  long long step_count() const override { return model_.compliant ? world_.step_count() : steps_; }

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
  /// Pair predictions queued, stale ones included (bounded: see drop_stale_impacts).
  size_t queued_pair_predictions() const { return impacts_.size(); }
  size_t ball_count() const { return balls_.size(); }
  Eigen::Vector2d position(size_t i) const {
    return model_.compliant ? Eigen::Vector2d(world_.coordinates(static_cast<int>(i)).head<2>())
                            : balls_[i].position(t_, gravity());
  }
  Eigen::Vector2d velocity(size_t i) const {
    return model_.compliant ? Eigen::Vector2d(world_.velocities(static_cast<int>(i)).head<2>())
                            : balls_[i].velocity(t_, gravity());
  }
  /// The world of the compliant laws (empty under the impulse law).
  const World& world() const { return world_; }
  const ImplicitCurve& wall() const { return wall_->curve; }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// Columns of an event (the description's event_fields order).
  enum Field { kBall, kOther, kX, kY, kNx, kNy, kVnBefore, kVnAfter, kFieldCount };
  struct Model {
    double r = 0.3, m = 1, g = 9.8, e = 1, trail = 0.5;
    bool collisions = false;  ///< ball-ball impacts (same e)
    bool compliant = false;   ///< a compliant law: the world steps the balls
  };
  struct Ball {
    Eigen::Vector2d p0, v0;  ///< state at t0 (m, m/s)
    double t0 = 0;           ///< s
    bool sliding = false;    ///< resting/sliding on the wall (no more bounces)
    bool asleep = false;     ///< at rest against the wall: stays at p0 until woken
    double t_next = 0;       ///< s, next event (hit, re-plan or slide substep)
    bool next_is_hit = false;
    unsigned moves = 0;      ///< trajectory changes so far: dates pair predictions
    Eigen::Vector2d position(double t, const Eigen::Vector2d& g) const {
      const double tau = asleep ? 0 : t - t0;
      return p0 + v0 * tau + 0.5 * g * tau * tau;
    }
    Eigen::Vector2d velocity(double t, const Eigen::Vector2d& g) const {
      return asleep ? Eigen::Vector2d::Zero() : Eigen::Vector2d(v0 + g * (t - t0));
    }
    Eigen::Vector2d acceleration(const Eigen::Vector2d& g) const { return asleep ? Eigen::Vector2d::Zero() : g; }
  };
  /// A predicted ball-ball impact, valid while neither ball has moved since.
  struct PairImpact {
    double t;
    size_t i, j;
    unsigned moves_i, moves_j;
    bool operator>(const PairImpact& o) const { return t > o.t; }
  };

  static std::optional<std::string> build_wall(const ParamValues& params, std::shared_ptr<const TypedWall>& wall);
  /// Why n balls of radius r (m) cannot start inside `curve`, if the area says so at once.
  static std::optional<std::string> check_room(const ImplicitCurve& curve, int n, double r, bool collisions);
  Eigen::Vector2d gravity() const { return {0, -model_.g}; }
  /// Plans the ball's next event, searching ahead within `budget`.
  void plan(Ball& ball, const PlanBudget& budget) const;
  /// When the ball's disc first touches the wall within `horizon` s of its
  /// flight (hit), or how far the search got without a contact (s).
  struct ContactSearch {
    double tau;
    bool hit;
  };
  ContactSearch first_contact(const Ball& ball, double horizon, const PlanBudget& budget) const;
  void handle_event(size_t i, std::vector<Event>& events);
  void bounce(size_t i, std::vector<Event>& events);
  void slide_step(size_t i, std::vector<Event>& events);
  void ensure_inside(size_t i, std::vector<Event>& events);
  void restart(Ball& ball, double t, const Eigen::Vector2d& p, const Eigen::Vector2d& v) const;
  /// After ball i's trajectory changed: its next wall event and pair impacts.
  void moved(size_t i);
  void predict_pairs(size_t i);
  /// True while neither ball of the prediction has moved since it was made.
  bool is_current(const PairImpact& impact) const {
    return impact.moves_i == balls_[impact.i].moves && impact.moves_j == balls_[impact.j].moves;
  }
  /// Rebuilds the queue of pair predictions from the current ones.
  void drop_stale_impacts();
  void replan_all();
  void collide(const PairImpact& impact, std::vector<Event>& events);
  void remember_trails();
  /// Under a compliant law: the world of discs in the wall, from the parameters.
  static WorldModel read_world_model(const ParamValues& params, const std::shared_ptr<const TypedWall>& wall, int n);
  /// Starts the world at t (s) from the balls' p0, v0 and spins w (rad/s, empty: none).
  std::optional<std::string> start_world(const WorldModel& model, const std::vector<Ball>& balls, double t,
                                         const std::vector<double>& spins);
  std::optional<std::string> step_world(double t_end, std::vector<Event>& events, const YieldCheck& yield);

  std::shared_ptr<const TypedWall> wall_;
  Model model_;
  World world_;
  double t_ = 0;
  std::vector<Ball> balls_;
  std::priority_queue<PairImpact, std::vector<PairImpact>, std::greater<PairImpact>> impacts_;
  size_t current_after_rebuild_ = 0;  // predictions the last rebuild kept
  long long hits_ = 0, corrections_ = 0, steps_ = 0;
  StormGuard storm_;  // events piling up at one instant (a Zeno series)
  std::vector<Trail> trails_;  // for the first balls only
};

}  // namespace cl
