#pragma once
// A world of rigid bodies with compliant contacts, run by one stepping loop
// for every scene built on it (ellipses in a circular or typed wall, an
// ellipse on a street): the pair table gives each contact's geometry, the
// law switch its force (contact/normal_law.h, friction_law.h), the integrator
// switch the step (integrators/stepper.h).
//
// Time advances in slabs. At the start of each, the bodies that touch or
// might touch within it are grouped into islands (world/island_plan.h);
// every other body flies free in closed form (dynamics/free_flight.h), and
// each island is integrated on its own with its own adaptive step, so a
// stiff contact sets the step of its own island only. Each accepted step of
// an island is checked for contacts that began or ended inside it; the
// earliest is located on the dense output, the island's integrator restarts
// there, and the contact tracker takes the impact speed ρ̇⁻ of the damped
// laws at that instant. The dissipated work and the work of the changing
// Hertz stiffness are integrated as extra states, so the energy audit
// closes. With Stepping::Global every body is in one island for good: the
// whole system integrated at once, as the reference the islands must match.
// A body may hang on a thread (world/thread.h): while taut the thread's pull
// joins its forces, going slack and snapping taut are events like a
// contact's, and a body on a thread is always integrated (its path is no parabola).
//
// Discs under the impulse law in a typed wall fly from event to event
// instead (world/disc_flights.h): no slabs, no integrator.
//
// A world with particles (WorldModel::particles, in a Box) is stepped by
// the fixed-step path instead (world/particle_path.cpp): the particles
// (particles/particle_system.h) with its bodies among them
// (world/bodies_among_particles.h), one step of h for all.
//
// One stage per file: world.cpp (this API, advance_to), slab.cpp (slabs and
// islands), island_step.cpp (an island's step, event location, guards),
// coast.cpp (free flight to the next contact), swing.cpp (a lone body on a
// taut thread, in its angle), forward.cpp (the equations of
// motion), particle_path.cpp (the fixed-step path), contact_response.cpp (each contact's force), impulse.cpp (the
// impulse law), thread_events.cpp (threads going slack and taut), energy.cpp
// (the audit's terms and the momenta).
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/impact_loop.h"
#include "core/scratch.h"
#include "geometry/ellipse.h"
#include "world/model.h"
#include "world/pair_geometry.h"
#include "world/state.h"
#include "world/thread.h"

namespace cl {

/// What one contact does at a state.
struct ContactResponse {
  PairGeometry geometry;
  double rate = 0;          ///< ρ̇, m/s (> 0 approaching)
  double force = 0;         ///< normal force, N
  double friction = 0;      ///< tangential force on B (the boundary) along (−n_y, n_x), N
  double elastic_energy = 0, dissipated_power = 0;  ///< J, W
  double stiffness = 0;     ///< Hertz k0 at this state, N/m^1.5 (0: linear law or no contact)
};

class World {
 public:
  /// Starts `model` at time t (s) from y = [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}]
  /// (the dissipated and stiffness work start at 0). A thread is taut if its
  /// body is at its length and not moving inwards (an outward radial speed
  /// is taken away, as a thread snapping taut with e = 0 would), else slack. No contact may be
  /// closed at the start; the scene checks (closed_contact()). An error if
  /// the contacts cannot be evaluated there (a street that is not finite
  /// under the body).
  std::optional<std::string> start(const WorldModel& model, double t, const Vec& coordinates_and_velocities);
  /// Takes new materials, law, friction, integrator, stepping or gravity
  /// while running (the bodies and the boundary's shape stay); the state is kept.
  void set_model(const WorldModel& model);

  const WorldModel& model() const { return model_; }
  const WorldState& state() const { return state_; }
  /// Goes on from `state`, a copy of state() taken earlier under the same
  /// model: the run from there is the one the original made, bit for bit.
  /// The impact-loop log is a record, not state: it starts afresh, with a
  /// loop for each contact in progress.
  void restore(const WorldState& state);
  double time() const { return state_.t; }
  /// Accepted integrator steps since start, over all islands.
  long long step_count() const;
  /// Pair searches since start (for benchmarks).
  long long contact_evaluations() const { return contact_evaluations_; }
  /// Islands integrated in the last slab, and the bodies in them (for benchmarks).
  size_t island_count() const { return state_.islands.size(); }
  size_t integrated_bodies() const;

