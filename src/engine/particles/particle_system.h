#pragma once
// Equal spheres (radius r, masses per particle) under gravity along -z, in
// contact with each other and with fixed planes, by seed 003's contact
// models and its two integrators with a fixed step h:
//   semi-implicit Euler  v += h a(x, v);  x += h v
//   leapfrog (Hut & Makino's kick-drift-kick)
//                        v += h/2 a;  x += h v;  v += h/2 a(x_new)
// With impulses, contacts are resolved first, at the synchronised x_n, v_n,
// then the integrator moves the particles under gravity. That order is the
// seed's: with it Euler loses energy at every bounce (by about g h |v|) while
// leapfrog keeps it, because only leapfrog's velocities are in step with its
// positions. With springs the contact forces are part of a(x, v).
//
// Accelerations are evaluated once per step, at the end (and reused by the
// next step: leapfrog's first kick is the previous step's last;
// integrators/kick_drift.h); the spring
// energy and the contact flags therefore always belong to the current x.
// rk4 and dopri5 are the shared integrators (integrators/stepper.h) on
// y = [x, v]: each step() advances h, dopri5 in steps of its own within it.
// Their stages do not count contacts; an evaluation at the end of each
// step does (one more per step).
//
// Positions are 3-vectors in every dimension: a 1D run moves along z only, a
// 2D run in x and z; the unused components stay exactly zero.
//
// Built for piles of 100,000 particles (issue 14): the particles are stored
// axis by axis (particles/axis_arrays.h) in an order of their own, and with
// the fixed-step integrators that order is the grid's cell order, renewed
// whenever the neighbour list (particles/neighbour_list.h) is rebuilt, so
// that the particles a contact joins lie close in memory. Particle i (in
// the order added) keeps its index for the rest of the program: position(i),
// touching(i), the Hertz laws' contact keys. The contact forces are the same;
// only the order in which they are summed follows the storage. Piles of more
// than 25,000 particles are stepped and summed in parts of consecutive
// slots, at once on the machine's threads (natively; the Hertz family, whose
// onset speeds are one map, in one part; see kDefaultPartSize): each part adds the
// forces on its own particles only, in the order of the list, so the
// results are those of one part, to the last bit, on any number of threads. Impulses
// keep the grid's sweep in the order added, since each impulse sees the
// velocities the previous ones left.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "contact/normal_law.h"
#include "core/scratch.h"
#include "core/worker_pool.h"
#include "geometry/uniform_grid.h"
#include "integrators/stepper.h"
#include "particles/axis_arrays.h"
#include "particles/neighbour_list.h"
#include "particles/surface_plane.h"

