#include "particles/particle_system.h"

#include <limits>
#include <type_traits>
#include <utility>

#include "particles/impulse_contact.h"
#include "particles/sphere_overlap.h"
#include "particles/spring_dashpot_contact.h"

namespace cl {

using Eigen::Vector3d;

void ParticleSystem::clear() {
  onset_speeds_.clear();
  x_.clear();
  v_.clear();
  a_.clear();
  mass_.clear();
  inverse_mass_.clear();
  touching_.clear();
  tally_ = {};
  spring_energy_ = 0;
  accelerations_valid_ = stepper_current_ = false;
}

void ParticleSystem::set_surfaces(std::vector<SurfacePlane> surfaces) {
  surfaces_ = std::move(surfaces);
  accelerations_valid_ = stepper_current_ = false;
}

void ParticleSystem::add(const Vector3d& x, const Vector3d& v, double mass) {
  x_.push_back(x);
  v_.push_back(v);
  a_.push_back(Vector3d::Zero());
  mass_.push_back(mass);
  inverse_mass_.push_back(1 / mass);
  touching_.push_back(0);
  accelerations_valid_ = stepper_current_ = false;
}

bool ParticleSystem::refresh(const ParticleModel& model) { return evaluate_accelerations(model, false); }

bool ParticleSystem::step(const ParticleModel& model) {
  if (model.contact == ContactModel::Impulse && !resolve_impulses(model)) return false;
  if (model.integrator == IntegratorKind::Rk4 || model.integrator == IntegratorKind::Dopri5)
    return step_with_stepper(model);
  if (!accelerations_valid_ && !evaluate_accelerations(model, false)) return false;
  const double h = model.h;
  const size_t n = x_.size();
  if (model.integrator == IntegratorKind::SemiImplicitEuler) {
    for (size_t i = 0; i < n; ++i) {
      v_[i] += h * a_[i];
      x_[i] += h * v_[i];
    }
    return evaluate_accelerations(model, true);
  }
  for (size_t i = 0; i < n; ++i) {
    v_[i] += (0.5 * h) * a_[i];
    x_[i] += h * v_[i];
  }
  if (!evaluate_accelerations(model, true)) return false;
  for (size_t i = 0; i < n; ++i) v_[i] += (0.5 * h) * a_[i];
  return true;
}

void ParticleSystem::pack(Vec& y) const {
  const Eigen::Index n = static_cast<Eigen::Index>(x_.size());
  y.resize(6 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    y.segment<3>(3 * i) = x_[i];
    y.segment<3>(3 * (n + i)) = v_[i];
  }
}

void ParticleSystem::unpack(const Vec& y) {
  const Eigen::Index n = static_cast<Eigen::Index>(x_.size());
  for (Eigen::Index i = 0; i < n; ++i) {
    x_[i] = y.segment<3>(3 * i);
    v_[i] = y.segment<3>(3 * (n + i));
  }
}

bool ParticleSystem::step_with_stepper(const ParticleModel& model) {
  const Eigen::Index n = static_cast<Eigen::Index>(x_.size());
  // Stages: x, v from y; y' = [v, a(x, v)]. A broad phase that cannot take
  // the positions (not finite) gives NaN slopes, which dopri5 refuses.
  bool evaluated = true;
  const OdeRhs f = [&](double, const Vec& y, Vec& dydt) {
    unpack(y);
    if (!evaluate_accelerations(model, false)) {
      evaluated = false;
      dydt.setConstant(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    dydt.head(3 * n) = y.tail(3 * n);
    for (Eigen::Index i = 0; i < n; ++i) dydt.segment<3>(3 * (n + i)) = a_[i];
  };
  StepperSettings settings;
  settings.kind = model.integrator;
  settings.h = settings.h_max = model.h;
  settings.rtol = model.rtol;
  settings.atol = 1e-3 * model.rtol * model.r;
  const bool same_settings = settings.kind == stepper_settings_.kind && settings.h == stepper_settings_.h &&
                             settings.rtol == stepper_settings_.rtol;
  pack(y_start_);
  // Impulses and hand-made changes move the state between steps: start afresh.
  if (!stepper_current_ || !same_settings || model.contact == ContactModel::Impulse) {
    stepper_settings_ = settings;
    stepper_.configure(settings);
    stepper_.start(0, y_start_, f);
  }
  const double t_end = stepper_.t() + model.h;
  constexpr long long kMaxSubsteps = 100000;  // dopri5 within one h
  bool ok = true;
  for (long long k = 0; ok && stepper_.t() < t_end; ++k) ok = k < kMaxSubsteps && stepper_.step(f, t_end);
  ok = ok && evaluated && stepper_.y().allFinite();
  unpack(ok ? stepper_.y() : y_start_);
  stepper_current_ = ok;
  // The contacts, their onsets and the spring energy at the new state.
  return evaluate_accelerations(model, true) && ok;
}

bool ParticleSystem::evaluate_accelerations(const ParticleModel& model, bool count) {
  const size_t n = x_.size();
  const Vector3d gravity(0, 0, -model.g);
  spring_energy_ = 0;
  if (model.contact == ContactModel::Impulse) {
    // Contacts act by impulses between steps; the force is gravity alone.
    for (size_t i = 0; i < n; ++i) a_[i] = gravity;
    accelerations_valid_ = true;
    return true;
  }
  const double diameter = 2 * model.r, diameter_squared = diameter * diameter;
  // a_ holds forces (N) until the last loop turns them into accelerations.
  for (size_t i = 0; i < n; ++i) {
    a_[i].setZero();
    touching_[i] = 0;
  }
  if (!grid_.build(x_, diameter)) return false;
  const bool hertz = model.contact == ContactModel::HertzFamily;
  counting_ = count && hertz;
  if (counting_) next_onset_speeds_.clear();
  double energy = 0;
  long long pair_onsets = 0, surface_onsets = 0;
  const double h = model.h;
  // The loops are instantiated once per law family, so the seed's linear
  // law runs without the Hertz family's per-contact bookkeeping.
  const auto accumulate = [&](auto hertz_law) {
    constexpr bool kHertz = decltype(hertz_law)::value;
    const auto force_of = [&](uint64_t key, double depth, double rate) {
      if constexpr (kHertz) return hertz_contact(model, key, depth, rate);
      else return std::pair(spring_dashpot_force(depth, rate, model.k_s, model.k_d), cl::spring_energy(depth, model.k_s));
    };
    grid_.for_each_candidate_pair([&](int a, int b) {
      if ((x_[b] - x_[a]).squaredNorm() > diameter_squared) return;
      const SphereOverlap o = sphere_overlap(x_[a], x_[b], diameter);
      const double rate = (v_[a] - v_[b]).dot(o.normal);  // m/s, > 0 approaching
      const auto key = (static_cast<uint64_t>(std::min(a, b)) << 32) | static_cast<uint32_t>(std::max(a, b));
      const auto [force, spring] = force_of(key, o.depth, rate);
      const Vector3d f = force * o.normal;
      a_[a] -= f;
      a_[b] += f;
      energy += spring;
      touching_[a] = touching_[b] = 1;
      // Begun in this step: the overlap one step ago (linearly) was negative.
      if (o.depth - h * rate < 0) ++pair_onsets;
    });
    for (size_t k = 0; k < surfaces_.size(); ++k)
      for (size_t i = 0; i < n; ++i) {
        const SurfacePlane& s = surfaces_[k];
        const double depth = model.r - (x_[i].dot(s.normal) - s.offset);
        if (depth < 0) continue;
        const double rate = -v_[i].dot(s.normal);
        const auto [force, spring] =
            force_of((static_cast<uint64_t>(i) << 32) | (0xffffff00u + static_cast<uint32_t>(k)), depth, rate);
        a_[i] += force * s.normal;
        energy += spring;
        touching_[i] = 1;
        if (depth - h * rate < 0) ++surface_onsets;
      }
  };
  if (hertz)
    accumulate(std::true_type{});
  else
    accumulate(std::false_type{});
  for (size_t i = 0; i < n; ++i) a_[i] = a_[i] * inverse_mass_[i] + gravity;
  if (counting_) onset_speeds_.swap(next_onset_speeds_);
  spring_energy_ = energy;
  if (count) {
    tally_.pair += pair_onsets;
    tally_.surface += surface_onsets;
  }
  accelerations_valid_ = true;
  return true;
}

std::pair<double, double> ParticleSystem::hertz_contact(const ParticleModel& model, uint64_t key, double depth,
                                                         double rate) {
  // The approach speed at onset: the rate at the contact's first step in
  // contact (within a step of the true onset; the integrators here are fixed-step).
  const auto known = onset_speeds_.find(key);
  const double onset = known != onset_speeds_.end() ? known->second : rate;
  if (counting_) next_onset_speeds_.emplace(key, onset);
  NormalLawParams law;
  law.hertz_stiffness = model.k_h;
  law.restitution = model.c_tau;
  const NormalForce f = normal_force(model.hertz_law, law, {depth, rate, onset});
  return {f.force, f.elastic_energy};
}

bool ParticleSystem::resolve_impulses(const ParticleModel& model) {
  const size_t n = x_.size();
  const double diameter = 2 * model.r, diameter_squared = diameter * diameter;
  for (size_t i = 0; i < n; ++i) touching_[i] = 0;
  if (!grid_.build(x_, diameter)) return false;
  // One sweep, in grid order; each impulse sees the velocities the previous ones left.
  grid_.for_each_candidate_pair([&](int a, int b) {
    if ((x_[b] - x_[a]).squaredNorm() > diameter_squared) return;
    const ImpulseOutcome o = collide_spheres(x_[a], v_[a], inverse_mass_[a], x_[b], v_[b], inverse_mass_[b], model.r,
                                             model.r, model.e, model.k_p);
    if (!o.touching) return;
    touching_[a] = touching_[b] = 1;
    if (o.impact) ++tally_.pair;
  });
  for (const SurfacePlane& s : surfaces_)
    for (size_t i = 0; i < n; ++i) {
      const ImpulseOutcome o = collide_sphere_plane(x_[i], v_[i], model.r, s.normal, s.offset, model.e, model.k_p);
      if (!o.touching) continue;
      touching_[i] = 1;
      if (o.impact) ++tally_.surface;
    }
  return true;
}

std::optional<std::pair<size_t, size_t>> ParticleSystem::pair_closer_than(double distance) {
  if (!grid_.build(x_, distance)) return std::nullopt;
  std::optional<std::pair<size_t, size_t>> found;
  grid_.for_each_candidate_pair([&](int a, int b) {
    if (!found && (x_[b] - x_[a]).squaredNorm() < distance * distance)
      found = std::pair<size_t, size_t>(std::min(a, b), std::max(a, b));
  });
  return found;
}

double ParticleSystem::kinetic_energy() const {
  double e = 0;
  for (size_t i = 0; i < x_.size(); ++i) e += 0.5 * mass_[i] * v_[i].squaredNorm();
  return e;
}

double ParticleSystem::potential_energy(double g) const {
  double e = 0;
  for (size_t i = 0; i < x_.size(); ++i) e += mass_[i] * g * x_[i].z();
  return e;
}

Vector3d ParticleSystem::momentum() const {
  Vector3d p = Vector3d::Zero();
  for (size_t i = 0; i < x_.size(); ++i) p += mass_[i] * v_[i];
  return p;
}

}  // namespace cl