  /// Asked between steps; true stops early (Scene::YieldCheck).
  using YieldCheck = std::function<bool()>;
  /// Called after each step of the fixed-step path (a world with particles).
  using AfterStep = std::function<void()>;
  /// Advances to t_end (s), appending the impacts that ended (in the order
  /// of their onsets) and the threads' events, or less when `yield` answers true between steps: the
  /// state stays at the end of the last whole slab, and the next call
  /// carries on with the slab's islands where they stopped. An error
  /// message if a step cannot be taken (step-size underflow, a conformal
  /// contact, a street that is not finite); the state is then that of the
  /// last whole slab.
  /// With particles: steps of h while a whole one fits before t_end (the
  /// particles' clock, ParticleSystem::advance_to), after_step() after each.
  std::optional<std::string> advance_to(double t_end, WorldEvents& events,
                                        const YieldCheck& yield = nullptr, const AfterStep& after_step = nullptr);

  /// Why `model`, a world with particles, cannot run (no box; a body among
  /// particles under impulses or a multi-stage integrator), if it cannot:
  /// start() refuses it, and a scene checks a live change with it first.
  static std::optional<std::string> particles_refuse(const WorldModel& model);
  /// The particles of a world with them (WorldModel::particles).
  const ParticleSystem& particles() const { return state_.particles->system; }
  /// The particles' model: the world's law and integrator with the particle kind's constants.
  ParticleModel particle_model() const;
  /// Adds a particle (m, m/s, kg), in the particles' 3D frame; refresh_particles() when all are in.
  void add_particle(const Eigen::Vector3d& x, const Eigen::Vector3d& v, double mass) {
    state_.particles->system.add(x, v, mass);
  }
  /// The forces and accelerations of particles and bodies at the state, after particles were added.
  void refresh_particles();
  /// Some pair of particles whose centres are closer than `distance` (m), if any.
  std::optional<std::pair<size_t, size_t>> particle_pair_closer_than(double distance) {
    return state_.particles->system.pair_closer_than(distance);
  }
  /// Elastic energy of the bodies' contacts with the particles and the box (J).
  double body_contact_energy() const { return state_.particles->elastic_energy; }
  /// The bodies' contacts with the particles and the box begun since the start.
  long long body_contact_count() const { return state_.particles->body_contacts; }

  Coordinates coordinates(int i) const { return state_.y.segment<3>(3 * i); }
  Velocities velocities(int i) const { return state_.y.segment<3>(3 * (model_.n + i)); }
  Ellipse ellipse(int i) const;

  double kinetic_energy() const;
  double potential_energy() const;  ///< of the bodies and observers in gravity, J (zero at the origin)
  double spring_energy() const;
  double dissipated_energy() const { return state_.y[6 * model_.n]; }
  /// Work the contacts' changing Hertz stiffness has done on the bodies (J):
  /// the seeds' force k0(R) ρ^{3/2} uses the osculating radii, which change
  /// as an ellipse turns during contact, so it is not the gradient of
  /// 2/5 k0 ρ^{5/2}; the energy audit accounts for it here.
  double stiffness_work() const { return state_.y[6 * model_.n + 1]; }
  /// The tension of body i's thread now (N; 0 if it has none or it is slack).
  double thread_tension(int i) const;
  Eigen::Vector2d linear_momentum() const;
  double angular_momentum() const;  ///< about the origin, kg m²/s

  /// A contact closed now (gap <= 0): body i with the boundary (j < 0) or
  /// with body j > i. Pairs count only if bodies touch each other.
  std::optional<std::pair<int, int>> closed_contact() const;
  /// The contact kept for body i with the boundary (j < 0) or with body j, if any.
  std::optional<size_t> find_contact(int i, int j) const { return state_.contacts.find(i, j); }
  const ContactState& contact_state(size_t index) const { return state_.contacts[index]; }
  /// Contacts the broad phase cannot rule out now, in index order.
  std::vector<size_t> near_contacts() const;
  /// Contact `index` now.
  ContactResponse contact_response(size_t index, PairSearch search) const;
  /// The exact gap now of body i with the boundary (j < 0) or with body j
  /// (m), by a fresh global search.
  double exact_gap(int i, int j) const;

  const ImpactLoopLog& impact_loops() const { return loops_; }

