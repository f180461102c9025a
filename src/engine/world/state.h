#pragma once
// The changing part of a world (DESIGN.md, "One world"): a plain value. A
// snapshot, a reset, a rewind or a comparison run is a copy of it: the
// bodies, the contacts, and the islands with their integrators, so a world
// restored from a copy goes on exactly as the original does.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/impact_loop.h"
#include "core/storm_guard.h"
#include "integrators/ode.h"
#include "integrators/stepper.h"
#include "particles/particle_system.h"
#include "world/contact_table.h"
#include "world/disc_flights.h"

namespace cl {

/// One impact that ended: which contact, what happened.
struct FinishedImpact {
  int i = 0, j = -1;  ///< body i with the boundary (j < 0) or with body j
  Eigen::Vector2d onset_point{0, 0};   ///< boundary (or pair) point at the onset, m
  Eigen::Vector2d onset_normal{1, 0};  ///< normal there, from body i to the boundary or body j
  ImpactSummary summary;
};

/// A thread going slack or snapping taut, or a body on a slack thread
/// passing its pivot closer than the pivot's radius (a nail it flies by).
struct ThreadEvent {
  enum class Kind { Slack, Taut, Pass };
  Kind kind = Kind::Slack;
  int body = 0;
  double t = 0;                    ///< s
  Eigen::Vector2d position{0, 0};  ///< of the body's centre, m
  double speed = 0;                ///< m/s (Taut: before the snap)
  double speed_after = 0;          ///< m/s, after the snap (Taut)
  bool holds = false;              ///< Taut: the thread holds the body after the snap (else it rebounds inwards)
};

/// A flying disc that an event left closer to the wall than its radius,
/// put back at its radius (world/disc_flights.h).
struct WallCorrection {
  int body = 0;
  double t = 0;                    ///< s
  Eigen::Vector2d position{0, 0};  ///< of its centre after the correction, m
  Eigen::Vector2d normal{0, 1};    ///< from the wall into the inside
};

/// What happened over an advance, each list in time order.
struct WorldEvents {
  std::vector<FinishedImpact> impacts;  ///< impacts that ended, in the order of their onsets
  std::vector<ThreadEvent> threads;
  std::vector<WallCorrection> corrections;
};

/// How an island's bodies are moved (WorldIsland).
enum class IslandMotion { Coasting, Swinging, Integrating };

/// Bodies integrated together over a slab, with the contacts they may make.
struct WorldIsland {
  static constexpr long long kStormImpacts = 2000;
  static constexpr double kStormSpan = 2e-5;  // s

  std::vector<int> bodies;     // ascending; local index = position
  std::vector<size_t> contacts;  // table indices: boundary contacts, then pairs by (i, j)
  std::vector<std::pair<int, int>> local;  // each contact's bodies as local indices (second < 0: the boundary)
  // While no contact of the island is in progress its bodies coast: they
  // fly free in closed form from (t, y), and its contacts are watched by
  // conservative advancement. A body alone on a taut thread, with no contact
  // it could make, swings: the stepper integrates its angle about the pivot
  // (world/swing.h) and (t, y) follow. Otherwise the stepper integrates y.
  IslandMotion motion = IslandMotion::Coasting;
  double t = 0;                // s, while coasting or swinging
  Vec y;                       // y = [Q (3k), V (3k), E_diss, W_stiffness] of its k bodies, while coasting or swinging
  Stepper stepper;             // on y while integrating; on [angle, rate] while swinging
  // Per contact, for the step under way: how fast its gap can close (m/s),
  // whether it cannot close within the step (its searches are skipped),
  // and whether its gap is only a lower bound left by skipped steps.
  std::vector<double> closing;
  std::vector<unsigned char> skipped, gap_is_bound;
  double elastic_energy = 0;   // J, held by its contacts at its last accepted state
  double synced_dissipation = 0, synced_stiffness_work = 0;  // the stepper's work integrals at the last slab end, J
  StormGuard storm{kStormImpacts, kStormSpan};  // impulses piling up at one instant (a Zeno series)
  double last_event_t = -1;         // s, of its latest contact onset or end
  long long events_at_last_t = 0;   // onsets and ends at that instant
};

/// The slab of time being advanced.
struct WorldSlab {
  bool open = false;
  double t1 = 0;       // s, where it ends (it starts at the state's t)
  size_t next = 0;     // the island being integrated
  WorldEvents events;  // inside it so far
};

/// How fast the islands' integrators stepped lately (the step-rate guard).
struct WorldStepRate {
  double steps = 0;               // integrator steps of every island, lately
  double integrated_seconds = 0;  // s, simulated time those steps spanned
  double island_seconds = 0;      // s, simulated time those islands spanned (coasting too)
};

/// A world with particles (WorldModel::particles): the particles, and what
/// the bodies among them keep between steps (world/bodies_among_particles.h).
struct ParticleState {
  ParticleSystem system;
  Vec accelerations;  ///< (3n): Q'' of the bodies at the last evaluation, m/s², rad/s²
  /// The damped Hertz laws: each contact's approach speed at onset (m/s), by
  /// contact key (a body with a particle or a plane); the current contacts only.
  std::unordered_map<uint64_t, double> onset_speeds;
  double elastic_energy = 0;  ///< J, held by the bodies' contacts at the last evaluation
  long long body_contacts = 0;  ///< contacts of the bodies begun since the start
};

struct WorldState {
  static constexpr double kLongestSlab = 1e6;  // s: slab_length grows no further

  double t = 0;  ///< s
  /// [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}, E_diss, W_stiffness]: coordinates and
  /// velocities of each body (ellipse_body.h), the work dissipated by the
  /// contacts (J) and the work of their changing Hertz stiffness (J).
  Vec y;
  /// The n boundary contacts (none in an open plane), then the pairs that may touch.
  ContactTable contacts;
  /// Per body on a thread (empty: none tied): 1 while its thread is slack.
  std::vector<unsigned char> slack;
  std::vector<WorldIsland> islands;  ///< of the open slab, or of the last one (their integrators carry on)
  WorldSlab slab;
  double slab_length = kLongestSlab;  ///< s, the longest slab that kept the islands apart lately
  long long retired_steps = 0;        ///< steps of integrators dropped or restarted
  WorldStepRate step_rate;
  /// Discs under the impulse law in a typed wall, flown from event to event
  /// instead of in slabs and islands (flies_discs); empty otherwise.
  DiscFlights flights;
  /// With particles: stepped by the fixed-step path instead of in slabs and islands.
  std::optional<ParticleState> particles;
};

}  // namespace cl
