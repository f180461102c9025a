#include "particles/particle_system.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "core/worker_pool.h"
#include "integrators/kick_drift.h"
#include "particles/impulse_contact.h"
#include "particles/sphere_contact_block.h"
#include "particles/spring_dashpot_contact.h"

namespace cl {

using Eigen::Vector3d;

namespace {

// The neighbour list's skin, in units of the diameter: a thicker skin lists
// more pairs that are not in contact, a thinner one is rebuilt more often.
constexpr double kSkinPerDiameter = 0.3;

/// The sum of term(s) for s in [0, n) in four interleaved partial sums, so
/// that each addition need not wait for the one before (the sums over a
/// pile of 100,000 particles at every sample). Under four terms it is the
/// plain sum, to the last bit.
template <class Term>
double sum_over(size_t n, Term term) {
  double partial[4] = {0, 0, 0, 0};
  size_t s = 0;
  for (; s + 4 <= n; s += 4)
    for (int k = 0; k < 4; ++k) partial[k] += term(s + k);
  for (; s < n; ++s) partial[0] += term(s);
  return (partial[0] + partial[1]) + (partial[2] + partial[3]);
}

/// Names a contact by its two particles (in the order added), whichever slots they occupy.
uint64_t pair_key(int i, int j) {
  return (static_cast<uint64_t>(std::min(i, j)) << 32) | static_cast<uint32_t>(std::max(i, j));
}

/// Names the contact of particle i with plane k.
uint64_t surface_key(int i, size_t k) {
  return (static_cast<uint64_t>(i) << 32) | (0xffffff00u + static_cast<uint32_t>(k));
}

}  // namespace

std::pair<double, double> contact_force(const ParticleModel& model, double depth, double rate, double onset) {
  if (model.spring_dashpot())
    return {spring_dashpot_force(depth, rate, model.k_s, model.k_d), spring_energy(depth, model.k_s)};
  NormalLawParams law;
  law.hertz_stiffness = model.k_h;
  law.restitution = model.c_tau;
  const NormalForce f = normal_force(model.law, law, {depth, rate, onset});
  return {f.force, f.elastic_energy};
}

void ParticleSystem::clear() {
  onset_speeds_.clear();
  x_.clear();
  v_.clear();
  a_.clear();
  mass_.clear();
  inverse_mass_.clear();
  touching_.clear();
  id_.clear();
  slot_.clear();
  axes_ = {{2, 0, 0}, 1};
  for (const SurfacePlane& s : surfaces_) axes_.include(s.normal);
  neighbours_.reset();
  tally_ = {};
  spring_energy_ = 0;
  accelerations_valid_ = stepper_current_ = false;
  set_time(0);
}

void ParticleSystem::set_surfaces(std::vector<SurfacePlane> surfaces) {
  surfaces_ = std::move(surfaces);
  for (const SurfacePlane& s : surfaces_) axes_.include(s.normal);
  neighbours_.reset();
  accelerations_valid_ = stepper_current_ = false;
}

void ParticleSystem::add(const Vector3d& x, const Vector3d& v, double mass) {
  const int i = static_cast<int>(id_.size());
  x_.push_back(x);
  v_.push_back(v);
  a_.push_back(Vector3d::Zero());
  mass_.push_back(mass);
  inverse_mass_.push_back(1 / mass);
  touching_.push_back(0);
  id_.push_back(i);
  slot_.push_back(i);
  axes_.include(x);
  axes_.include(v);
  neighbours_.reset();
  accelerations_valid_ = stepper_current_ = false;
}

bool ParticleSystem::refresh(const ParticleModel& model, BodiesAmongParticles* bodies) {
  return evaluate_accelerations(model, false, false, bodies);
}

void ParticleSystem::push(size_t i, const Vector3d& force) {
  const int s = slot_[i];
  for (const int k : axes_) a_.axis[k][s] += force[k] * inverse_mass_[s];
  touching_[s] = 1;
}

bool ParticleSystem::step(const ParticleModel& model, BodiesAmongParticles* bodies) {
  if (model.h != clock_h_) {  // a new step size begins where the state is
    clock_start_ = time();
    clock_steps_ = 0;
    clock_h_ = model.h;
  }
  if (!step_state(model, bodies)) return false;
  ++clock_steps_;
  return true;
}

bool ParticleSystem::step_fits(const ParticleModel& model, double t_end) const {
  const bool same_h = model.h == clock_h_;
  const double start = same_h ? clock_start_ : time();
  const long long steps = same_h ? clock_steps_ : 0;
  return start + (steps + 1) * model.h <= t_end + 1e-9 * model.h;
}

bool ParticleSystem::advance_to(const ParticleModel& model, double t_end, const std::function<void()>& after_step,
                                const std::function<bool()>& yield, BodiesAmongParticles* bodies) {
  while (step_fits(model, t_end)) {
    if (!step(model, bodies)) return false;
    if (after_step) after_step();
    if (yield && step_fits(model, t_end) && yield()) break;
  }
  return true;
}

bool ParticleSystem::step_state(const ParticleModel& model, BodiesAmongParticles* bodies) {
  if (model.impulse && !resolve_impulses(model)) return false;
  if (!is_kick_drift(model.integrator)) return step_with_stepper(model);
  if (!accelerations_valid_ && !evaluate_accelerations(model, false, true, bodies)) return false;
  const int parts = contact_part_count(model);
  const auto kick_drift = [&](double kick, double drift) {
    for_each_part(parts, [&](int, int begin, int end) {
      for (const int k : axes_) {
        double* x = x_.axis[k].data();
        double* v = v_.axis[k].data();
        const double* a = a_.axis[k].data();
        for (int i = begin; i < end; ++i) {
          v[i] += kick * a[i];
          x[i] += drift * v[i];
        }
      }
    });
    if (bodies) bodies->kick_drift(kick, drift);
  };
  const auto kick = [&](double dt) {
    for_each_part(parts, [&](int, int begin, int end) {
      for (const int k : axes_) {
        double* v = v_.axis[k].data();
        const double* a = a_.axis[k].data();
        for (int i = begin; i < end; ++i) v[i] += dt * a[i];
      }
    });
    if (bodies) bodies->kick(dt);
  };
  return kick_drift_step(model.integrator, model.h, kick_drift,
                         [&] { return evaluate_accelerations(model, true, true, bodies); }, kick);
}

void ParticleSystem::pack(Vec& y) const {
  const Eigen::Index n = static_cast<Eigen::Index>(size());
  y.resize(6 * n);
  for (Eigen::Index i = 0; i < n; ++i) {
    y.segment<3>(3 * i) = x_.at(i);
    y.segment<3>(3 * (n + i)) = v_.at(i);
  }
}

void ParticleSystem::unpack(const Vec& y) {
  const Eigen::Index n = static_cast<Eigen::Index>(size());
  for (Eigen::Index i = 0; i < n; ++i) {
    x_.set(i, y.segment<3>(3 * i));
    v_.set(i, y.segment<3>(3 * (n + i)));
  }
}

bool ParticleSystem::step_with_stepper(const ParticleModel& model) {
  const Eigen::Index n = static_cast<Eigen::Index>(size());
  // Stages: x, v from y; y' = [v, a(x, v)]. A broad phase that cannot take
  // the positions (not finite) gives NaN slopes, which dopri5 refuses.
  bool evaluated = true;
  const OdeRhs f = [&](double, const Vec& y, Vec& dydt) {
    unpack(y);
    if (!evaluate_accelerations(model, false, false, nullptr)) {
      evaluated = false;
      dydt.setConstant(std::numeric_limits<double>::quiet_NaN());
      return;
    }
    dydt.head(3 * n) = y.tail(3 * n);
    for (Eigen::Index i = 0; i < n; ++i) dydt.segment<3>(3 * (n + i)) = a_.at(i);
  };
  StepperSettings settings;
  settings.kind = model.integrator;
  settings.h = settings.h_max = model.h;
  settings.rtol = model.rtol;
  settings.atol = 1e-3 * model.rtol * model.r;
  const bool same_settings = settings.kind == stepper_settings_.kind && settings.h == stepper_settings_.h &&
                             settings.rtol == stepper_settings_.rtol;
  pack(*y_start_);
  // Impulses and hand-made changes move the state between steps: start afresh.
  if (!stepper_current_ || !same_settings || model.impulse) {
    stepper_settings_ = settings;
    stepper_.configure(settings);
    stepper_.start(0, *y_start_, f);
  }
  const double t_end = stepper_.t() + model.h;
  constexpr long long kMaxSubsteps = 100000;  // dopri5 within one h
  bool ok = true;
  for (long long k = 0; ok && stepper_.t() < t_end; ++k) ok = k < kMaxSubsteps && stepper_.step(f, t_end);
  ok = ok && evaluated && stepper_.y().allFinite();
  unpack(ok ? stepper_.y() : *y_start_);
  stepper_current_ = ok;
  // The contacts, their onsets and the spring energy at the new state.
  return evaluate_accelerations(model, true, false, nullptr) && ok;
}

const std::vector<Vector3d>& ParticleSystem::gather_positions() {
  std::vector<Vector3d>& points = *points_;
  points.resize(size());
  for_each_part(part_count(), [&](int, int begin, int end) {
    for (int s = begin; s < end; ++s) points[s] = x_.at(s);
  });
  return points;
}

const std::vector<Vector3d>& ParticleSystem::gather_positions_as_added() {
  std::vector<Vector3d>& points = *points_;
  points.resize(size());
  for (size_t i = 0; i < points.size(); ++i) points[i] = position(i);
  return points;
}

UniformGrid& ParticleSystem::bounded_grid() {
  grid_->set_bounds(grid_bounds_);
  return *grid_;
}

void ParticleSystem::reorder(const std::vector<int>& order) {
  // Array by array, each through a buffer of its own: at once on the pool's
  // threads for a pile in parts. Forces and contact flags are evaluated
  // anew right after.
  std::array<std::vector<double>*, 8> arrays;  // positions and velocities along the axes in use, masses
  int count = 0;
  for (const int k : axes_) {
    arrays[count++] = &x_.axis[k];
    arrays[count++] = &v_.axis[k];
  }
  arrays[count++] = &mass_;
  arrays[count++] = &inverse_mass_;
  std::array<std::vector<double>, 8>& buffers = *reorder_buffers_;
  const auto put_in_order = [&](int t) {
    if (t == count) {
      for (size_t s = 0; s < order.size(); ++s) slot_[s] = id_[order[s]];  // slot_ as the buffer: recomputed below
      id_.swap(slot_);
      for (size_t s = 0; s < id_.size(); ++s) slot_[id_[s]] = static_cast<int>(s);
      return;
    }
    std::vector<double>& values = *arrays[t];
    std::vector<double>& buffer = buffers[t];
    buffer.resize(values.size());
    for (size_t s = 0; s < order.size(); ++s) buffer[s] = values[order[s]];
    values.swap(buffer);
  };
  if (part_count() > 1)
    WorkerPool::shared().run(count + 1, put_in_order);
  else
    for (int t = 0; t <= count; ++t) put_in_order(t);
  stepper_current_ = false;  // a stepper's y is in the old order
}

bool ParticleSystem::rebuild_neighbours(const ParticleModel& model, bool reorder_by_cell) {
  const double skin = kSkinPerDiameter * 2 * model.r;
  UniformGrid& grid = bounded_grid();
  if (!grid.build(gather_positions(), NeighbourList::reach(model.r, skin))) return false;
  if (reorder_by_cell) {
    reorder(grid.points_by_cell());
    grid.renumber_by_cell();
    gather_positions();
  }
  // Copy on write: the list in use may be shared with copies of this
  // system, the one before it too, or neither by now.
  if (neighbours_.use_count() > 1) std::swap(neighbours_, *previous_neighbours_);
  if (neighbours_.use_count() > 1 || !neighbours_) neighbours_ = std::make_shared<NeighbourList>();
  neighbours_->build(grid, *points_, model.r, skin, surfaces_, contact_part_count(model));
  return true;
}

int ParticleSystem::contact_part_count(const ParticleModel& model) const {
  // The Hertz family's onset speeds are one map, filled contact by contact.
  return model.hertz_family() ? 1 : part_count();
}

int ParticleSystem::part_count() const {
  return static_cast<int>(std::max<size_t>(1, size() / part_size_ + (size() % part_size_ != 0)));
}

template <class Work>
void ParticleSystem::for_each_part(int parts, Work&& work) const {
  const auto run_part = [&](int p) {
    const auto [begin, end] = WorkerPool::part_range(static_cast<int>(size()), parts, p);
    work(p, begin, end);
  };
  if (parts <= 1)
    run_part(0);
  else
    WorkerPool::shared().run(parts, run_part);
}

template <int D, class Arrays>
auto ParticleSystem::axis_data(Arrays& arrays) const {
  std::array<decltype(arrays.axis[0].data()), D> data;
  for (int j = 0; j < D; ++j) data[j] = arrays.axis[axes_.axis[j]].data();
  return data;
}

template <int D, bool kHertz>
ParticleSystem::ContactSums ParticleSystem::sum_contact_forces(const ParticleModel& model,
                                                               const NeighbourList& neighbours, int part_count) {
  // Each part sums the forces on its own particles, and only those: the
  // planes', then the pairs' in the order of the list (the pairs an earlier
  // part lists first), the same additions in the same order whatever the
  // parts. So the forces are the same to the last bit; the spring energy
  // is summed per part, then over the parts.
  std::vector<ContactPart>& parts = *contact_parts_;
  parts.resize(part_count);
  for (int p = 0; p < part_count; ++p)
    std::tie(parts[p].begin, parts[p].end) = WorkerPool::part_range(static_cast<int>(size()), part_count, p);
  if (part_count == 1) {
    list_contacts<D, false>(model, neighbours, parts[0]);
    sum_part<D, kHertz, false>(model, neighbours, 0);
  } else {
    for_each_part(part_count, [&](int p, int, int) { list_contacts<D, true>(model, neighbours, parts[p]); });
    for_each_part(part_count, [&](int p, int, int) { sum_part<D, kHertz, true>(model, neighbours, p); });
  }
  ContactSums sums;
  for (const ContactPart& part : parts) {
    sums.spring_energy += part.sums.spring_energy;
    sums.pair_onsets += part.sums.pair_onsets;
    sums.surface_onsets += part.sums.surface_onsets;
  }
  return sums;
}

template <int D, bool kSplit>
void ParticleSystem::list_contacts(const ParticleModel& model, const NeighbourList& neighbours,
                                   ContactPart& part) const {
  // The listed pairs in contact, found without a branch per pair: whether
  // a pair touches changes from pair to pair (in a settling pile a third to a
  // half of them do), which a branch would mispredict every other time.
  // Split in parts, each notes its first pair in contact whose second
  // particle is another's (one comparison more per pair).
  using VectorD = Eigen::Matrix<double, D, 1>;
  const std::array<const double*, D> x = axis_data<D>(x_);
  const auto at = [&x](int i) {
    VectorD p;
    for (int j = 0; j < D; ++j) p[j] = x[j][i];
    return p;
  };
  const double diameter_squared = 4 * model.r * model.r;
  const int begin = part.begin, end = part.end;
  std::vector<std::pair<int, int>>& in_contact = part.in_contact;
  in_contact.resize(neighbours.pair_count(begin, end));
  size_t contacts = 0, first_leaving = in_contact.size();
  for (int a = begin; a < end; ++a) {
    const VectorD x_a = at(a);
    for (const int b : neighbours.partners(a)) {
      in_contact[contacts] = {a, b};
      if constexpr (kSplit) first_leaving = std::min(first_leaving, b >= end ? contacts : first_leaving);
      contacts += (at(b) - x_a).squaredNorm() <= diameter_squared;
    }
  }
  part.contacts = contacts;
  part.first_leaving = std::min(first_leaving, contacts);
}

template <int D, bool kHertz, bool kSplit>
void ParticleSystem::sum_part(const ParticleModel& model, const NeighbourList& neighbours, int p) {
  using VectorD = Eigen::Matrix<double, D, 1>;
  const std::vector<ContactPart>& parts = *contact_parts_;
  ContactPart& part = (*contact_parts_)[p];
  const int begin = part.begin, end = part.end;
  const std::array<const double*, D> x = axis_data<D>(std::as_const(x_)), v = axis_data<D>(std::as_const(v_));
  // The forces are summed where the accelerations go, then divided by the masses there.
  const std::array<double*, D> f = axis_data<D>(a_);  // N, then m/s^2
  const auto at = [](const std::array<const double*, D>& arrays, int i) {
    VectorD value;
    for (int j = 0; j < D; ++j) value[j] = arrays[j][i];
    return value;
  };
  // The model's numbers, the flags' address and the sums as locals: a flag
  // is a byte, and a store through a byte may alias anything in memory,
  // which would make the compiler reload whatever it reads from memory at
  // every pair.
  const double r = model.r, k_s = model.k_s, k_d = model.k_d, h = model.h, diameter = 2 * r;
  unsigned char* const touching = touching_.data();
  const double* const inverse_mass = inverse_mass_.data();
  double energy = 0;  // J
  long long pair_onsets = 0, surface_onsets = 0;

  std::fill(touching + begin, touching + end, 0);
  for (int j = 0; j < D; ++j) std::fill(f[j] + begin, f[j] + end, 0.0);
  for (size_t k = 0; k < surfaces_.size(); ++k) {
    const SurfacePlane& s = surfaces_[k];
    VectorD normal;  // zero along the axes not in use
    for (int j = 0; j < D; ++j) normal[j] = s.normal[axes_.axis[j]];
    const double offset = s.offset;
    const std::vector<int>& near = neighbours.near_plane(k);  // ascending slots
    for (auto it = std::lower_bound(near.begin(), near.end(), begin); it != near.end() && *it < end; ++it) {
      const int i = *it;
      const double depth = r - (at(x, i).dot(normal) - offset);
      if (depth < 0) continue;
      const double rate = -at(v, i).dot(normal);
      double force, spring;  // N, J
      if constexpr (kHertz)
        std::tie(force, spring) = hertz_contact(model, surface_key(id_[i], k), depth, rate);
      else
        force = spring_dashpot_force(depth, rate, k_s, k_d), spring = cl::spring_energy(depth, k_s);
      for (int j = 0; j < D; ++j) f[j][i] += force * normal[j];
      energy += spring;
      touching[i] = 1;
      if (depth - h * rate < 0) ++surface_onsets;
    }
  }

  // Block by block: geometry and (linear law) forces without a branch per
  // contact, then added contact after contact, in the order of the list.
  // `own`: the part's own contacts, else those of earlier parts entering it.
  SphereContactBlock<D> block;
  constexpr int kBlock = SphereContactBlock<D>::kSize;
  double force[kBlock], spring[kBlock];  // N, J
  const auto sum_blocks = [&](const std::pair<int, int>* listed, size_t contacts, auto own) {
    for (size_t start = 0; start < contacts; start += kBlock) {
      const std::pair<int, int>* pairs = listed + start;
      const int count = static_cast<int>(std::min<size_t>(kBlock, contacts - start));
      block.measure(pairs, count, x, v, diameter);
      // Written out per law rather than through one function per contact
      // that picks the law: the landed 100,000-particle pile 5% faster (A/B, best of 6).
      if constexpr (kHertz) {
        for (int k = 0; k < count; ++k)
          std::tie(force[k], spring[k]) = hertz_contact(model, pair_key(id_[pairs[k].first], id_[pairs[k].second]),
                                                        block.depth[k], block.rate[k]);
      } else {
        for (int k = 0; k < count; ++k) {
          force[k] = spring_dashpot_force(block.depth[k], block.rate[k], k_s, k_d);
          spring[k] = cl::spring_energy(block.depth[k], k_s);
        }
      }
      for (int k = 0; k < count; ++k) {
        const int a = pairs[k].first, b = pairs[k].second;
        const bool b_here = !kSplit || !own || b < end;
        for (int j = 0; j < D; ++j) {
          const double f_ab = force[k] * block.normal[j][k];
          if constexpr (own) f[j][a] += -f_ab;
          if (b_here) f[j][b] += f_ab;
        }
        if (b_here) touching[b] = 1;
        if constexpr (own) {
          touching[a] = 1;
          energy += spring[k];
          // Begun in this step: the overlap one step ago (linearly) was negative.
          if (block.depth[k] - h * block.rate[k] < 0) ++pair_onsets;
        }
      }
    }
  };
  if constexpr (kSplit) {
    // The contacts of earlier parts with a second particle here come first in the list.
    part.entering.clear();
    for (int q = 0; q < p; ++q)
      for (size_t k = parts[q].first_leaving; k < parts[q].contacts; ++k) {
        const int b = parts[q].in_contact[k].second;
        if (b >= begin && b < end) part.entering.push_back(parts[q].in_contact[k]);
      }
    sum_blocks(part.entering.data(), part.entering.size(), std::false_type{});
  }
  sum_blocks(part.in_contact.data(), part.contacts, std::true_type{});

  // The accelerations.
  for (int j = 0; j < D; ++j) {
    double* const f_j = f[j];
    const double g_j = axes_.axis[j] == 2 ? -model.g : 0.0;  // m/s^2
    for (int i = begin; i < end; ++i) f_j[i] = f_j[i] * inverse_mass[i] + g_j;
  }
  part.sums.spring_energy = energy;
  part.sums.pair_onsets = pair_onsets;
  part.sums.surface_onsets = surface_onsets;
}

bool ParticleSystem::neighbours_holds(const ParticleModel& model, int parts) const {
  if (!neighbours_) return false;
  std::atomic<bool> holds{true};
  for_each_part(parts, [&](int, int begin, int end) {
    if (!neighbours_->holds_for(x_, axes_, model.r, begin, end)) holds.store(false, std::memory_order_relaxed);
  });
  return holds.load(std::memory_order_relaxed);
}

bool ParticleSystem::evaluate_accelerations(const ParticleModel& model, bool count, bool may_reorder,
                                            BodiesAmongParticles* bodies) {
  const size_t n = size();
  const Vector3d gravity(0, 0, -model.g);
  spring_energy_ = 0;
  if (model.impulse) {
    // Contacts act by impulses between steps; the force is gravity alone.
    for (int k = 0; k < 3; ++k) a_.axis[k].assign(n, gravity[k]);
    accelerations_valid_ = true;
    return true;
  }
  const int parts = contact_part_count(model);
  if (!neighbours_holds(model, parts) && !rebuild_neighbours(model, may_reorder)) return false;
  const bool hertz = model.hertz_family();
  counting_ = count && hertz;
  if (counting_) next_onset_speeds_->clear();
  // Instantiated per dimension and law family, so that the seed's linear
  // law runs without the Hertz family's per-contact bookkeeping.
  const NeighbourList& neighbours = *neighbours_;
  ContactSums sums;
  switch (axes_.count) {
    case 1:
      sums = hertz ? sum_contact_forces<1, true>(model, neighbours, parts)
                   : sum_contact_forces<1, false>(model, neighbours, parts);
      break;
    case 2:
      sums = hertz ? sum_contact_forces<2, true>(model, neighbours, parts)
                   : sum_contact_forces<2, false>(model, neighbours, parts);
      break;
    default:
      sums = hertz ? sum_contact_forces<3, true>(model, neighbours, parts)
                   : sum_contact_forces<3, false>(model, neighbours, parts);
  }
  if (counting_) onset_speeds_.swap(*next_onset_speeds_);
  spring_energy_ = sums.spring_energy;
  if (count) {
    tally_.pair += sums.pair_onsets;
    tally_.surface += sums.surface_onsets;
  }
  accelerations_valid_ = true;
  return !bodies || bodies->add_forces(*this, count);
}

std::pair<double, double> ParticleSystem::hertz_contact(const ParticleModel& model, uint64_t key, double depth,
                                                         double rate) {
  // The approach speed at onset: the rate at the contact's first step in
  // contact (within a step of the true onset; the integrators here are fixed-step).
  const auto known = onset_speeds_.find(key);
  const double onset = known != onset_speeds_.end() ? known->second : rate;
  if (counting_) next_onset_speeds_->emplace(key, onset);
  return contact_force(model, depth, rate, onset);
}

bool ParticleSystem::resolve_impulses(const ParticleModel& model) {
  const double diameter = 2 * model.r, diameter_squared = diameter * diameter;
  std::fill(touching_.begin(), touching_.end(), 0);
  UniformGrid& grid = bounded_grid();
  if (!grid.build(gather_positions_as_added(), diameter)) return false;
  // One sweep, in grid order over the particles as added; each impulse sees
  // the velocities the previous ones left.
  grid.for_each_candidate_pair([&](int i, int j) {
    const int a = slot_[i], b = slot_[j];
    Vector3d x_a = x_.at(a), v_a = v_.at(a), x_b = x_.at(b), v_b = v_.at(b);
    if ((x_b - x_a).squaredNorm() > diameter_squared) return;
    const ImpulseOutcome o = collide_spheres(x_a, v_a, inverse_mass_[a], x_b, v_b, inverse_mass_[b], model.r,
                                             model.r, model.e, model.k_p);
    if (!o.touching) return;
    x_.set(a, x_a);
    v_.set(a, v_a);
    x_.set(b, x_b);
    v_.set(b, v_b);
    touching_[a] = touching_[b] = 1;
    if (o.impact) ++tally_.pair;
  });
  for (const SurfacePlane& s : surfaces_)
    for (size_t i = 0; i < size(); ++i) {
      Vector3d x = x_.at(i), v = v_.at(i);
      const ImpulseOutcome o = collide_sphere_plane(x, v, model.r, s.normal, s.offset, model.e, model.k_p);
      if (!o.touching) continue;
      x_.set(i, x);
      v_.set(i, v);
      touching_[i] = 1;
      if (o.impact) ++tally_.surface;
    }
  return true;
}

std::optional<std::pair<size_t, size_t>> ParticleSystem::pair_closer_than(double distance) {
  const std::vector<Vector3d>& x = gather_positions_as_added();
  UniformGrid& grid = bounded_grid();
  if (!grid.build(x, distance)) return std::nullopt;
  std::optional<std::pair<size_t, size_t>> found;
  grid.for_each_candidate_pair([&](int a, int b) {
    if (!found && (x[b] - x[a]).squaredNorm() < distance * distance)
      found = std::pair<size_t, size_t>(std::min(a, b), std::max(a, b));
  });
  return found;
}

double ParticleSystem::total_mass() const {
  return sum_over(size(), [&](size_t s) { return mass_[s]; });
}

double ParticleSystem::kinetic_energy() const {
  std::array<const double*, 3> v{};
  for (int j = 0; j < axes_.count; ++j) v[j] = v_.axis[axes_.axis[j]].data();
  const int count = axes_.count;
  return sum_over(size(), [&](size_t s) {
    double squared = 0;
    for (int j = 0; j < count; ++j) squared += v[j][s] * v[j][s];
    return 0.5 * mass_[s] * squared;
  });
}

double ParticleSystem::potential_energy(double g) const {
  const double* z = x_.axis[2].data();
  return sum_over(size(), [&](size_t s) { return mass_[s] * g * z[s]; });
}

Vector3d ParticleSystem::momentum() const {
  Vector3d p = Vector3d::Zero();
  for (const int k : axes_) {
    const double* v = v_.axis[k].data();
    p[k] = sum_over(size(), [&](size_t s) { return mass_[s] * v[s]; });
  }
  return p;
}

}  // namespace cl