 private:
  using Island = WorldIsland;
  using Slab = WorldSlab;
  using StepRate = WorldStepRate;

  /// start() of a world with particles: its bodies, no particle yet.
  std::optional<std::string> start_among_particles(double t, const Vec& coordinates_and_velocities);
  /// advance_to() of a world with particles.
  std::optional<std::string> advance_among_particles(double t_end, const YieldCheck& yield,
                                                     const AfterStep& after_step);

  /// The gaps of every boundary contact and of each pair the broad phase
  /// cannot rule out, at the state (failure_ says if one cannot be evaluated).
  void find_contacts();
  /// closed_contact() of flying discs: by their exact distances.
  std::optional<std::pair<int, int>> closed_flying_contact() const;

  /// Body l of a state y (the world's or an island's).
  Ellipse ellipse_of(const Vec& y, int l) const;
  /// Contact c between local bodies la and lb (< 0: the boundary) of a
  /// state y of `count` bodies; adds its generalized force to F if given.
  /// `placed`: the bodies of y with their axes evaluated (a force evaluation
  /// places each once for all its contacts), or nullptr to place them here.
  ContactResponse respond(const ContactState& c, const Vec& y, int count, int la, int lb, Vec* F,
                          PairSearch search, const EllipseAxes* placed = nullptr) const;
  /// Where contact c between local bodies la and lb (< 0: the boundary) of a state y meets.
  PairGeometry geometry(const ContactState& c, const Vec& y, int la, int lb, PairSearch search,
                        const EllipseAxes* placed = nullptr) const;
  /// The Hertz k0 (N/m^1.5) a contact of geometry g has, 0 where no Hertz force acts (apart, linear law).
  double stiffness(const PairGeometry& g, bool with_boundary) const;
  /// dk0/dt (N/m^{3/2}/s) of a Hertz contact between ellipses or against the
  /// circular wall, in closed form from how its point slides round the bodies.
  double stiffness_rate(const ContactResponse& r, const Vec& y, int k, int la, int lb, const EllipseAxes* placed) const;
  /// dk0/dt (N/m^{3/2}/s) of a Hertz contact with a typed wall or the street:
  /// a central difference between the states moved ahead and behind along the motion.
  double stiffness_rate_along_motion(const ContactState& c, const ContactResponse& r, int la, int lb,
                                     const Vec& ahead, const Vec& behind) const;
  /// Contact `index` of the table at the world's state.
  ContactResponse respond_now(size_t index, PairSearch search) const;
  /// The contacts' dissipated power and the rate of their stiffness work (W).
  struct WorkRates {
    double dissipated = 0, stiffness = 0;
  };
  /// The generalized forces (N, N, N m per body) on the island's bodies at y,
  /// their weight and their contacts', in the forces_ scratch; with rates, the
  /// work rates too.
  const Vec& applied_forces(const Island& island, const Vec& y, WorkRates* rates) const;
  /// Local body l's accelerations at y under the forces F and its taut
  /// thread, if any; with `pull`, the thread's multiplier mu (N/m) goes there.
  Velocities acceleration(const Island& island, int l, const Vec& y, const Vec& F, double* pull) const;
  /// dy/dt of the island at y.
  void derivative(const Island& island, const Vec& y, Vec& dydt) const;
  /// Each local body's thread multiplier mu at y (N/m; 0 if none or slack).
  void thread_pulls(const Island& island, const Vec& y, std::vector<double>& pulls) const;
  OdeRhs rhs(const Island& island) const;
  void restart(Island& island, double t, const Vec& y);
  /// Carries the island on from (t, y): swinging if it can, integrating
  /// while a contact is in progress or a body is on a thread, else coasting.
  void resume(Island& island, double t, const Vec& y);
  double island_time(const Island& island) const {
    return island.motion == IslandMotion::Integrating ? island.stepper.t() : island.t;
  }
  const Vec& island_y(const Island& island) const {
    return island.motion == IslandMotion::Integrating ? island.stepper.y() : island.y;
  }
  /// Whether the island is one body on a taut thread that touches nothing and swings (world/swing.h).
  bool can_swing(const Island& island) const;
  /// Swings the island on from (t, y), its stepper on the thread's angle.
  void start_swing(Island& island, double t, const Vec& y);
  /// One step of a swinging island towards t_end (s); where its thread goes
  /// slack, the island carries on from there (resume()).
  std::optional<std::string> swing(Island& island, double t_end);
  /// The island's bodies flown free from y by dt (s).
  Vec coasted(const Island& island, const Vec& y, double dt) const;
  /// Coasts the island to t_end (s) or to the onset of its first contact,
  /// located on the closed-form motion (an impulse is applied and coasting
  /// goes on; a compliant contact begins and the island is integrated from there).
  std::optional<std::string> coast(Island& island, double t_end, std::vector<FinishedImpact>& impacts);
  /// An island's mechanical energy, J: motion and springs, and gravity's.
  struct IslandEnergy {
    double moving = 0;     ///< kinetic and elastic
    double potential = 0;  ///< of gravity, from the origin
  };
  /// The island's energy at its state y, with its contacts holding `elastic` J.
  IslandEnergy island_energy(const Island& island, const Vec& y, double elastic) const;
  /// Why a fixed step blew up, if it raised the island's energy by more than
  /// its energy of motion and springs at the start.
  std::optional<std::string> blown_up(const IslandEnergy& before, const IslandEnergy& after) const;
  /// "pair", "wall" or "street": what contact j (< 0: the boundary) touches, for its loop.
  const char* contact_kind(int j) const;
  /// Begins compliant contact `c` at its located onset t (s) with response `r`.
  void open_contact(Island& island, ContactState& c, double t, const ContactResponse& r);
  /// Counts an island's advance over `span` s (an integrator step if
  /// `integrated`); the run's error when steps come faster than kMaxStepRate.
  std::optional<std::string> count_step_rate(bool integrated, double span);
  /// Counts a contact's onset or end at t (s); `failure_` says so when they
  /// repeat at one instant without end.
  void count_contact_event(Island& island, double t);
  /// The impulses of contacts closing at the island's state y at time t: at
  /// least `first` (a position among its contacts), then every other one
  /// touching and approaching there; `failure_` says so if they make an impulse storm.
  void apply_impulses(Island& island, size_t first, const ContactResponse& r, double t, Vec& y,
                      std::vector<FinishedImpact>& impacts);
  /// The island's state cut out of the world's.
  Vec island_state(const Island& island) const;

