#include "scenes/implicit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "core/text.h"
#include "scenes/state_json_numbers.h"
#include "scenes/typed_wall_params.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;
constexpr size_t kTrailBalls = 50;     // balls drawn with a trail
constexpr long long kPlacementTries = 200;  // random tries per ball before a start is given up
constexpr double kJammingFraction = 0.5;    // of the free area that colliding balls may cover at the start
// An endless series of events: this many within this span of simulated time
// (1e8 events/s; 2000 balls sliding in 2 ms substeps make 1e6 events/s).
constexpr long long kStormEvents = 2000;
constexpr double kStormSpan = 2e-5;  // s
// Events handled in one advance (between two samples): bounds the memory of
// the events they record (~130 bytes each).
constexpr long long kMaxEventsPerInterval = 500000;


}  // namespace

ImplicitScene::ImplicitScene() : storm_(kStormEvents, kStormSpan) {
  if (auto error = reset(ParamValues(implicit_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> ImplicitScene::build_wall(const ParamValues& params, std::shared_ptr<const TypedWall>& wall) {
  if (auto error = TypedWall::build(params.text("wall"), params.number("view"), wall))
    return text("wall.error", {{"error", *error}});
  return std::nullopt;
}

double ImplicitScene::prepare(const ParamValues& params, const YieldCheck& stop_early) {
  return TypedWall::prepare(params.text("wall"), params.number("view"), stop_early);
}

std::optional<std::string> ImplicitScene::check_room(const ImplicitCurve& curve, int n, double r, bool collisions) {
  // Centres may go where the wall is at least 2 r away: the inside less a
  // band of 2 r along the curve. Balls that collide must also keep 2.2 r
  // apart, discs of radius 1.1 r, and randomly placed discs jam when they
  // cover about 55 % of the area (random sequential adsorption).
  const double room = curve.inside_area() - 2 * r * curve.length();  // m^2
  if (!(room > 0))
    return text("implicit.no_room", {{"r", format_number(r)}});
  const double covered = n * kPi * (1.1 * r) * (1.1 * r);  // m^2
  if (collisions && covered > kJammingFraction * room)
    return text("implicit.jammed", {{"n", std::to_string(n)},
                                    {"r", format_number(r)},
                                    {"covered", format_number(covered)},
                                    {"fraction", format_number(kJammingFraction)},
                                    {"room", format_number(room)}});
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::reset(const ParamValues& params) {
  std::shared_ptr<const TypedWall> wall;
  if (auto error = build_wall(params, wall)) return error;
  const ImplicitCurve& curve = wall->curve;
  const double r = params.number("r");

  // Random start inside the wall, clear of it by 2 r (the seed: within 0.8 R).
  Vector2d lo = Vector2d::Constant(kInf), hi = Vector2d::Constant(-kInf);
  for (const auto& loop : curve.loops())
    for (const Vector2d& p : loop) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
  std::mt19937_64 rng(static_cast<uint64_t>(params.number("seed")));
  const int n = params.integer("N");
  const double v_max = params.number("v_max");
  const bool collisions = params.choice("collisions") == "on";
  const WorldModel world_model = read_world_model(params, wall, n);
  const bool compliant = !world_model.contact.impulse;
  if (compliant && n > kMaxCompliantBalls)
    return text("implicit.too_many_compliant", {{"most", std::to_string(kMaxCompliantBalls)}, {"n", std::to_string(n)},
                                                {"impulse_most", std::to_string(kMaxBalls)}});
  if (auto error = check_room(curve, n, r, collisions)) return error;
  // Surely clear of the wall by 2 r: the polyline decides (a try within its
  // error of 2 r, 1e-4 m wide for a smooth wall, is drawn again). The exact
  // distance would cost up to 300 calls of f a try by a wall that wiggles
  // finer than the polyline, and 2,000 balls took 0.35 s to place there.
  auto clear_of_wall = [&](const Vector2d& p) {
    // The grid's bound first: most tries are far from the wall and need no segment.
    const double c = curve.chord_error();
    const bool clear =
        curve.polyline_distance_at_least(p) - c >= 2 * r || curve.closest_on_polyline(p).distance - c >= 2 * r;
    return clear && curve.inside(p);
  };
  std::vector<Ball> balls;
  for (long long tries = 0; static_cast<int>(balls.size()) < n; ++tries) {
    if (tries > kPlacementTries * (n + 1LL))
      return text("implicit.placement_failed",
                  {{"n", std::to_string(n)}, {"r", format_number(r)}, {"tries", std::to_string(tries)}});
    const UnitPair u = unit_random_pair(rng);
    const Vector2d p(lo.x() + (hi.x() - lo.x()) * u.x, lo.y() + (hi.y() - lo.y()) * u.y);
    if (!clear_of_wall(p)) continue;
    if (collisions && std::any_of(balls.begin(), balls.end(), [&](const Ball& o) { return (o.p0 - p).norm() < 2.2 * r; }))
      continue;
    Ball b;
    b.p0 = p;
    const UnitPair w = unit_random_pair(rng);
    b.v0 = Vector2d(v_max * (2 * w.x - 1), v_max * (2 * w.y - 1));
    balls.push_back(b);
  }

  if (compliant)
    if (auto error = start_world(world_model, balls, 0, {})) return error;
  wall_ = wall;
  model_ = Model{r, params.number("m"), params.number("g"), params.number("e"), params.number("trail"),
                 collisions, compliant};
  t_ = 0;
  storm_.restart(t_);
  hits_ = corrections_ = steps_ = 0;
  balls_ = std::move(balls);
  if (!model_.compliant) replan_all();  // the flights of the impulse law
  trails_.assign(std::min(balls_.size(), kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::check_pending(const ParamValues& requested) const {
  return typed_wall_text_error(requested.text("wall"), wall_->expression.text());
}

std::optional<std::string> ImplicitScene::apply_live(const ParamValues& params) {
  // Flights are parabolas of the old gravity: re-anchor them at t before changing it.
  if (!model_.compliant)
    for (Ball& b : balls_) restart(b, t_, b.position(t_, gravity()), b.velocity(t_, gravity()));
  model_.m = params.number("m");
  model_.g = params.number("g");
  model_.e = params.number("e");
  model_.trail = params.number("trail");
  model_.collisions = params.choice("collisions") == "on";
  if (model_.compliant) {
    world_.set_model(read_world_model(params, wall_, static_cast<int>(balls_.size())));
    return std::nullopt;
  }
  for (Ball& b : balls_) {
    b.asleep = false;  // gravity may pull elsewhere now
    if (model_.e == 1) b.sliding = false;  // elastic again: sliding balls take off on their next hit
  }
  replan_all();
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  if (model_.compliant) return step_world(t_end, events, yield);
  long long guard = 0;
  while (true) {
    size_t next = balls_.size();
    double t_next = kInf;
    for (size_t i = 0; i < balls_.size(); ++i)
      if (balls_[i].t_next < t_next) {
        t_next = balls_[i].t_next;
        next = i;
      }
    // Drop pair predictions made before either ball last moved.
    while (!impacts_.empty()) {
      if (is_current(impacts_.top())) break;
      impacts_.pop();
    }
    const bool pair_first = !impacts_.empty() && impacts_.top().t <= t_next;
    if (pair_first) t_next = impacts_.top().t;
    if (t_next > t_end) break;
    if (storm_.storm(t_next))
      return text(model_.collisions && model_.e < 1 ? "implicit.piled_up" : "implicit.stuck",
                  {{"storm", storm_.describe()}});
    if (++guard > kMaxEventsPerInterval)
      return text("implicit.too_many_events", {{"most", std::to_string(kMaxEventsPerInterval)}});
    t_ = std::max(t_, t_next);
    if (pair_first) {
      const PairImpact impact = impacts_.top();
      impacts_.pop();
      collide(impact, events);
    } else {
      handle_event(next, events);
    }
    ++steps_;
    if (yield && t_ < t_end && yield()) return std::nullopt;  // t_ is the last event's time; none left at t_end
  }
  t_ = std::max(t_, t_end);
  remember_trails();
  return std::nullopt;
}

nlohmann::json ImplicitScene::state_json() const {
  nlohmann::json balls = nlohmann::json::array();
  for (size_t i = 0; i < balls_.size(); ++i) {
    const Vector2d p = position(i), v = velocity(i);
    balls.push_back({{"x", p.x()}, {"y", p.y()}, {"vx", v.x()}, {"vy", v.y()}});
    if (model_.compliant) balls.back()["w"] = world_.velocities(static_cast<int>(i)).z();
  }
  return {{"t", t_}, {"balls", balls}};
}

std::optional<std::string> ImplicitScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "balls", "N", params);
}

std::optional<std::string> ImplicitScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("balls") : state.end();
  if (list == state.end() || !list->is_array() || list->empty())
    return text("implicit.state.no_balls");
  if (list->size() > kMaxBalls)
    return text("implicit.state.too_many", {{"n", std::to_string(list->size())}, {"most", std::to_string(kMaxBalls)}});
  double t = 0;
  if (auto error = read_state_time(state, false, t, text("implicit.state.name"))) return error;
  if (model_.compliant && list->size() > kMaxCompliantBalls)
    return text("implicit.state.too_many_compliant",
                {{"n", std::to_string(list->size())}, {"most", std::to_string(kMaxCompliantBalls)}});
  std::vector<Ball> balls;
  std::vector<double> spins;  // rad/s, compliant laws only
  for (size_t i = 0; i < list->size(); ++i) {
    const nlohmann::json& item = (*list)[i];
    const std::string what = text("implicit.state.ball", {{"i", std::to_string(i)}});
    std::array<double, 4> values;
    if (auto error = read_finite_numbers(item, std::array{"x", "y", "vx", "vy"}, values, what)) return error;
    std::array<double, 1> spin{0};
    if (item.contains("w"))
      if (auto error = read_finite_numbers(item, std::array{"w"}, spin, what)) return error;
    spins.push_back(spin[0]);
    Ball b;
    b.p0 = Vector2d(values[0], values[1]);
    b.v0 = Vector2d(values[2], values[3]);
    b.t0 = t;
    const ImplicitCurve& curve = wall_->curve;
    // Speed first: refused at once, before any distance to the wall or search.
    if (!std::isfinite(0.5 * model_.m * b.v0.squaredNorm()))
      return text("implicit.state.too_fast", {{"i", std::to_string(i)}, {"v", format_number(b.v0.stableNorm())}});
    if (!curve.inside(b.p0) || curve.closest(b.p0).distance < model_.r * (1 - 1e-9))
      return text("implicit.state.outside", {{"i", std::to_string(i)}, {"x", format_number(values[0])},
                                             {"y", format_number(values[1])}, {"r", format_number(model_.r)}});
    balls.push_back(b);
  }
  // Two balls at one place are one ball listed twice; colliding balls must not
  // overlap (approaching, their impacts would repeat without end).
  const double apart = model_.collisions ? 2 * model_.r * (1 - 1e-9) : 1e-9 * model_.r;  // m, least distance
  for (size_t i = 0; i < balls.size(); ++i)
    for (size_t j = i + 1; j < balls.size(); ++j)
      if ((balls[i].p0 - balls[j].p0).norm() < apart)
        return model_.collisions
                   ? text("implicit.state.overlap",
                          {{"i", std::to_string(i)}, {"j", std::to_string(j)}, {"d", format_number(2 * model_.r)}})
                   : text("implicit.state.same_place", {{"i", std::to_string(i)}, {"j", std::to_string(j)}});
  if (model_.compliant) {
    WorldModel world_model = world_.model();
    world_model.n = static_cast<int>(balls.size());
    if (auto error = start_world(world_model, balls, t, spins))
      return text("implicit.state.error", {{"error", *error}});
  }
  t_ = t;
  storm_.restart(t_);
  balls_ = std::move(balls);
  if (!model_.compliant) replan_all();  // the flights of the impulse law
  trails_.assign(std::min(balls_.size(), kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

}  // namespace cl
