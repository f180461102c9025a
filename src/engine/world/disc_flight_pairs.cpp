// Flying discs meeting each other (the model's body_contacts): each disc's
// next impact with every other, predicted from their parabolas, in a
// priority queue that drops predictions gone stale when a disc moved.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/impulse_law.h"
#include "math/polynomial_roots.h"
#include "world/disc_flight_events.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
// Pair predictions go stale when either disc moves and are dropped lazily
// from the top of the queue. The queue is rebuilt from the current ones when
// it holds twice as many as the last rebuild kept (and at least this many):
// so it stays within twice the current ones, at most one per ordered pair
// (N (N - 1) < 4e6, 160 MB, for N = 2000), at an amortised O(log) per push.
constexpr size_t kMinQueueRebuild = 4096;

/// Rebuilds the queue of pair predictions from the current ones.
void drop_stale_impacts(DiscFlights& flights) {
  std::vector<FlightPairImpact> current;
  for (; !flights.impacts.empty(); flights.impacts.pop())
    if (is_current(flights, flights.impacts.top())) current.push_back(flights.impacts.top());
  flights.current_after_rebuild = current.size();
  flights.impacts = decltype(flights.impacts)(std::greater<FlightPairImpact>(), std::move(current));
}

}  // namespace

void predict_pairs(FlightEvent& event, int i) {
  if (!event.model.body_contacts) return;
  DiscFlights& flights = event.flights;
  const DiscFlight& a = flights.discs[i];
  const Vector2d g = event.gravity();
  const double t = event.t, diameter = 2 * event.radius();
  for (int j = 0; j < static_cast<int>(flights.discs.size()); ++j) {
    if (j == i) continue;
    const DiscFlight& b = flights.discs[j];
    // Only up to the earlier of the two discs' next events: those re-predict anyway.
    const double horizon = std::min(a.t_next, b.t_next) - t;
    if (!(horizon >= 0)) continue;
    const Vector2d dp = b.position(t, g) - a.position(t, g), dv = b.velocity(t, g) - a.velocity(t, g);
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
    if (tau <= horizon) flights.impacts.push({t + tau, i, j, a.moves, b.moves});
  }
  if (flights.impacts.size() > std::max(kMinQueueRebuild, 2 * flights.current_after_rebuild))
    drop_stale_impacts(flights);
}

void collide(FlightEvent& event, const FlightPairImpact& impact) {
  DiscFlight& a = event.flights.discs[impact.i];
  DiscFlight& b = event.flights.discs[impact.j];
  const Vector2d g = event.gravity();
  const double t = impact.t;
  const Vector2d pa = a.position(t, g), pb = b.position(t, g);
  Vector2d va = a.velocity(t, g), vb = b.velocity(t, g);
  const Vector2d n = (pb - pa).normalized();
  const double approach = (va - vb).dot(n);
  if (approach > 0) {
    // Equal masses, w = 2 per unit mass: each disc's speed changes by P.
    const RestitutionImpulse P = restitution_impulse(approach, 2, event.model.contact.restitution);
    va -= P.impulse * n;
    vb += P.impulse * n;
    event.flights.dissipated += event.model.body.total_mass() * P.energy_lost;
    FinishedImpact finished{impact.i, impact.j, 0.5 * (pa + pb), n, {}};
    finished.summary.onset = t;
    finished.summary.impact_speed = approach;
    finished.summary.rebound_speed = -(va - vb).dot(n);
    finished.summary.restitution = finished.summary.rebound_speed / approach;
    event.events.impacts.push_back(finished);
  }
  for (DiscFlight* disc : {&a, &b}) disc->sliding = disc->asleep = false;  // knocked off the wall
  restart_flight(a, t, pa, va);
  restart_flight(b, t, pb, vb);
  disc_moved(event, impact.i);
  disc_moved(event, impact.j);
}

}  // namespace cl