  /// The largest slab (s) in which no body's centre moves more than its bounding radius.
  double slab_limit() const;
  /// Groups the bodies for the slab to t1 and readies the islands' integrators.
  void plan_slab(double t1);
  /// Writes the islands back and moves the free bodies: the state is at the slab's end.
  void close_slab(WorldEvents& events);
  /// Forgets the islands (their integrators restart with the next slab).
  void drop_islands();

  /// Gaps and warm starts of the island's contacts from their responses at
  /// its state y. True if a contact in progress moved to another, deeper
  /// minimum (its force jumped there).
  bool refresh_contacts(Island& island, const std::vector<ContactResponse>& responses, const Vec& y);
  std::vector<ContactResponse> global_responses(const Island& island, const Vec& y) const;
  /// Before an integrator step from the island's state: which contacts
  /// cannot close within the longest step it may take. Their gaps shrink by
  /// no more than the bodies' points can approach, bounded by the energy the
  /// island holds (dynamics/free_flight.h).
  void plan_step(Island& island, double t_end);
  std::optional<std::string> island_step(Island& island, double t_end, std::vector<FinishedImpact>& impacts);
  /// The earliest onset or end of the island's contacts in the step just
  /// taken from t0, on the dense output; at_end, their responses at its end.
  /// Under the impulse law a body resting on another sets failure_, unless a
  /// thread's event comes first (it is judged again from there).
  std::optional<ContactCrossing> contact_crossing(const Island& island, double t0,
                                                  const std::vector<ContactResponse>& at_end, bool thread_event);
  /// A thread that went slack or taut inside the island's step just taken
  /// from t0: the earliest, by local body, and when (s).
  struct ThreadCrossing {
    int body = 0;
    double t = 0;
  };
  std::optional<ThreadCrossing> thread_crossing(const Island& island, double t0) const;
  /// Where local body l, on a slack thread, turns back from past its length
  /// inside the island's step from t0 to t1 (s): a crossing that both step
  /// ends miss (a graze); none if it does not. The indicator is the stretch (m).
  struct ThreadTurn {
    double t = 0, indicator = 0;
  };
  std::optional<ThreadTurn> slack_turn_past_length(const Island& island, int l, double t0, double t1) const;
  /// When local body l's r.v (r from its pivot) changes sign inside the
  /// island's step from t0 to t1 (s): to receding (a closest pass,
  /// `to_receding`) or to approaching (a farthest reach); y is left there.
  std::optional<double> radial_turn(const Island& island, int l, double t0, double t1, bool to_receding, Vec& y) const;
  /// Per local body at the island's state y: > 0 where its thread has crossed
  /// (taut: minus its pull, N/m; slack: how far past the length it moves out, m); < 0 else.
  void thread_indicators(const Island& island, const Vec& y, std::vector<double>& indicators) const;
  /// Body l's thread goes slack, or snaps taut (world/thread.h), at t on the island's state y.
  void cross_thread(Island& island, int l, double t, Vec& y);
  /// Body l at its thread's length on y: an outward radial speed is answered by
  /// the snap (reversed times e_thread, or removed below a settling speed),
  /// an inward one leaves the thread slack; its slack flag set accordingly.
  /// Its speed after (m/s).
  double tighten(Island& island, int l, Vec& y);
  /// Bodies on slack threads with a pivot radius that passed their pivot
  /// closest between t0 and t1 (s) on the island's dense output, within that radius.
  void report_pivot_passes(const Island& island, double t0, double t1);
  /// Taut threads after impulses: an outward radial speed snaps, an inward one goes slack (tighten()).
  void snap_threads(Island& island, double t, Vec& y);
  /// Whether a body on a taut thread drifted off its circle in y (world/thread.h, kThreadDrift).
  bool threads_drifted(const Island& island, const Vec& y) const;
  /// Puts bodies on taut threads that drifted back on their circles.
  void project_threads(const Island& island, Vec& y) const;
  /// Whether any body of the island is on a thread (it is integrated, never coasting).
  bool has_threads(const Island& island) const;
  /// Impulse law: positions of the island's contacts the step may have
  /// closed. A contact already at gap <= 0 when the step began (just after
  /// its impulse) is left out if it opens; if it closes further the body is
  /// resting against the other, which impulses cannot hold, and `failure_` says so.
  std::vector<size_t> impulse_candidates(const Island& island, double t,
                                         const std::function<double(size_t, const Vec&)>& gap_at, const Vec& y_end);
  /// Impulse law: why a run stops when contact c closes further after its
  /// impulse at t (s): the body rests on the other, which impulses cannot hold.
  std::string impulse_rest_message(const ContactState& c, double t) const;
  /// Impulse law: the impulse of the island's contact at position k on its
  /// state y at time t, closing at rate (m/s, > 0); the impact it makes; the
  /// lost energy joins E_diss.
  FinishedImpact apply_impulse(const Island& island, size_t k, const ContactResponse& r, double t, Vec& y) const;

