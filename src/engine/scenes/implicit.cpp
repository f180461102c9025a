#include "scenes/implicit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "integrators/root_find.h"
#include "io/json_numbers.h"
#include "math/polynomial_roots.h"
#include "scenes/typed_wall_params.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;
constexpr size_t kSeriesBalls = 10;    // balls with their own x, y, vx, vy series
constexpr size_t kTrailBalls = 50;     // balls drawn with a trail
constexpr double kPlanHorizon = 2;     // s searched ahead per plan; then re-planned
constexpr double kSlideStep = 2e-3;    // s, substep of a ball sliding on the wall
constexpr long long kPlanSteps = 20000;  // steps of one contact search before it re-plans (~0.2 s of work)
// Containment: a ball is inside when its centre is at least r (1 - this) from
// the curve. Hits are located far more precisely (1e-12 m); the slack is for
// balls resting wedged between two branches, which projections settle slowly.
constexpr double kClearanceTolerance = 1e-6;
constexpr int kMaxBalls = 2000;  // N's range, and the longest "balls" list a state may bring
constexpr long long kPlacementTries = 200;  // random tries per ball before a start is given up
constexpr double kJammingFraction = 0.5;    // of the free area that colliding balls may cover at the start
// An endless series of events: this many within this span of simulated time
// (1e8 events/s; 2000 balls sliding in 2 ms substeps make 1e6 events/s).
constexpr long long kStormEvents = 2000;
constexpr double kStormSpan = 2e-5;  // s
// Events handled in one advance (between two samples): bounds the memory of
// the events they record (~130 bytes each).
constexpr long long kMaxEventsPerInterval = 500000;
// Pair predictions go stale when either ball moves and are dropped lazily
// from the top of the queue. The queue is rebuilt from the current ones when
// it holds twice as many as the last rebuild kept (and at least this many):
// so it stays within twice the current ones, at most one per ordered pair
// (N (N - 1) < 4e6, 160 MB, for N = 2000), at an amortised O(log) per push.
constexpr size_t kMinQueueRebuild = 4096;

enum Field { kBall, kOther, kX, kY, kNx, kNy, kVnBefore, kVnAfter, kFieldCount };

const char* const kCircle = "x^2 + y^2 - 15^2";


}  // namespace

const SceneDescription& implicit_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "implicit";
    s.title = "Balls in a wall f(x, y) = 0";
    s.summary = "balls bouncing inside a wall f(x, y) = 0 typed by the user, exact crossings (seed 002)";
    s.caption = "Balls fly on parabolas under gravity and bounce off a wall you type as f(x, y) = 0 (inside is "
                "f < 0). Try the corners and cusps of the presets: no ball escapes, and with e = 1 the total "
                "energy stays constant.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"N", "balls", "", ParamKind::Integer, reset, 5, 1, kMaxBalls, "Number of balls (a scene file's list sets it)."},
        {"r", "ball radius", "m", real, reset, 0.3, 1e-3, 10, "Radius of every ball.", {}, "", true},
        {"m", "ball mass", "kg", real, live, 1, 1e-3, 1e3, "Mass of every ball (scales the energies).", {}, "", true},
        {"g", "gravity", "m/s^2", real, live, 9.8, 0, 100, "Gravitational acceleration, along -y."},
        {"e", "restitution", "", real, live, 1, 0, 1,
         "Normal speed kept at a wall hit: v' = v - (1 + e)(v.n)n. Below e = 1 bounces die out and the ball "
         "slides along the wall instead of bouncing forever."},
        {"v_max", "initial speed", "m/s", real, reset, 5, 0, 100,
         "Initial velocity components are uniform in [-v_max, v_max] (the seed: 5 m/s)."},
        {"collisions", "ball-ball impacts", "", ParamKind::Choice, live, 0, 0, 0,
         "Whether balls also collide with each other (impulse with the same e); off in the seed. Exact for "
         "flying balls; balls piling up with e < 1 end in an endless series of impacts, which stops the run "
         "(resting ball-ball contact is the pile scene's subject).",
         {"off", "on"}},
        {"seed", "random seed", "", ParamKind::Integer, reset, 1, 0, 1e9, "Seed of the random start positions and velocities."},
        {"trail", "trail", "s", real, live, 0.5, 0, 10, "Length of the fading trails (first 50 balls)."},
    };
    // hit/correction: ball i at (x, y), n from the wall into the inside;
    // collision: balls i and j, (x, y) the contact point, n from i to j, vn the approach speed.
    const std::vector<ParamSpec> wall = typed_wall_params({kCircle, "x^2 + y^2 - 100, or abs(x) + abs(y) - 15", 20});
    s.params.insert(s.params.begin(), wall.begin(), wall.end());
    s.event_fields = {"i", "j", "x", "y", "nx", "ny", "vn_before", "vn_after"};
    s.cost_params = {"N", "collisions", "e"};
    s.cost_hint = "fewer balls, or ball-ball impacts off, run faster; e < 1 with impacts on piles up impacts";
    s.is_random = true;
    return s;
  }();
  return d;
}

