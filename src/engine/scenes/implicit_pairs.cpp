// The implicit scene's ball-ball impacts (collisions = on): each ball's
// next impact with every other, predicted from their parabolas, in a
// priority queue that drops predictions gone stale when a ball moved.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/impulse_law.h"
#include "math/polynomial_roots.h"
#include "scenes/implicit.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
// Pair predictions go stale when either ball moves and are dropped lazily
// from the top of the queue. The queue is rebuilt from the current ones when
// it holds twice as many as the last rebuild kept (and at least this many):
// so it stays within twice the current ones, at most one per ordered pair
// (N (N - 1) < 4e6, 160 MB, for N = 2000), at an amortised O(log) per push.
constexpr size_t kMinQueueRebuild = 4096;

}  // namespace

void ImplicitScene::replan_all() {
  impacts_ = {};
  current_after_rebuild_ = 0;
  // Planning every ball at once shares one search budget, so a reset or a
  // loaded state costs a few milliseconds (a crowd of tiny balls grazing a
  // wiggly wall took minutes, then seconds); a ball cut short re-plans
  // later, one event at a time.
  const long long balls = static_cast<long long>(std::max<size_t>(balls_.size(), 1));
  const PlanBudget share{std::max(1LL, kStartBudget.steps / balls), kStartBudget.evaluations / balls};
  for (Ball& b : balls_) plan(b, share);
  for (size_t i = 0; i < balls_.size(); ++i) predict_pairs(i);
}

void ImplicitScene::moved(size_t i) {
  Ball& b = balls_[i];
  ++b.moves;
  plan(b, kPlanBudget);
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
    // Equal masses, w = 2 per unit mass: each ball's speed changes by P.
    const double dv = restitution_impulse(approach, 2, model_.e).impulse;
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

}  // namespace cl
