// Flying discs and the typed wall: the first contact of a disc with the
// curve (conservative advancement on the distance, refined by root
// finding), the bounce with restitution e, sliding along the wall in
// substeps, and the containment check after every event.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/impulse_law.h"
#include "integrators/root_find.h"
#include "world/disc_flight_events.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPlanHorizon = 2;     // s searched ahead per plan; then re-planned
constexpr double kSlideStep = 2e-3;    // s, substep of a disc sliding on the wall
// Containment: a disc is inside when its centre is at least r (1 - this) from
// the curve. Hits are located far more precisely (1e-12 m); the slack is for
// discs resting wedged between two branches, which projections settle slowly.
constexpr double kClearanceTolerance = 1e-6;

/// |g| (m/s²): exactly |g_y| when g is vertical, as the seed's scalar g was.
double gravity_magnitude(const WorldModel& model) { return std::hypot(model.gravity.x(), model.gravity.y()); }

/// When the disc first touches the wall within `horizon` s of its flight
/// (hit), or how far the search got without a contact (s).
struct ContactSearch {
  double tau;
  bool hit;
};

ContactSearch first_contact(const WorldModel& model, const DiscFlight& b, double horizon,
                            const FlightSearchBudget& budget) {
  const ImplicitCurve& curve = model.boundary.wall->curve;
  const Vector2d g = model.gravity;
  const double g_norm = gravity_magnitude(model);
  const double r = model.body.a;
  const double touching = 1e-12 * curve.half_width();  // m: closer counts as contact
  // Longest time (s) in which the disc surely moves less than `gap`: |v| grows
  // at most by g per s. The root of g tau^2 / 2 + speed tau = gap in the form
  // that does not cancel: with g = 1e-320 the textbook form gives 0 and the
  // search never advances.
  auto reach_time = [&](double gap, double speed) {
    if (gap <= 0) return 0.0;
    const double denominator = speed + std::sqrt(speed * speed + 2 * g_norm * gap);
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
    // A long search (a tiny disc grazing the wall) stops at the end of its
    // last safe step, or in a run of blind steps at the start of the latest
    // (touching and leaving, a safe place to go on from): the disc re-plans
    // from there, so no single event takes long.
    const ContactSearch stop_here{blind_from >= 0 ? blind_from : tau, false};
    if (it >= budget.steps || evaluations >= budget.evaluations) return stop_here;
    const Vector2d p = b.p0 + b.v0 * tau + 0.5 * g * tau * tau, v = b.v0 + g * tau;
    const double speed = v.norm();
    if (speed == 0 && g_norm == 0) return {horizon, false};  // at rest in weightlessness
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

}  // namespace

void plan_disc(const WorldModel& model, DiscFlight& disc, const FlightSearchBudget& budget) {
  if (disc.sliding) {
    disc.t_next = disc.t0 + kSlideStep;
    disc.next_is_hit = false;
    return;
  }
  const ContactSearch search = first_contact(model, disc, kPlanHorizon, budget);
  disc.next_is_hit = search.hit;
  disc.t_next = disc.t0 + search.tau;
}

void bounce(FlightEvent& event, int i) {
  DiscFlight& b = event.flights.discs[i];
  const WorldModel& model = event.model;
  const double t = b.t_next, r = event.radius();
  const Vector2d p = b.position(t, event.gravity());
  Vector2d v = b.velocity(t, event.gravity());
  const ImplicitCurve::Side near = model.boundary.wall->curve.side(p);
  const Vector2d n = near.inward;  // from the wall into the inside
  const double vn = v.dot(n);
  if (vn < 0) {
    const double e = model.contact.restitution;
    const RestitutionImpulse P = restitution_impulse(-vn, 1, e);  // w = 1: P is the speed change
    v += P.impulse * n;
    event.flights.dissipated += model.body.total_mass() * P.energy_lost;
    // A bounce lower than 1e-3 r ends the bouncing: the disc slides on.
    const double v_settle = std::sqrt(2 * gravity_magnitude(model) * 1e-3 * r);
    if (e < 1 && e * -vn < v_settle) {
      v -= v.dot(n) * n;
      b.sliding = true;
    }
    FinishedImpact impact{i, -1, near.point, -n, {}};
    impact.summary.onset = t;
    impact.summary.impact_speed = -vn;
    impact.summary.rebound_speed = v.dot(n);
    impact.summary.restitution = impact.summary.rebound_speed / impact.summary.impact_speed;
    event.events.impacts.push_back(impact);
  }
  restart_flight(b, t, p, v);
  ensure_inside(event, i);
  disc_moved(event, i);
}

void slide_step(FlightEvent& event, int i) {
  // Semi-implicit Euler with projection: gravity, then back onto the wall at
  // distance r with the normal velocity removed; no contact left: fly again.
  DiscFlight& b = event.flights.discs[i];
  const WorldModel& model = event.model;
  const double r = event.radius();
  const double t = b.t_next, dt = t - b.t0;
  Vector2d v = b.v0 + event.gravity() * dt;
  Vector2d p = b.p0 + v * dt;
  const ImplicitCurve& curve = model.boundary.wall->curve;
  // Repeated projections settle a disc wedged between two branches (a corner).
  bool settled = false;
  for (int it = 0; it < 50 && !settled; ++it) {
    const ImplicitCurve::Side near = curve.side(p);
    const Vector2d n = near.inward;
    const double clearance = near.clearance - r;
    settled = clearance >= -kClearanceTolerance * r;
    if (settled) {
      if (it == 0 && clearance > 1e-6 * r) b.sliding = false;  // lifted off: fly
      break;
    }
    p = near.point + r * n;
    const double vn = v.dot(n);
    if (vn < 0) v -= vn * n;
  }
  // Still and pressed onto the wall: asleep until something changes (saves
  // the substeps of discs resting in a corner for the rest of the run).
  const double g_norm = gravity_magnitude(model);
  const double v_still = 1e-4 * std::sqrt(std::max(g_norm, 1e-9) * r);
  const bool still = v.norm() < v_still && (p - b.p0).norm() < 1e-6 * r;
  restart_flight(b, t, p, v);
  if (!settled) ensure_inside(event, i);  // the projections above checked it otherwise
  if (still && b.sliding) b.asleep = true;  // stays at p0 until woken
  disc_moved(event, i);
  if (b.asleep) b.t_next = kInf;
}

void ensure_inside(FlightEvent& event, int i) {
  DiscFlight& b = event.flights.discs[i];
  const double r = event.radius();
  const ImplicitCurve::Side near = event.model.boundary.wall->curve.side(b.p0);
  if (near.clearance >= r * (1 - kClearanceTolerance)) return;
  const Vector2d n = near.inward;
  b.p0 = near.point + r * n;
  const double vn = b.v0.dot(n);
  if (vn < 0) b.v0 -= vn * n;
  event.events.corrections.push_back({i, b.t0, b.p0, n});
}

}  // namespace cl