namespace cl {

class ParticleSystem;

/// Bodies of another kind among the particles (a world's rigid bodies,
/// world/bodies_among_particles.h): moved by the same kicks and drifts as
/// the particles, their forces evaluated with the particles'.
class BodiesAmongParticles {
 public:
  virtual ~BodiesAmongParticles() = default;
  /// v += kick a, then x += drift v (s, s), as the particles.
  virtual void kick_drift(double kick, double drift) = 0;
  /// After the particles' own forces: the bodies' accelerations, and the
  /// forces between bodies and particles (ParticleSystem::push). `count`:
  /// a step's evaluation, whose contacts are the step's (else a refresh).
  /// False if they cannot be evaluated (a position not finite).
  virtual bool add_forces(ParticleSystem& particles, bool count) = 0;
  /// v += dt a.
  virtual void kick(double dt) = 0;
};

/// The particles' contact law, named as every scene's (contact/normal_law.h):
/// impulses with restitution e and projections k_p (seed 003), or a normal
/// law — its linear spring-dashpot with seed 003's k_s and k_d given
/// directly, a Hertz-family law with k_h ρ^{3/2} damped by c_τ.
struct ParticleModel {
  bool impulse = false;
  NormalLaw law = NormalLaw::LinearSpringDashpot;
  bool spring_dashpot() const { return !impulse && law == NormalLaw::LinearSpringDashpot; }
  bool hertz_family() const { return !impulse && law != NormalLaw::LinearSpringDashpot; }
  IntegratorKind integrator = IntegratorKind::SemiImplicitEuler;
  double h = 1e-3;   ///< s, time step
  double rtol = 1e-6;  ///< dopri5's relative tolerance
  double e = 1;      ///< restitution of impulses
  double k_p = 0;    ///< projection factor of impulses, in [0, 1]
  double k_s = 8000; ///< N/m, contact spring
  double k_d = 0;    ///< N s/m, contact dashpot
  double k_h = 1e5;  ///< N/m^1.5, Hertz stiffness of the Hertz-family laws
  double c_tau = 1;  ///< restitution parameter of the damped Hertz-family laws
  double r = 0.3;    ///< m, radius of every particle
  double g = 9.81;   ///< m/s^2, along -z
};

/// One contact's normal force (N) and elastic energy (J) by the model's
/// compliant law: overlap `depth` (m), its `rate` (m/s, > 0 approaching) and
/// the approach speed at its onset (m/s, for the damped Hertz laws).
std::pair<double, double> contact_force(const ParticleModel& model, double depth, double rate, double onset);

/// Contacts counted since reset: impulses applied, or spring contacts begun.
struct ContactTally {
  long long pair = 0;     ///< particle-particle
  long long surface = 0;  ///< particle-surface
};

class ParticleSystem {
 public:
  void clear();
  void set_surfaces(std::vector<SurfacePlane> surfaces);
  const std::vector<SurfacePlane>& surfaces() const { return surfaces_; }
  /// Where particles are expected (m): the broad phase's grid covers at most this.
  void set_grid_bounds(const UniformGrid::Bounds& bounds) { grid_bounds_ = bounds; }
  /// Some pair of particles whose centres are closer than `distance` (m), if any.
  std::optional<std::pair<size_t, size_t>> pair_closer_than(double distance);
  /// Adds a particle (m, m/s, kg).
  void add(const Eigen::Vector3d& x, const Eigen::Vector3d& v, double mass);
  /// Call after changing the model (k_s, g, ...) or the particles by hand.
  void forces_changed() { accelerations_valid_ = stepper_current_ = false; }
  /// Particles per part of the spring laws' steps above which they are
  /// stepped and summed in parts, a thread each where there are several
  /// (core/worker_pool.h). The forces do not depend on it (to the last
  /// bit); the spring energy, summed per part, only by round-off.
  void set_part_size(size_t particles) { part_size_ = std::max<size_t>(particles, 1); }
  /// Large enough that a part's time dwarfs handing it to a thread, and
  /// that only a few percent of the contacts join two parts (each of which
  /// then measures it): 100,000 particles are summed in 4 parts. Built
  /// without threads (WebAssembly) a pile is one part: more would only cost
  /// (6-10% for 100,000 particles under node).
  static constexpr size_t kDefaultPartSize = WorkerPool::kThreaded ? 25000 : static_cast<size_t>(-1);

  /// One step of model.h, with `bodies` among the particles if any (by
  /// semi-implicit Euler or leapfrog only, without impulses). Returns false,
  /// and leaves the state as it is, if a position is not finite (the run has
  /// exploded past recovery).
  bool step(const ParticleModel& model, BodiesAmongParticles* bodies = nullptr);
  /// Steps of model.h while a whole one fits before t_end (s), calling
  /// after_step() after each, until yield() (asked between steps) says stop.
  /// False if a step failed (step()).
  bool advance_to(const ParticleModel& model, double t_end, const std::function<void()>& after_step,
                  const std::function<bool()>& yield, BodiesAmongParticles* bodies = nullptr);
  /// Whether a whole step of model.h fits before t_end (s).
  bool step_fits(const ParticleModel& model, double t_end) const;
  /// The state's time (s): whole steps counted from where the current step size began.
  double time() const { return clock_start_ + clock_steps_ * clock_h_; }
  /// Puts the clock at t (s), as of a loaded state.
  void set_time(double t) {
    clock_start_ = t;
    clock_steps_ = 0;
  }
  /// Re-evaluates forces, spring energy and contact flags at the current state
  /// without counting contacts (after add(), a model change or a load).
  bool refresh(const ParticleModel& model, BodiesAmongParticles* bodies = nullptr);
  /// Adds `force` (N) on particle i to its acceleration and marks it
  /// touching, until the next evaluation (BodiesAmongParticles::add_forces).
  void push(size_t i, const Eigen::Vector3d& force);

