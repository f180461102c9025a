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
// next step: leapfrog's first kick is the previous step's last); the spring
// energy and the contact flags therefore always belong to the current x.
// rk4 and dopri5 are the shared integrators (integrators/stepper.h) on
// y = [x, v]: each step() advances h, dopri5 in steps of its own within it.
// Their stages do not count contacts; an evaluation at the end of each
// step does (one more per step).
//
// Positions are 3-vectors in every dimension: a 1D run moves along z only, a
// 2D run in x and z; the unused components stay exactly zero.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "contact/normal_law.h"
#include "geometry/uniform_grid.h"
#include "integrators/stepper.h"

namespace cl {

/// Impulses, seed 003's linear spring-dashpot (k_s, k_d), or a Hertz-family
/// law of contact/normal_law.h (k_h ρ^{3/2}, damped by c_τ).
enum class ContactModel { Impulse, SpringDashpot, HertzFamily };

struct ParticleModel {
  ContactModel contact = ContactModel::SpringDashpot;
  IntegratorKind integrator = IntegratorKind::SemiImplicitEuler;
  double h = 1e-3;   ///< s, time step
  double rtol = 1e-6;  ///< dopri5's relative tolerance
  double e = 1;      ///< restitution of impulses
  double k_p = 0;    ///< projection factor of impulses, in [0, 1]
  double k_s = 8000; ///< N/m, contact spring
  double k_d = 0;    ///< N s/m, contact dashpot
  NormalLaw hertz_law = NormalLaw::HuntCrossley;  ///< the HertzFamily law
  double k_h = 1e5;  ///< N/m^1.5, Hertz stiffness of the HertzFamily laws
  double c_tau = 1;  ///< restitution parameter of the damped HertzFamily laws
  double r = 0.3;    ///< m, radius of every particle
  double g = 9.81;   ///< m/s^2, along -z
};

/// A fixed plane {y : y.normal = offset}; `normal` (unit) points to the free side.
struct SurfacePlane {
  Eigen::Vector3d normal;
  double offset;  ///< m
};

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
  void set_grid_bounds(const UniformGrid::Bounds& bounds) { grid_.set_bounds(bounds); }
  /// Some pair of particles whose centres are closer than `distance` (m), if any.
  std::optional<std::pair<size_t, size_t>> pair_closer_than(double distance);
  /// Adds a particle (m, m/s, kg).
  void add(const Eigen::Vector3d& x, const Eigen::Vector3d& v, double mass);
  /// Call after changing the model (k_s, g, ...) or the particles by hand.
  void forces_changed() { accelerations_valid_ = stepper_current_ = false; }

  /// One step of model.h. Returns false, and leaves the state as it is, if a
  /// position is not finite (the run has exploded past recovery).
  bool step(const ParticleModel& model);
  /// Re-evaluates forces, spring energy and contact flags at the current state
  /// without counting contacts (after add(), a model change or a load).
  bool refresh(const ParticleModel& model);

  size_t size() const { return x_.size(); }
  const std::vector<Eigen::Vector3d>& positions() const { return x_; }
  const std::vector<Eigen::Vector3d>& velocities() const { return v_; }
  double mass(size_t i) const { return mass_[i]; }
  /// Touched another particle or a surface at the last contact evaluation.
  bool touching(size_t i) const { return touching_[i] != 0; }
  const ContactTally& tally() const { return tally_; }

  double kinetic_energy() const;                 ///< J
  double potential_energy(double g) const;       ///< J, zero at z = 0
  double spring_energy() const { return spring_energy_; }  ///< J, at the current x (springs only)
  Eigen::Vector3d momentum() const;              ///< kg m/s

 private:
  bool evaluate_accelerations(const ParticleModel& model, bool count);
  /// Normal force (N) and elastic energy (J) of one contact under a
  /// Hertz-family law: overlap `depth` (m), its rate (m/s, > 0 approaching).
  /// `key` names the contact for its approach speed at onset (kept across steps).
  std::pair<double, double> hertz_contact(const ParticleModel& model, uint64_t key, double depth, double rate);
  bool resolve_impulses(const ParticleModel& model);
  /// One step of h by rk4 or dopri5.
  bool step_with_stepper(const ParticleModel& model);
  void pack(Vec& y) const;
  void unpack(const Vec& y);

  std::vector<Eigen::Vector3d> x_, v_, a_;
  std::vector<double> mass_, inverse_mass_;
  std::vector<unsigned char> touching_;
  std::vector<SurfacePlane> surfaces_;
  UniformGrid grid_;
  ContactTally tally_;
  double spring_energy_ = 0;
  bool accelerations_valid_ = false;
  // Hertz-family laws: each contact's approach speed at its first step in
  // contact (m/s), by contact key; rebuilt at every counted evaluation, so it
  // holds the current contacts only.
  std::unordered_map<uint64_t, double> onset_speeds_, next_onset_speeds_;
  bool counting_ = false;  // the evaluation in progress updates them
  Stepper stepper_;          // rk4 and dopri5, on y = [x, v]
  bool stepper_current_ = false;  // its y is the state and its settings the model's
  StepperSettings stepper_settings_;
  Vec y_start_;                    // the state before a stepper step, kept to undo a failed one
};

}  // namespace cl
