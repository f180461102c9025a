// The implicit scene's balls between and at their wall events: exact
// parabolic flights, the first contact of a ball's disc with the curve
// (conservative advancement on the distance, refined by root finding), the
// bounce with restitution e, sliding along the wall in substeps, and the
// containment check after every event.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/impulse_law.h"
#include "integrators/root_find.h"
#include "scenes/implicit.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPlanHorizon = 2;     // s searched ahead per plan; then re-planned
constexpr double kSlideStep = 2e-3;    // s, substep of a ball sliding on the wall
// Containment: a ball is inside when its centre is at least r (1 - this) from
// the curve. Hits are located far more precisely (1e-12 m); the slack is for
// balls resting wedged between two branches, which projections settle slowly.
constexpr double kClearanceTolerance = 1e-6;

}  // namespace

void ImplicitScene::restart(Ball& b, double t, const Vector2d& p, const Vector2d& v) const {
  b.t0 = t;
  b.p0 = p;
  b.v0 = v;
}

void ImplicitScene::plan(Ball& b, const PlanBudget& budget) const {
  if (b.sliding) {
    b.t_next = b.t0 + kSlideStep;
    b.next_is_hit = false;
    return;
  }
  const ContactSearch search = first_contact(b, kPlanHorizon, budget);
  b.next_is_hit = search.hit;
  b.t_next = b.t0 + search.tau;
}

ImplicitScene::ContactSearch ImplicitScene::first_contact(const Ball& b, double horizon,
                                                         const PlanBudget& budget) const {
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
  long long evaluations = 0;  // calls of f so far
  auto side = [&](const Vector2d& p) {
    const ImplicitCurve::Side near = curve.side(p);
    evaluations += near.evaluations;
    return near;
  };
  // Signed clearance of the disc: distance from the centre to the curve minus r (negative: overlapping).
  auto clearance = [&](double tau) {
    const Vector2d p = b.p0 + b.v0 * tau + 0.5 * g * tau * tau;
    return side(p).clearance - r;
  };
  double tau = 0;
  // Start (s) of the last step that went farther than is surely safe (the
  // min_step floor while leaving the wall), -1 after a safe one.
  double blind_from = -1;
  for (long long it = 0; tau <= horizon; ++it) {
    // A long search (a tiny ball grazing the wall) stops at the end of its
    // last safe step, or in a run of blind steps at the start of the latest
    // (touching and leaving, a safe place to go on from): the ball re-plans
    // from there, so no single event takes long.
    const ContactSearch stop_here{blind_from >= 0 ? blind_from : tau, false};
    if (it >= budget.steps || evaluations >= budget.evaluations) return stop_here;
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
    // Near: the exact clearance, if the budget still holds the dearest one
    // (the first step always runs, so every search advances).
    if (it > 0 && evaluations + ImplicitCurve::kMostEvaluations > budget.evaluations) return stop_here;
    const ImplicitCurve::Side near = side(p);
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
        if (phi_guess < 0) {
          // Locating the contact takes tens of clearances, each up to 300
          // calls of f by a wiggly wall: a search out of budget stops short
          // of it, at tau, where the disc is still clear of the wall.
          if (evaluations >= budget.evaluations) return {tau, false};
          return {find_root(clearance, tau, phi, tau + guess, phi_guess, 1e-13), true};
        }
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
    v += restitution_impulse(-vn, 1, model_.e).impulse * n;  // w = 1: P is the speed change
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

}  // namespace cl