  WorldModel model_;
  WorldState state_;
  ImpactLoopLog loops_;
  mutable std::string failure_;  // set by a force evaluation: a conformal contact, a street not finite
  mutable long long contact_evaluations_ = 0;
  mutable Scratch<std::vector<EllipseAxes>> placed_;  // an island's bodies during a force evaluation
  mutable Scratch<Vec> forces_;                       // their generalized forces then
  mutable Scratch<Vec> moved_ahead_, moved_behind_;   // their states a microsecond ahead and behind
  mutable Scratch<std::vector<double>> pulls_, indicators_;  // the threads' multipliers and indicators there
  Scratch<std::vector<int>> sweep_order_;  // the last island plan's, its next one's hint
  static constexpr int kCrowdedIsland = 32;       // bodies: more, past twice its touching group, is a crowd
  static constexpr double kShortestSlab = 1e-4;   // s: no shorter for a crowd
  /// Onsets and ends of compliant contacts at one instant, beyond 4 per contact, that stop a run.
  static constexpr long long kEventsAtOneInstant = 50;
  /// Integrator steps per island and simulated second a run may take (a mean
  /// step of 20 us; dopri5 on 1 kg of steel at rest needs ~3e3), judged once it has
  /// taken kStepAllowance of them, over the last kStepRateWindow island-seconds.
  static constexpr double kMaxStepRate = 5e4;     // 1/s
  static constexpr double kStepAllowance = 1e4;   // steps: ~150 impacts under dopri5
  static constexpr double kStepRateWindow = 1;    // s
};

}  // namespace cl