  size_t size() const { return id_.size(); }
  /// Of particle i, the i-th added (m, m/s, kg).
  Eigen::Vector3d position(size_t i) const { return x_.at(slot_[i]); }
  Eigen::Vector3d velocity(size_t i) const { return v_.at(slot_[i]); }
  double mass(size_t i) const { return mass_[slot_[i]]; }
  /// Touched another particle or a surface at the last contact evaluation.
  bool touching(size_t i) const { return touching_[slot_[i]] != 0; }
  /// Calls visit(i, x, touching) for every particle i at x (m), in the
  /// order stored: faster than by index, for extremes, and for sums whose
  /// order does not matter beyond round-off.
  template <class Visit>
  void for_each_position(Visit&& visit) const {
    for (size_t s = 0; s < id_.size(); ++s) visit(static_cast<size_t>(id_[s]), x_.at(s), touching_[s] != 0);
  }
  const ContactTally& tally() const { return tally_; }

  double total_mass() const;                     ///< kg
  double kinetic_energy() const;                 ///< J
  double potential_energy(double g) const;       ///< J, zero at z = 0
  double spring_energy() const { return spring_energy_; }  ///< J, at the current x (springs only)
  Eigen::Vector3d momentum() const;              ///< kg m/s

 private:
  /// What sum_contact_forces() adds up besides the forces.
  struct ContactSums {
    double spring_energy = 0;  // J
    long long pair_onsets = 0, surface_onsets = 0;
  };
  /// The particles in slots [begin, end), one part of a contact sum, and
  /// the pairs in contact whose first particle is theirs.
  struct ContactPart {
    int begin = 0, end = 0;
    std::vector<std::pair<int, int>> in_contact;  // slots; the first `contacts` are the pairs in contact
    size_t contacts = 0;
    size_t first_leaving = 0;  // no pair in contact before it has its second particle past `end`
    std::vector<std::pair<int, int>> entering;  // earlier parts' contacts with a second particle here
    ContactSums sums;
  };
  /// Parts the stored particles are stepped and summed in (each on a
  /// thread of its own where there are several): a number that depends on
  /// the particle count, the part size and the law, never on the threads.
  int contact_part_count(const ParticleModel& model) const;
  /// Parts of at most part_size_ particles (the steps' own loops).
  int part_count() const;
  /// Calls work(p, begin, end) for each of `parts` equal parts p, slots
  /// [begin, end), at once where threads allow.
  template <class Work>
  void for_each_part(int parts, Work&& work) const;
  /// Whether the neighbour list holds for the current positions (checked in `parts` parts).
  bool neighbours_holds(const ParticleModel& model, int parts) const;
  /// The accelerations a_ under gravity and the contacts, and the contact
  /// flags, in the D axes in use, by the linear law or (kHertz) a
  /// Hertz-family law, in `parts` parts.
  template <int D, bool kHertz>
  ContactSums sum_contact_forces(const ParticleModel& model, const NeighbourList& neighbours, int parts);
  /// The pairs of `part` in contact (kSplit: one of several parts).
  template <int D, bool kSplit>
  void list_contacts(const ParticleModel& model, const NeighbourList& neighbours, ContactPart& part) const;
  /// The accelerations and contact flags of part p's particles, and its sums.
  template <int D, bool kHertz, bool kSplit>
  void sum_part(const ParticleModel& model, const NeighbourList& neighbours, int p);
  /// The data of the first D axes in use of `arrays` (an AxisArrays).
  template <int D, class Arrays>
  auto axis_data(Arrays& arrays) const;
  /// Forces (as accelerations), spring energy and contact flags at the
  /// current state; `count` adds the contacts begun to the tally. With
  /// `may_reorder` a rebuilt neighbour list also puts the particles in cell
  /// order (not within a stepper's step, whose state is in the old order).
  bool evaluate_accelerations(const ParticleModel& model, bool count, bool may_reorder,
                              BodiesAmongParticles* bodies);
  /// Lists the contact candidates anew, first sorting the particles by cell if `reorder`.
  bool rebuild_neighbours(const ParticleModel& model, bool reorder);
  /// Stores the particles in the order of `order` (their slots before).
  void reorder(const std::vector<int>& order);
  /// The positions in storage order (m), for the grid.
  const std::vector<Eigen::Vector3d>& gather_positions();
  /// The positions in the order added (m), for the grid of the impulse sweep.
  const std::vector<Eigen::Vector3d>& gather_positions_as_added();
  /// The grid, bounded by set_grid_bounds().
  UniformGrid& bounded_grid();
  /// Normal force (N) and elastic energy (J) of one contact under a
  /// Hertz-family law: overlap `depth` (m), its rate (m/s, > 0 approaching).
  /// `key` names the contact for its approach speed at onset (kept across steps).
  std::pair<double, double> hertz_contact(const ParticleModel& model, uint64_t key, double depth, double rate);
  bool resolve_impulses(const ParticleModel& model);
  /// One step of model.h of the state, the clock aside.
  bool step_state(const ParticleModel& model, BodiesAmongParticles* bodies);
  /// One step of h by rk4 or dopri5.
  bool step_with_stepper(const ParticleModel& model);
  void pack(Vec& y) const;
  void unpack(const Vec& y);

