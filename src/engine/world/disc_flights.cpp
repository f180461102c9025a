// Flying discs from event to event (world/disc_flights.h): the start, a
// change of model, the loop over the events in time order and the world's
// state read off the flights.
#include "world/disc_flights.h"

#include <algorithm>
#include <limits>

#include "core/text.h"
#include "world/disc_flight_events.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
// Events handled in one advance (between two samples): bounds the memory of
// the events they record (~130 bytes each).
constexpr long long kMaxEventsPerAdvance = 500000;

/// Plans every disc at t (s) and predicts the pairs afresh.
void replan_all(const WorldModel& model, DiscFlights& flights, double t) {
  flights.impacts = {};
  flights.current_after_rebuild = 0;
  // Planning every disc at once shares one search budget, so a start costs a
  // few milliseconds (a crowd of tiny discs grazing a wiggly wall took
  // minutes, then seconds); a disc cut short re-plans later, one event at a time.
  const long long discs = static_cast<long long>(std::max<size_t>(flights.discs.size(), 1));
  const FlightSearchBudget share{std::max(1LL, kStartSearchBudget.steps / discs),
                                 kStartSearchBudget.evaluations / discs};
  for (DiscFlight& disc : flights.discs) plan_disc(model, disc, share);
  WorldEvents none;  // predictions make no events
  FlightEvent event{model, flights, t, none};
  for (int i = 0; i < static_cast<int>(flights.discs.size()); ++i) predict_pairs(event, i);
}

}  // namespace

bool flies_discs(const WorldModel& model) {
  const EllipseBody& body = model.body;
  const bool disc = body.a == body.b && (body.m_o == 0 || body.s.isZero());
  return model.contact.impulse && model.contact.stepping == Stepping::Islands && disc && model.mass_factors.empty() &&
         !model.any_tied() && model.boundary.kind == BoundaryKind::TypedWall;
}

void start_flights(const WorldModel& model, double t, const Vec& y, DiscFlights& flights) {
  const int n = model.n;
  flights = DiscFlights{};
  flights.discs.resize(n);
  for (int i = 0; i < n; ++i) {
    DiscFlight& disc = flights.discs[i];
    disc.t0 = t;
    disc.p0 = y.segment<2>(3 * i);
    disc.q0 = y[3 * i + 2];
    disc.v0 = y.segment<2>(3 * (n + i));
    disc.w = y[3 * (n + i) + 2];
  }
  flights.storm.restart(t);
  replan_all(model, flights, t);
}

void change_flights_model(const WorldModel& before, const WorldModel& model, double t, DiscFlights& flights) {
  // Flights are parabolas of the old gravity: re-anchor them at t before changing it.
  for (DiscFlight& disc : flights.discs) {
    restart_flight(disc, t, disc.position(t, before.gravity), disc.velocity(t, before.gravity));
    disc.asleep = false;  // gravity may pull elsewhere now
    if (model.contact.restitution == 1) disc.sliding = false;  // elastic again: a sliding disc takes off at its next hit
  }
  replan_all(model, flights, t);
}

void disc_moved(FlightEvent& event, int i) {
  DiscFlight& disc = event.flights.discs[i];
  ++disc.moves;
  plan_disc(event.model, disc, kEventSearchBudget);
  predict_pairs(event, i);
}

std::optional<std::string> advance_flights(const WorldModel& model, DiscFlights& flights, double& t, double t_end,
                                           WorldEvents& events, const std::function<bool()>& yield) {
  long long handled = 0;
  while (true) {
    int next = -1;
    double t_next = kInf;
    for (int i = 0; i < static_cast<int>(flights.discs.size()); ++i)
      if (flights.discs[i].t_next < t_next) {
        t_next = flights.discs[i].t_next;
        next = i;
      }
    // Drop pair predictions made before either disc last moved.
    while (!flights.impacts.empty() && !is_current(flights, flights.impacts.top())) flights.impacts.pop();
    const bool pair_first = !flights.impacts.empty() && flights.impacts.top().t <= t_next;
    if (pair_first) t_next = flights.impacts.top().t;
    if (t_next > t_end) break;
    if (flights.storm.storm(t_next))
      return text(model.body_contacts && model.contact.restitution < 1 ? "world.flights.piled_up"
                                                                        : "world.flights.stuck",
                  {{"storm", flights.storm.describe()}});
    if (++handled > kMaxEventsPerAdvance)
      return text("world.flights.too_many_events", {{"most", std::to_string(kMaxEventsPerAdvance)}});
    t = std::max(t, t_next);
    FlightEvent event{model, flights, t, events};
    if (pair_first) {
      const FlightPairImpact impact = flights.impacts.top();
      flights.impacts.pop();
      collide(event, impact);
    } else {
      DiscFlight& disc = flights.discs[next];
      if (disc.sliding) {
        slide_step(event, next);
      } else if (disc.next_is_hit) {
        bounce(event, next);
      } else {  // the end of a search: the same flight goes on, searched from here
        restart_flight(disc, disc.t_next, disc.position(disc.t_next, model.gravity),
                       disc.velocity(disc.t_next, model.gravity));
        disc_moved(event, next);
      }
    }
    ++flights.handled;
    if (yield && t < t_end && yield()) return std::nullopt;  // t is the last event's time; none left at t_end
  }
  t = std::max(t, t_end);
  return std::nullopt;
}

void write_flights(const WorldModel& model, const DiscFlights& flights, double t, Vec& y) {
  const int n = model.n;
  for (int i = 0; i < n; ++i) {
    const DiscFlight& disc = flights.discs[i];
    y.segment<2>(3 * i) = disc.position(t, model.gravity);
    y[3 * i + 2] = disc.angle(t);
    y.segment<2>(3 * (n + i)) = disc.velocity(t, model.gravity);
    y[3 * (n + i) + 2] = disc.w;
  }
  y[6 * n] = flights.dissipated;
}

}  // namespace cl