ImplicitScene::ImplicitScene() : storm_(kStormEvents, kStormSpan) {
  if (auto error = reset(ParamValues(implicit_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> ImplicitScene::build_wall(const ParamValues& params, std::shared_ptr<const TypedWall>& wall) {
  if (auto error = TypedWall::build(params.text("wall"), params.number("view"), wall)) return "wall: " + *error;
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::check_room(const ImplicitCurve& curve, int n, double r, bool collisions) {
  // Centres may go where the wall is at least 2 r away: the inside less a
  // band of 2 r along the curve. Balls that collide must also keep 2.2 r
  // apart, discs of radius 1.1 r, and randomly placed discs jam when they
  // cover about 55 % of the area (random sequential adsorption).
  const double room = curve.inside_area() - 2 * r * curve.length();  // m^2
  if (!(room > 0))
    return "no room inside the wall for a ball of radius " + format_number(r) +
           " m with clearance 2 r: make r smaller or the wall larger";
  const double covered = n * kPi * (1.1 * r) * (1.1 * r);  // m^2
  if (collisions && covered > kJammingFraction * room)
    return std::to_string(n) + " colliding balls of radius " + format_number(r) + " m need " +
           format_number(covered) + " m^2, more than " + format_number(kJammingFraction) + " of the " +
           format_number(room) + " m^2 where they may start: fewer or smaller balls, or a larger wall";
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::reset(const ParamValues& params) {
  std::shared_ptr<const TypedWall> wall = wall_;
  if (!wall_ || params.text("wall") != wall_->expression.text() || params.number("view") != wall_->curve.half_width())
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
  if (auto error = check_room(curve, n, r, collisions)) return error;
  // Clear of the wall by 2 r; the polyline decides at once unless it is within its error of 2 r.
  auto clear_of_wall = [&](const Vector2d& p) {
    if (!curve.inside(p)) return false;
    const double rough = curve.closest_on_polyline(p).distance;
    if (rough - curve.chord_error() >= 2 * r) return true;
    if (rough + curve.chord_error() < 2 * r) return false;
    return curve.closest(p).distance >= 2 * r;
  };
  std::vector<Ball> balls;
  for (long long tries = 0; static_cast<int>(balls.size()) < n; ++tries) {
    if (tries > kPlacementTries * (n + 1LL))
      return "could not place " + std::to_string(n) + " balls of radius " + format_number(r) +
             " m inside the wall with clearance 2 r in " + std::to_string(tries) +
             " random tries: make r smaller or the wall larger";
    const Vector2d p(lo.x() + (hi.x() - lo.x()) * unit_random(rng), lo.y() + (hi.y() - lo.y()) * unit_random(rng));
    if (!clear_of_wall(p)) continue;
    if (collisions && std::any_of(balls.begin(), balls.end(), [&](const Ball& o) { return (o.p0 - p).norm() < 2.2 * r; }))
      continue;
    Ball b;
    b.p0 = p;
    b.v0 = Vector2d(v_max * (2 * unit_random(rng) - 1), v_max * (2 * unit_random(rng) - 1));
    balls.push_back(b);
  }

  wall_ = wall;
  model_ = Model{r, params.number("m"), params.number("g"), params.number("e"), params.number("trail"),
                 params.choice("collisions") == "on"};
  t_ = 0;
  storm_.restart(t_);
  hits_ = corrections_ = steps_ = 0;
  balls_ = std::move(balls);
  replan_all();
  trails_.assign(std::min(balls_.size(), kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::check_pending(const ParamValues& requested) const {
  if (requested.text("wall") != wall_->expression.text()) {
    Expression2D probe;
    if (auto error = probe.compile(requested.text("wall"))) return "wall: " + error->message;
  }
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::apply_live(const ParamValues& params) {
  // Flights are parabolas of the old gravity: re-anchor them at t before changing it.
  for (Ball& b : balls_) restart(b, t_, b.position(t_, gravity()), b.velocity(t_, gravity()));
  model_.m = params.number("m");
  model_.g = params.number("g");
  model_.e = params.number("e");
  model_.trail = params.number("trail");
  model_.collisions = params.choice("collisions") == "on";
  for (Ball& b : balls_) {
    b.asleep = false;  // gravity may pull elsewhere now
    if (model_.e == 1) b.sliding = false;  // elastic again: sliding balls take off on their next hit
  }
  replan_all();
  return std::nullopt;
}

void ImplicitScene::restart(Ball& b, double t, const Vector2d& p, const Vector2d& v) const {
  b.t0 = t;
  b.p0 = p;
  b.v0 = v;
}

void ImplicitScene::replan_all() {
  impacts_ = {};
  current_after_rebuild_ = 0;
  for (Ball& b : balls_) plan(b);
  for (size_t i = 0; i < balls_.size(); ++i) predict_pairs(i);
}

void ImplicitScene::moved(size_t i) {
  Ball& b = balls_[i];
  ++b.moves;
  plan(b);
  predict_pairs(i);
}

void ImplicitScene::predict_pairs(size_t i) {
  if (!model_.collisions) return;
  const Ball& a = balls_[i];
  const Vector2d g = gravity();
  const double diameter = 2 * model_.r;
  for (size_t j = 0; j < balls_.size(); ++j) {
    if (j == i) continue;
    const Ball& b = balls_[j];
    // Only up to the earlier of the two balls' next events: those re-predict anyway.
    const double horizon = std::min(a.t_next, b.t_next) - t_;
    if (!(horizon >= 0)) continue;
    const Vector2d dp = b.position(t_, g) - a.position(t_, g), dv = b.velocity(t_, g) - a.velocity(t_, g);
    const Vector2d da = b.acceleration(g) - a.acceleration(g);
    const double reach = dv.norm() * horizon + 0.5 * da.norm() * horizon * horizon;
    if (dp.norm() - diameter > reach) continue;  // cannot meet before the horizon
    // |dp + dv tau + da tau^2 / 2|^2 = (2 r)^2, approaching.
    const std::vector<double> c = {dp.squaredNorm() - diameter * diameter, 2 * dp.dot(dv),
                                   dv.squaredNorm() + dp.dot(da), dv.dot(da), 0.25 * da.squaredNorm()};
    double tau = kInf;
    if (c[0] <= 0 && c[1] < 0) {
      tau = 0;  // already touching and closing in
    } else {
      for (double root : real_polynomial_roots(c))
        if (root > 0 && evaluate_polynomial({c[1], 2 * c[2], 3 * c[3], 4 * c[4]}, root) < 0) {
          tau = root;
          break;
        }
    }
    if (tau <= horizon) impacts_.push({t_ + tau, i, j, a.moves, b.moves});
  }
  if (impacts_.size() > std::max(kMinQueueRebuild, 2 * current_after_rebuild_)) drop_stale_impacts();
}

void ImplicitScene::drop_stale_impacts() {
  std::vector<PairImpact> current;
  for (; !impacts_.empty(); impacts_.pop())
    if (is_current(impacts_.top())) current.push_back(impacts_.top());
  current_after_rebuild_ = current.size();
  impacts_ = decltype(impacts_)(std::greater<PairImpact>(), std::move(current));
}

void ImplicitScene::collide(const PairImpact& impact, std::vector<Event>& events) {
  Ball& a = balls_[impact.i];
  Ball& b = balls_[impact.j];
  const Vector2d g = gravity();
  const double t = impact.t;
  const Vector2d pa = a.position(t, g), pb = b.position(t, g);
  Vector2d va = a.velocity(t, g), vb = b.velocity(t, g);
  const Vector2d n = (pb - pa).normalized();
  const double approach = (va - vb).dot(n);
  if (approach > 0) {
    // Equal masses: each takes half of the (1 + e) approach impulse.
    const double dv = 0.5 * (1 + model_.e) * approach;
    va -= dv * n;
    vb += dv * n;
    Event e = make_event(t, "collision", kFieldCount);
    e.fields[kBall] = static_cast<double>(impact.i);
    e.fields[kOther] = static_cast<double>(impact.j);
    const Vector2d contact = 0.5 * (pa + pb);
    e.fields[kX] = contact.x();
    e.fields[kY] = contact.y();
    e.fields[kNx] = n.x();
    e.fields[kNy] = n.y();
    e.fields[kVnBefore] = approach;
    e.fields[kVnAfter] = (va - vb).dot(n);
    events.push_back(e);
  }
  for (Ball* ball : {&a, &b}) ball->sliding = ball->asleep = false;  // knocked off the wall
  restart(a, t, pa, va);
  restart(b, t, pb, vb);
  moved(impact.i);
  moved(impact.j);
}

void ImplicitScene::plan(Ball& b) const {
  if (b.sliding) {
    b.t_next = b.t0 + kSlideStep;
    b.next_is_hit = false;
    return;
  }
  const ContactSearch search = first_contact(b, kPlanHorizon);
  b.next_is_hit = search.hit;
  b.t_next = b.t0 + search.tau;
}

ImplicitScene::ContactSearch ImplicitScene::first_contact(const Ball& b, double horizon) const {
  const ImplicitCurve& curve = wall_->curve;
  const Vector2d g = gravity();
  const double r = model_.r;
  const double touching = 1e-12 * curve.half_width();  // m: closer counts as contact
  // Longest time (s) in which the ball surely moves less than `gap`: |v| grows
  // at most by g per s. The root of g tau^2 / 2 + speed tau = gap in the form
  // that does not cancel: with g = 1e-320 the textbook form gives 0 and the
  // search never advances.
  auto reach_time = [&](double gap, double speed) {
    if (gap <= 0) return 0.0;
    const double denominator = speed + std::sqrt(speed * speed + 2 * model_.g * gap);
    return denominator > 0 ? 2 * gap / denominator : kInf;
  };
  // Signed clearance of the disc: distance from the centre to the curve minus r (negative: overlapping).
  auto clearance = [&](double tau) {
    const Vector2d p = b.p0 + b.v0 * tau + 0.5 * g * tau * tau;
    return curve.side(p).clearance - r;
  };
  double tau = 0;
  // Start (s) of the last step that went farther than is surely safe (the
  // min_step floor while leaving the wall), -1 after a safe one.
  double blind_from = -1;
  for (long long it = 0; tau <= horizon; ++it) {
    // A long search (a tiny ball grazing the wall) stops after a safe step:
    // the ball re-plans from there, so no single event takes long.
    if (it >= kPlanSteps && blind_from < 0) return {tau, false};
    const Vector2d p = b.p0 + b.v0 * tau + 0.5 * g * tau * tau, v = b.v0 + g * tau;
    const double speed = v.norm();
    if (speed == 0 && model_.g == 0) return {horizon, false};  // at rest in weightlessness
    const double min_step = 1e-4 * r / std::max(speed, 1e-9);
    // Far: the polyline (within chord_error of the curve) gives a safe lower bound.
    const double lower = curve.closest_on_polyline(p).distance - curve.chord_error() - r;
    if (lower > 1e-3 * r) {
      tau += reach_time(lower, speed);
      blind_from = -1;
      continue;
    }
    const ImplicitCurve::Side near = curve.side(p);
    const double phi = near.clearance - r;
    const double rate = v.dot(near.inward);  // d(phi)/dt
    if (phi <= touching) {
      if (rate < 0 && phi < -touching && blind_from >= 0) {
        // The blind step, leaving one part of the wall, ran into another: the
        // disc touches two parts at once or in quick turn (a corner, the
        // spike of the inside at a cusp), and closest() reports only the
        // nearer. Back up to where this part was first touched, linearly (the
        // step is 1e-4 r long), but not to before the step began: a moment
        // after it, so that this part is the nearer one at the bounce.
        const double moment = 1e-9 * r / std::max(speed, 1e-9);
        return {std::max(tau + phi / -rate, blind_from + moment), true};
      }
      if (rate < 0) return {tau, true};
      const double safe = reach_time(std::max(phi, 0.0), speed);
      blind_from = min_step > safe ? tau : -1;
      tau += std::max(safe, min_step);
      continue;
    }
    if (rate < 0) {
      // Newton's guess of the contact, taken only when it is a short way ahead.
      const double guess = phi / -rate;
      if (guess <= 20 * reach_time(phi, speed)) {
        const double phi_guess = clearance(tau + guess);
        if (phi_guess < 0) return {find_root(clearance, tau, phi, tau + guess, phi_guess, 1e-13), true};
        tau += guess;
        blind_from = -1;
        continue;
      }
      tau += reach_time(phi, speed);  // approaching: never more than is safe
      blind_from = -1;
      continue;
    }
    // Separating: the floor keeps it moving.
    const double safe = reach_time(phi, speed);
    blind_from = min_step > safe ? tau : -1;
    tau += std::max(safe, min_step);
  }
  return {horizon, false};
}

std::optional<std::string> ImplicitScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
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
      return model_.collisions && model_.e < 1
                 ? "balls piled up with e < 1: their impacts repeat without end (" + storm_.describe() +
                       "; resting contact between balls is the pile scene's subject); use e = 1 or turn collisions off"
                 : "events repeat without end: " + storm_.describe() + " (a ball is stuck)";
    if (++guard > kMaxEventsPerInterval)
      return "more than " + std::to_string(kMaxEventsPerInterval) +
             " events before the next sample: take samples more often (the CLI's --sample)";
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

void ImplicitScene::handle_event(size_t i, std::vector<Event>& events) {
  Ball& b = balls_[i];
  if (b.sliding) {
    slide_step(i, events);
  } else if (b.next_is_hit) {
    bounce(i, events);
  } else {  // end of a plan horizon: continue the same flight
    restart(b, b.t_next, b.position(b.t_next, gravity()), b.velocity(b.t_next, gravity()));
    moved(i);
  }
}

void ImplicitScene::bounce(size_t i, std::vector<Event>& events) {
  Ball& b = balls_[i];
  const double t = b.t_next;
  const Vector2d p = b.position(t, gravity());
  Vector2d v = b.velocity(t, gravity());
  const ImplicitCurve& curve = wall_->curve;
  const Vector2d n = curve.side(p).inward;  // from the wall into the inside
  const double vn = v.dot(n);
  if (vn < 0) {
    v -= (1 + model_.e) * vn * n;
    ++hits_;
    // A bounce lower than 1e-3 r ends the bouncing: the ball slides on.
    const double v_settle = std::sqrt(2 * model_.g * 1e-3 * model_.r);
    if (model_.e < 1 && model_.e * -vn < v_settle) {
      v -= v.dot(n) * n;
      b.sliding = true;
    }
    Event e = make_event(t, "hit", kFieldCount);
    e.fields[kBall] = static_cast<double>(i);
    e.fields[kX] = p.x();
    e.fields[kY] = p.y();
    e.fields[kNx] = n.x();
    e.fields[kNy] = n.y();
    e.fields[kVnBefore] = vn;
    e.fields[kVnAfter] = v.dot(n);
    events.push_back(e);
  }
  restart(b, t, p, v);
  ensure_inside(i, events);
  moved(i);
}

void ImplicitScene::slide_step(size_t i, std::vector<Event>& events) {
  // Semi-implicit Euler with projection: gravity, then back onto the wall at
  // distance r with the normal velocity removed; no contact left: fly again.
  Ball& b = balls_[i];
  const double t = b.t_next, dt = t - b.t0;
  Vector2d v = b.v0 + gravity() * dt;
  Vector2d p = b.p0 + v * dt;
  const ImplicitCurve& curve = wall_->curve;
  // Repeated projections settle a ball wedged between two branches (a corner).
  bool settled = false;
  for (int it = 0; it < 50 && !settled; ++it) {
    const ImplicitCurve::Side near = curve.side(p);
    const Vector2d n = near.inward;
    const double clearance = near.clearance - model_.r;
    settled = clearance >= -kClearanceTolerance * model_.r;
    if (settled) {
      if (it == 0 && clearance > 1e-6 * model_.r) b.sliding = false;  // lifted off: fly
      break;
    }
    p = near.point + model_.r * n;
    const double vn = v.dot(n);
    if (vn < 0) v -= vn * n;
  }
  // Still and pressed onto the wall: asleep until something changes (saves
  // the substeps of balls resting in a corner for the rest of the run).
  const double v_still = 1e-4 * std::sqrt(std::max(model_.g, 1e-9) * model_.r);
  const bool still = v.norm() < v_still && (p - b.p0).norm() < 1e-6 * model_.r;
  restart(b, t, p, v);
  if (!settled) ensure_inside(i, events);  // the projections above checked it otherwise
  if (still && b.sliding) b.asleep = true;  // stays at p0 until woken
  moved(i);
  if (b.asleep) b.t_next = kInf;
}

void ImplicitScene::ensure_inside(size_t i, std::vector<Event>& events) {
  Ball& b = balls_[i];
  const ImplicitCurve& curve = wall_->curve;
  const ImplicitCurve::Side near = curve.side(b.p0);
  if (near.clearance >= model_.r * (1 - kClearanceTolerance)) return;
  const Vector2d n = near.inward;
  b.p0 = near.point + model_.r * n;
  const double vn = b.v0.dot(n);
  if (vn < 0) b.v0 -= vn * n;
  ++corrections_;
  Event e = make_event(b.t0, "correction", kFieldCount);
  e.fields[kBall] = static_cast<double>(i);
  e.fields[kX] = b.p0.x();
  e.fields[kY] = b.p0.y();
  e.fields[kNx] = n.x();
  e.fields[kNy] = n.y();
  events.push_back(e);
}

void ImplicitScene::remember_trails() {
  for (size_t i = 0; i < trails_.size(); ++i) {
    trails_[i].push_back(position(i));
    // One point per advance (a recorded sample, 5 ms in the app): keep `trail` s of them, bounded.
    const size_t keep = std::min<size_t>(2000, static_cast<size_t>(model_.trail / 0.005) + 1);
    while (trails_[i].size() > keep) trails_[i].pop_front();
  }
}

std::vector<SeriesSpec> ImplicitScene::series() const {
  std::vector<SeriesSpec> s = {{"t", "s", "time"}};
  for (size_t i = 0; i < std::min(balls_.size(), kSeriesBalls); ++i) {
    const std::string k = std::to_string(i), ball = " of ball " + std::to_string(i + 1);
    s.insert(s.end(), {{"x" + k, "m", "x" + ball},
                       {"y" + k, "m", "y" + ball},
                       {"vx" + k, "m/s", "velocity x" + ball},
                       {"vy" + k, "m/s", "velocity y" + ball}});
  }
  s.insert(s.end(), {{"E_kin", "J", "kinetic energy"},
                     {"E_pot", "J", "potential energy"},
                     {"E_total", "J", "mechanical energy", true},
                     {"hits", "", "wall hits"},
                     {"corrections", "", "position corrections (stay 0)"}});
  return s;
}

std::vector<std::vector<std::string>> ImplicitScene::default_plots() const {
  return {{"E_kin", "E_pot", "E_total"}, {"hits", "corrections"}, {"x0", "y0"}};
}

void ImplicitScene::sample(std::vector<double>& values) const {
  values.clear();
  values.push_back(t_);
  double e_kin = 0, e_pot = 0;
  for (size_t i = 0; i < balls_.size(); ++i) {
    const Vector2d p = position(i), v = velocity(i);
    if (i < kSeriesBalls) values.insert(values.end(), {p.x(), p.y(), v.x(), v.y()});
    e_kin += 0.5 * model_.m * v.squaredNorm();
    e_pot += model_.m * model_.g * p.y();
  }
  values.insert(values.end(), {e_kin, e_pot, e_kin + e_pot, static_cast<double>(hits_),
                               static_cast<double>(corrections_)});
}

Sketch ImplicitScene::sketch() const {
  static const Rgba palette[] = {0x4169e1ff, 0xe0453aff, 0xf5a623ff, 0x3cb371ff, 0xd0d0d0ff};
  Sketch s;
  Vector2d lo = Vector2d::Constant(kInf), hi = Vector2d::Constant(-kInf);
  for (const auto& loop : wall_->curve.loops()) {
    SketchPolyline line;
    line.points = loop;
    line.closed = true;
    line.color = 0xe6e6e6ff;
    line.width_px = 2;
    for (const Vector2d& p : loop) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    s.lines.push_back(std::move(line));
  }
  for (size_t i = 0; i < trails_.size(); ++i) {
    SketchPolyline trail;
    trail.points.assign(trails_[i].begin(), trails_[i].end());
    trail.color = (palette[i % 5] & 0xffffff00) | 0xb0;
    trail.width_px = 2;
    trail.fade = true;
    if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  }
  for (size_t i = 0; i < balls_.size(); ++i)
    s.circles.push_back({position(i), model_.r, palette[i % 5], 0, 1.0f, 2.0f});
  s.view_center = 0.5 * (lo + hi);
  s.view_half_height = 0.55 * std::max(hi.y() - lo.y(), hi.x() - lo.x());
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, 0xe6e6e6ff, "wall f(x, y) = 0"}, {Glyph::Dot, palette[0], "ball (one colour each)"}};
  if (model_.trail > 0) s.legend.push_back({Glyph::Line, palette[0] & 0xffffffb0, "trail, in the ball's colour"});
  return s;
}

std::vector<Preset> ImplicitScene::presets(const ParamValues&) const {
  auto wall = [](const char* name, const char* help, const char* f) {
    return Preset{name, help, {{"wall", f}, {"view", "20"}}};
  };
  return {
      wall("Circle", "The seed's case 1, a circle of radius 15 m: with e = 1 the mechanical energy stays flat", kCircle),
      wall("Diamond", "The seed's case 2, |x| + |y| = 15: balls that hit a corner bounce off it; none escapes", "abs(x) + abs(y) - 15"),
      wall("Astroid", "The seed's case 3 scaled by 15: four inward cusps, where the seed's balls escaped; here none does",
           "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2"),
      wall("Ellipse", "An ellipse with semi-axes 18 and 10 m: a smooth wall whose curvature changes", "(x/18)^2 + (y/10)^2 - 1"),
      wall("Heart", "Two cusps: one pointing in at the top, one ending a spike at the bottom; watch balls run into the spike",
           "((x/12)^2 + (y/12)^2 - 1)^3 - (x/12)^2*(y/12)^3"),
      wall("Star", "Five smooth arms: concave and convex stretches of wall side by side", "sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))"),
  };
}

nlohmann::json ImplicitScene::state_json() const {
  nlohmann::json balls = nlohmann::json::array();
  for (size_t i = 0; i < balls_.size(); ++i) {
    const Vector2d p = position(i), v = velocity(i);
    balls.push_back({{"x", p.x()}, {"y", p.y()}, {"vx", v.x()}, {"vy", v.y()}});
  }
  return {{"t", t_}, {"balls", balls}};
}

std::optional<std::string> ImplicitScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "balls", "N", params);
}

std::optional<std::string> ImplicitScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("balls") : state.end();
  if (list == state.end() || !list->is_array() || list->empty())
    return "implicit state needs a non-empty \"balls\" list of {x, y, vx, vy}";
  if (list->size() > kMaxBalls)
    return "implicit state lists " + std::to_string(list->size()) + " balls, more than " + std::to_string(kMaxBalls);
  double t = 0;
  if (auto error = read_state_time(state, false, t, "implicit state")) return error;
  std::vector<Ball> balls;
  for (size_t i = 0; i < list->size(); ++i) {
    const nlohmann::json& item = (*list)[i];
    std::array<double, 4> values;
    if (auto error = read_finite_numbers(item, std::array{"x", "y", "vx", "vy"}, values,
                                         "implicit state: ball " + std::to_string(i)))
      return error;
    Ball b;
    b.p0 = Vector2d(values[0], values[1]);
    b.v0 = Vector2d(values[2], values[3]);
    b.t0 = t;
    const ImplicitCurve& curve = wall_->curve;
    if (!curve.inside(b.p0) || curve.closest(b.p0).distance < model_.r * (1 - 1e-9))
      return "implicit state: ball " + std::to_string(i) + " at (" + format_number(values[0]) + ", " +
             format_number(values[1]) + ") is not inside the wall with clearance r = " + format_number(model_.r) + " m";
    balls.push_back(b);
  }
  // Two balls at one place are one ball listed twice; colliding balls must not
  // overlap (approaching, their impacts would repeat without end).
  const double apart = model_.collisions ? 2 * model_.r * (1 - 1e-9) : 1e-9 * model_.r;  // m, least distance
  for (size_t i = 0; i < balls.size(); ++i)
    for (size_t j = i + 1; j < balls.size(); ++j)
      if ((balls[i].p0 - balls[j].p0).norm() < apart)
        return "implicit state: balls " + std::to_string(i) + " and " + std::to_string(j) +
               (model_.collisions ? " overlap (centres closer than 2 r = " + format_number(2 * model_.r) + " m)"
                                  : " are at the same place");
  t_ = t;
  storm_.restart(t_);
  balls_ = std::move(balls);
  replan_all();
  trails_.assign(std::min(balls_.size(), kTrailBalls), {});
  remember_trails();
  return std::nullopt;
}

}  // namespace cl