  // By storage slot. a_ holds the contact forces (N) while they are summed.
  AxisArrays x_, v_, a_;
  Scratch<std::vector<ContactPart>> contact_parts_;  // while the forces are summed
  // The axes the particles move along (z always: gravity acts along it). A
  // 2D run uses x and z, and the loops leave y out: it stays exactly zero,
  // as no force has a component along an axis that no position, velocity
  // or plane normal has.
  AxesInUse axes_{{2, 0, 0}, 1};
  std::vector<double> mass_, inverse_mass_;
  std::vector<unsigned char> touching_;
  std::vector<int> id_;    // the particle in each slot (its index in the order added)
  std::vector<int> slot_;  // the slot of each particle
  std::vector<SurfacePlane> surfaces_;
  UniformGrid::Bounds grid_bounds_;
  // Built anew for each use (the neighbour list, the impulse sweep, a search).
  Scratch<UniformGrid> grid_;
  // Shared with the copies of this system until it is rebuilt: it never
  // changes once built (a copy at every sample interval need not copy it).
  std::shared_ptr<NeighbourList> neighbours_;
  // The list before it, to be rebuilt in place once no copy shares it.
  Scratch<std::shared_ptr<NeighbourList>> previous_neighbours_;
  Scratch<std::vector<Eigen::Vector3d>> points_;  // m, positions gathered for the grid
  Scratch<std::array<std::vector<double>, 8>> reorder_buffers_;  // one per array reorder() puts in order
  ContactTally tally_;
  // The clock: clock_steps_ steps of clock_h_ (s) since clock_start_ (s), where that step size began.
  double clock_start_ = 0, clock_h_ = 0;
  long long clock_steps_ = 0;
  size_t part_size_ = kDefaultPartSize;
  double spring_energy_ = 0;
  bool accelerations_valid_ = false;
  // Hertz-family laws: each contact's approach speed at its first step in
  // contact (m/s), by contact key; rebuilt at every counted evaluation, so it
  // holds the current contacts only.
  std::unordered_map<uint64_t, double> onset_speeds_;
  Scratch<std::unordered_map<uint64_t, double>> next_onset_speeds_;
  bool counting_ = false;  // the evaluation in progress updates them
  Stepper stepper_;          // rk4 and dopri5, on y = [x, v]
  bool stepper_current_ = false;  // its y is the state and its settings the model's
  StepperSettings stepper_settings_;
  Scratch<Vec> y_start_;           // the state before a stepper step, kept to undo a failed one
};

}  // namespace cl
