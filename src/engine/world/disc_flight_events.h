#pragma once
// The events of flying discs (world/disc_flights.h), shared by its three
// files: the wall's (disc_flight_wall.cpp), the pairs' (disc_flight_pairs.cpp)
// and the loop over them (disc_flights.cpp).
#include "world/disc_flights.h"
#include "world/state.h"

namespace cl {

/// What an event works on: the model, the flights, the time now (s) and
/// where what happened goes.
struct FlightEvent {
  const WorldModel& model;
  DiscFlights& flights;
  double t;
  WorldEvents& events;

  Eigen::Vector2d gravity() const { return model.gravity; }
  double radius() const { return model.body.a; }
};

/// Plans disc i's next event: its next wall contact, searched ahead within `budget`, or a slide substep.
void plan_disc(const WorldModel& model, DiscFlight& disc, const FlightSearchBudget& budget);
/// Disc i hits the wall at its planned time: the impulse, then the
/// containment check; a bounce too low to see starts a slide.
void bounce(FlightEvent& event, int i);
/// One substep of disc i sliding on the wall.
void slide_step(FlightEvent& event, int i);
/// Puts disc i back inside with clearance r if an event left it closer (reported).
void ensure_inside(FlightEvent& event, int i);

/// Disc i's next impact with every other, up to the earlier of their next events.
void predict_pairs(FlightEvent& event, int i);
/// True while neither disc of the prediction has moved since it was made.
inline bool is_current(const DiscFlights& flights, const FlightPairImpact& impact) {
  return impact.moves_i == flights.discs[impact.i].moves && impact.moves_j == flights.discs[impact.j].moves;
}
/// The impulse of a predicted pair impact, now due.
void collide(FlightEvent& event, const FlightPairImpact& impact);

/// After disc i's trajectory changed: its next wall event and pair impacts.
void disc_moved(FlightEvent& event, int i);
/// Disc i starts a new parabola at t (s) from p, v.
inline void restart_flight(DiscFlight& disc, double t, const Eigen::Vector2d& p, const Eigen::Vector2d& v) {
  disc.q0 = disc.angle(t);
  disc.t0 = t;
  disc.p0 = p;
  disc.v0 = v;
}

}  // namespace cl
