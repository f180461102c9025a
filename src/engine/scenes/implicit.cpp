#include "scenes/implicit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "core/text.h"
#include "geometry/placed_centres.h"
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

}  // namespace

ImplicitScene::ImplicitScene() {
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
  PlacedCentres centres(lo, hi, 2.2 * r);  // colliding balls start 0.2 r apart at least
  Vec y = Vec::Zero(6 * n);  // [Q, V] of the world's discs
  for (long long tries = 0; static_cast<int>(centres.size()) < n; ++tries) {
    if (tries > kPlacementTries * (n + 1LL))
      return text("implicit.placement_failed",
                  {{"n", std::to_string(n)}, {"r", format_number(r)}, {"tries", std::to_string(tries)}});
    const UnitPair u = unit_random_pair(rng);
    const Vector2d p(lo.x() + (hi.x() - lo.x()) * u.x, lo.y() + (hi.y() - lo.y()) * u.y);
    if (!clear_of_wall(p)) continue;
    if (collisions && !centres.clear(p)) continue;
    const UnitPair w = unit_random_pair(rng);
    const int i = static_cast<int>(centres.size());
    y.segment<2>(3 * i) = p;
    y.segment<2>(3 * (n + i)) = Vector2d(v_max * (2 * w.x - 1), v_max * (2 * w.y - 1));
    centres.add(p);
  }

  if (auto error = start_world(world_model, y, 0)) return error;
  wall_ = wall;
  model_ = Model{r, params.number("m"), params.number("g"), params.number("trail"), compliant};
  t_ = 0;
  hits_ = corrections_ = 0;
  trails_.assign(std::min<size_t>(n, kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::check_pending(const ParamValues& requested) const {
  return typed_wall_text_error(requested.text("wall"), wall_->expression.text());
}

std::optional<std::string> ImplicitScene::apply_live(const ParamValues& params) {
  model_.m = params.number("m");
  model_.g = params.number("g");
  model_.trail = params.number("trail");
  world_.set_model(read_world_model(params, wall_, world_.model().n));
  return std::nullopt;
}

nlohmann::json ImplicitScene::state_json() const {
  nlohmann::json balls = nlohmann::json::array();
  for (size_t i = 0; i < ball_count(); ++i) {
    const Vector2d p = position(i), v = velocity(i);
    balls.push_back({{"x", p.x()}, {"y", p.y()}, {"vx", v.x()}, {"vy", v.y()}});
    if (model_.compliant) balls.back()["w"] = world_.velocities(static_cast<int>(i)).z();  // impulses leave it 0
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
  const int n = static_cast<int>(list->size());
  Vec y = Vec::Zero(6 * n);  // [Q, V] of the world's discs
  const ImplicitCurve& curve = wall_->curve;
  const double m = model_.m;  // kg
  for (int i = 0; i < n; ++i) {
    const nlohmann::json& item = (*list)[i];
    const std::string what = text("implicit.state.ball", {{"i", std::to_string(i)}});
    std::array<double, 4> values;
    if (auto error = read_finite_numbers(item, std::array{"x", "y", "vx", "vy"}, values, what)) return error;
    std::array<double, 1> spin{0};  // rad/s, compliant laws only
    if (item.contains("w"))
      if (auto error = read_finite_numbers(item, std::array{"w"}, spin, what)) return error;
    const Vector2d p(values[0], values[1]), v(values[2], values[3]);
    // Speed first: refused at once, before any distance to the wall or search.
    if (!std::isfinite(0.5 * m * v.squaredNorm()))
      return text("implicit.state.too_fast", {{"i", std::to_string(i)}, {"v", format_number(v.stableNorm())}});
    if (!curve.inside(p) || curve.closest(p).distance < model_.r * (1 - 1e-9))
      return text("implicit.state.outside", {{"i", std::to_string(i)}, {"x", format_number(values[0])},
                                             {"y", format_number(values[1])}, {"r", format_number(model_.r)}});
    y.segment<2>(3 * i) = p;
    y.segment<2>(3 * (n + i)) = v;
    if (model_.compliant) y[3 * (n + i) + 2] = spin[0];
  }
  // Two balls at one place are one ball listed twice; colliding balls must not
  // overlap (approaching, their impacts would repeat without end).
  const bool collisions = world_.model().body_contacts;
  const double apart = collisions ? 2 * model_.r * (1 - 1e-9) : 1e-9 * model_.r;  // m, least distance
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if ((y.segment<2>(3 * i) - y.segment<2>(3 * j)).norm() < apart)
        return collisions ? text("implicit.state.overlap",
                                 {{"i", std::to_string(i)}, {"j", std::to_string(j)}, {"d", format_number(2 * model_.r)}})
                          : text("implicit.state.same_place", {{"i", std::to_string(i)}, {"j", std::to_string(j)}});
  WorldModel world_model = world_.model();
  world_model.n = n;
  if (auto error = start_world(world_model, y, t)) return text("implicit.state.error", {{"error", *error}});
  t_ = t;
  trails_.assign(std::min<size_t>(n, kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

}  // namespace cl
