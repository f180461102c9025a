#pragma once
// Discs under the impulse law inside a typed wall (seed 002), flown from
// event to event: between events each disc is on an exact parabola, so the
// world needs no integrator and no slab. Each disc's next wall contact is
// found by conservative advancement on its distance to the curve (it cannot
// tunnel) and refined by root finding; the normal comes from the closest
// point on the curve, which exists at corners and cusps too. Disc-disc
// impacts are predicted pair by pair from the two parabolas (a quartic) and
// queued. A disc whose bounces die away slides on along the wall,
// frictionless, in short substeps with projections, and sleeps once still:
// impulses alone cannot hold it (the world's islands stop a run there). After
// every event the disc is checked to be inside with clearance r; a
// violation is corrected and reported.
//
// The world chooses this motion by itself (flies_discs): equal discs
// without observers, no threads, the impulse law, a typed wall, stepping by
// islands. It is the world's coasting for that case, with every disc its own
// island: one event at a time, in time order, O(N) per event in the disc
// count and O(N) pair predictions per disc that moved.
#include <functional>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/storm_guard.h"
#include "integrators/ode.h"
#include "world/model.h"

namespace cl {

struct WorldEvents;

/// Work one disc's contact search may do before it stops and re-plans from
/// there, so that no single event takes long: steps, and calls of the wall's
/// f (a step near a wall that wiggles finer than its polyline costs up to
/// 300 calls, against 1-40 near a smooth wall).
struct FlightSearchBudget {
  long long steps;
  long long evaluations;
};
/// One event's search: ~1.5 ms natively, ~3 ms in the page at worst.
constexpr FlightSearchBudget kEventSearchBudget{20000, 30000};
/// All discs' searches at a start, shared: each gets at least one step, the
/// rest of a search cut short is done event by event within a frame's budget.
constexpr FlightSearchBudget kStartSearchBudget{4000, 20000};

/// One disc between its events: its state at t0 and what comes next.
struct DiscFlight {
  Eigen::Vector2d p0{0, 0}, v0{0, 0};  ///< centre and its velocity at t0 (m, m/s)
  double q0 = 0, w = 0;                ///< angle at t0 (rad) and spin (rad/s): frictionless impulses keep w
  double t0 = 0;                       ///< s
  bool sliding = false;    ///< on the wall, its bounces died away
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
  double angle(double t) const { return q0 + w * (t - t0); }
};

/// A predicted disc-disc impact, valid while neither disc has moved since.
struct FlightPairImpact {
  double t;
  int i, j;
  unsigned moves_i, moves_j;
  bool operator>(const FlightPairImpact& o) const { return t > o.t; }
};

/// The discs' flights and the queue of their pair impacts: part of WorldState.
struct DiscFlights {
  // An endless series of events: this many within this span of simulated
  // time (1e8 events/s; 2000 discs sliding in 2 ms substeps make 1e6 events/s).
  static constexpr long long kStormEvents = 2000;
  static constexpr double kStormSpan = 2e-5;  // s

  std::vector<DiscFlight> discs;  ///< empty: the world does not fly discs
  std::priority_queue<FlightPairImpact, std::vector<FlightPairImpact>, std::greater<FlightPairImpact>> impacts;
  size_t current_after_rebuild = 0;  ///< predictions the last rebuild kept
  StormGuard storm{kStormEvents, kStormSpan};
  long long handled = 0;    ///< events handled since the start
  double dissipated = 0;    ///< J, lost in the impacts (sliding's projections are not counted)
};

/// Whether the world flies `model`'s bodies from event to event (above).
bool flies_discs(const WorldModel& model);

/// Starts the flights at t (s) from y = [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}, ...]
/// and plans every disc's next event.
void start_flights(const WorldModel& model, double t, const Vec& y, DiscFlights& flights);

/// The flights under `model` from t (s) on, after a change of it (gravity,
/// restitution, collisions): each disc starts a new parabola where it is,
/// under the gravity of `before`; elastic again, a sliding disc takes off at
/// its next hit; a sleeping one wakes.
void change_flights_model(const WorldModel& before, const WorldModel& model, double t, DiscFlights& flights);

/// Handles the events up to t_end (s), or fewer when `yield` answers true
/// between them; t (s) is then the last event's time. Impacts (wall hits,
/// pair collisions) and corrections go to `events`, in time order. An error
/// if events pile up at one instant or too many come before t_end.
std::optional<std::string> advance_flights(const WorldModel& model, DiscFlights& flights, double& t, double t_end,
                                           WorldEvents& events, const std::function<bool()>& yield);

/// Writes the discs' coordinates and velocities at t (s) into y.
void write_flights(const WorldModel& model, const DiscFlights& flights, double t, Vec& y);

}  // namespace cl
