// The particle system sums its contact forces over a neighbour list and
// keeps its particles in an order of its own: it must give the forces a
// sum over all pairs and planes gives, and particle i must stay particle i.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/random.h"
#include "core/worker_pool.h"
#include "particles/particle_system.h"
#include "particles/sphere_overlap.h"
#include "particles/spring_dashpot_contact.h"

namespace {

using Eigen::Vector3d;

/// Seed 003's spring pile by semi-implicit Euler, every pair and plane
/// looked at in every step: the reference for ParticleSystem::step.
struct AllPairsPile {
  std::vector<Vector3d> x, v, a;
  std::vector<double> m;
  std::vector<cl::SurfacePlane> planes;
  long long pair_onsets = 0, plane_onsets = 0;
  double spring_energy = 0;

  void evaluate(const cl::ParticleModel& model, bool count) {
    const double d = 2 * model.r;
    std::vector<Vector3d> f(x.size(), Vector3d::Zero());
    spring_energy = 0;
    for (size_t i = 0; i < x.size(); ++i)
      for (size_t j = i + 1; j < x.size(); ++j) {
        if ((x[j] - x[i]).squaredNorm() > d * d) continue;
        const cl::SphereOverlap o = cl::sphere_overlap(x[i], x[j], d);
        const double rate = (v[i] - v[j]).dot(o.normal);
        const Vector3d f_ij = cl::spring_dashpot_force(o.depth, rate, model.k_s, model.k_d) * o.normal;
        f[i] -= f_ij;
        f[j] += f_ij;
        spring_energy += cl::spring_energy(o.depth, model.k_s);
        if (count && o.depth - model.h * rate < 0) ++pair_onsets;
      }
    for (const cl::SurfacePlane& s : planes)
      for (size_t i = 0; i < x.size(); ++i) {
        const double depth = model.r - (x[i].dot(s.normal) - s.offset);
        if (depth < 0) continue;
        const double rate = -v[i].dot(s.normal);
        f[i] += cl::spring_dashpot_force(depth, rate, model.k_s, model.k_d) * s.normal;
        spring_energy += cl::spring_energy(depth, model.k_s);
        if (count && depth - model.h * rate < 0) ++plane_onsets;
      }
    for (size_t i = 0; i < x.size(); ++i) a[i] = f[i] / m[i] + Vector3d(0, 0, -model.g);
  }
  void step(const cl::ParticleModel& model) {
    for (size_t i = 0; i < x.size(); ++i) {
      v[i] += model.h * a[i];
      x[i] += model.h * v[i];
    }
    evaluate(model, true);
  }
};

/// A loose lattice of 300 particles thrown into a box with walls at up to
/// 2 m/s, in `system` and (if given) in `reference`.
void throw_into_box(int dim, const cl::ParticleModel& model, cl::ParticleSystem& system, AllPairsPile* reference) {
  std::mt19937_64 rng(dim);
  const double w = dim == 2 ? 8 : 3, spacing = 2.2 * model.r;  // m
  const int per_row = static_cast<int>((w - 2 * model.r) / spacing) + 1;
  const int per_layer = dim == 3 ? per_row * per_row : per_row;
  std::vector<cl::SurfacePlane> planes = {{Vector3d::UnitZ(), 0}, {Vector3d::UnitX(), 0}, {-Vector3d::UnitX(), -w}};
  if (dim == 3) planes.insert(planes.end(), {{Vector3d::UnitY(), 0}, {-Vector3d::UnitY(), -w}});
  system.set_surfaces(planes);
  if (reference) reference->planes = planes;
  for (int i = 0; i < 300; ++i) {
    const int layer = i / per_layer, k = i % per_layer;
    Vector3d x(model.r + spacing * (k % per_row), 0, model.r + spacing * layer);
    if (dim == 3) x.y() = model.r + spacing * (k / per_row);
    Vector3d v(4 * cl::unit_random(rng) - 2, 0, 4 * cl::unit_random(rng) - 2);
    if (dim == 3) v.y() = 4 * cl::unit_random(rng) - 2;
    const double m = 0.5 + cl::unit_random(rng);
    system.add(x, v, m);
    if (!reference) continue;
    reference->x.push_back(x);
    reference->v.push_back(v);
    reference->a.push_back(Vector3d::Zero());
    reference->m.push_back(m);
  }
}

cl::ParticleModel seed_pile_model() {
  cl::ParticleModel model;
  model.k_s = 8000;
  model.k_d = 100;
  model.h = 1e-3;
  return model;
}

}  // namespace

TEST_CASE("particle system: the spring pile's steps agree with a sum over all pairs and planes (2D, 3D)") {
  // Contacts open and close, the particles move far enough for the
  // neighbour list to be rebuilt (and the particles reordered) many times.
  // Only the order of the sums differs, so the two runs part by round-off,
  // which the heap's chaotic collisions amplify (measured after 1 s: 8e-11 m
  // in 2D, 2e-12 m in 3D), while every contact begins in the same step.
  // Summed in one part, and in parts of 70 particles (5 parts, the pairs
  // across parts included).
  const cl::ParticleModel model = seed_pile_model();
  for (const size_t part_size : {cl::ParticleSystem::kDefaultPartSize, size_t{70}})
    for (int dim = 2; dim <= 3; ++dim) {
      AllPairsPile reference;
      cl::ParticleSystem system;
      system.set_part_size(part_size);
      throw_into_box(dim, model, system, &reference);
      REQUIRE(system.refresh(model));
      reference.evaluate(model, false);
      double worst = 0, worst_energy = 0, largest_energy = 0;
      for (int step = 0; step < 1000; ++step) {
        REQUIRE(system.step(model));
        reference.step(model);
        for (size_t i = 0; i < reference.x.size(); ++i)
          worst = std::max(worst, (system.position(i) - reference.x[i]).norm());
        worst_energy = std::max(worst_energy, std::abs(system.spring_energy() - reference.spring_energy));
        largest_energy = std::max(largest_energy, reference.spring_energy);
      }
      MESSAGE(dim << "D: 300 particles in parts of " << part_size << ", 1 s: largest position difference " << worst
                  << " m, spring energy " << worst_energy << " J (of up to " << largest_energy << " J); onsets "
                  << system.tally().pair << " pair, " << system.tally().surface << " plane (all pairs: "
                  << reference.pair_onsets << ", " << reference.plane_onsets << ")");
      CHECK(worst < 1e-8);
      CHECK(worst_energy < 1e-9 * largest_energy);
      CHECK(system.tally().pair == reference.pair_onsets);
      CHECK(system.tally().surface == reference.plane_onsets);
      CHECK(reference.pair_onsets > 100);
      for (size_t i = 0; i < reference.x.size(); ++i) {
        CHECK(system.mass(i) == reference.m[i]);
        CHECK((system.velocity(i) - reference.v[i]).norm() < 1e-7);
      }
    }
}

TEST_CASE("particle system: in parts, on one thread or several, the steps are the same to the last bit") {
  // Each part adds the forces on its own particles in the order of the
  // list, whichever thread runs it: the positions and velocities are those
  // of one part to the last bit. Only the spring energy, summed per part,
  // may differ by round-off.
  const cl::ParticleModel model = seed_pile_model();
  cl::WorkerPool& pool = cl::WorkerPool::shared();
  const int all_threads = pool.threads();
  for (int dim = 2; dim <= 3; ++dim) {
    struct Run {
      size_t part_size;
      int threads;
      cl::ParticleSystem system;
    };
    std::vector<Run> runs;
    const size_t one_part = cl::ParticleSystem::kDefaultPartSize;
    for (const auto& [part_size, threads] :
         {std::pair<size_t, int>{one_part, 1}, {70, 1}, {70, all_threads}, {41, all_threads}})
      runs.push_back({part_size, threads, {}});
    for (Run& run : runs) {
      pool.limit_threads(run.threads);
      run.system.set_part_size(run.part_size);
      throw_into_box(dim, model, run.system, nullptr);
      REQUIRE(run.system.refresh(model));
      for (int step = 0; step < 1000; ++step) REQUIRE(run.system.step(model));
    }
    pool.limit_threads(all_threads);
    const cl::ParticleSystem& whole = runs[0].system;
    for (const Run& run : runs) {
      size_t differing = 0;
      for (size_t i = 0; i < whole.size(); ++i)
        differing += run.system.position(i) != whole.position(i) || run.system.velocity(i) != whole.velocity(i);
      const double energy_difference = std::abs(run.system.spring_energy() - whole.spring_energy());
      MESSAGE(dim << "D, parts of " << run.part_size << " on " << run.threads << " thread(s): " << differing
                  << " of 300 particles differ from one part after 1 s; spring energy differs by " << energy_difference
                  << " J of " << whole.spring_energy() << " J; " << run.system.tally().pair << " pair onsets");
      CHECK(differing == 0);
      CHECK(run.system.tally().pair == whole.tally().pair);
      CHECK(run.system.tally().surface == whole.tally().surface);
      CHECK(energy_difference <= 1e-12 * whole.spring_energy());
    }
  }
}

TEST_CASE("particle system: particle i stays particle i while the storage is reordered") {
  // Free flights without contact: each particle's Euler trajectory is its
  // own, x_n = x_0 + n h v_0 - g h^2 n (n + 1) / 2, whatever order they are stored in.
  cl::ParticleModel model;
  model.h = 1e-3;
  cl::ParticleSystem system;
  std::mt19937_64 rng(3);
  std::vector<Vector3d> x0, v0;
  for (int i = 0; i < 400; ++i) {
    // Added in a scattered order; 3 m apart, each moving at up to 2 m/s (they never meet in 0.3 s).
    const int cell = (i * 97) % 400;
    x0.push_back(Vector3d(3.0 * (cell % 20), 3.0 * (cell / 20), 1000));
    v0.push_back(Vector3d(4 * cl::unit_random(rng) - 2, 4 * cl::unit_random(rng) - 2, 0));
    system.add(x0.back(), v0.back(), 1 + i);
  }
  REQUIRE(system.refresh(model));
  const int steps = 300;
  for (int n = 0; n < steps; ++n) REQUIRE(system.step(model));
  double worst = 0;
  for (size_t i = 0; i < x0.size(); ++i) {
    const Vector3d expected =
        x0[i] + steps * model.h * v0[i] - Vector3d(0, 0, model.g * model.h * model.h * steps * (steps + 1) / 2);
    worst = std::max(worst, (system.position(i) - expected).norm());
    CHECK(system.mass(i) == 1 + i);
    CHECK(!system.touching(i));
  }
  MESSAGE("largest distance from the closed form after " << steps << " steps: " << worst << " m");
  CHECK(worst < 1e-9);
}

TEST_CASE("particle system: the clock counts whole steps, a new step size goes on from the time reached") {
  cl::ParticleSystem system;
  system.set_surfaces({cl::SurfacePlane{Eigen::Vector3d(0, 0, 1), 0}});
  system.add(Eigen::Vector3d(0, 0, 5), Eigen::Vector3d::Zero(), 1);
  cl::ParticleModel model;
  model.h = 1e-3;
  int after = 0;
  // 0.0125 s: twelve whole steps fit, the thirteenth would pass it.
  REQUIRE(system.advance_to(model, 0.0125, [&] { ++after; }, nullptr));
  CHECK(after == 12);
  CHECK(system.time() == 12 * 1e-3);
  CHECK_FALSE(system.step_fits(model, 0.0125));
  model.h = 2e-3;  // from 0.012 s on
  CHECK(system.step_fits(model, 0.014));
  REQUIRE(system.advance_to(model, 0.02, [&] { ++after; }, nullptr));
  std::printf("particle clock: %d steps, at %.17g s (0.012 + 4 x 0.002)\n", after, system.time());
  CHECK(after == 16);
  CHECK(system.time() == 12 * 1e-3 + 4 * 2e-3);
  // Asked between steps, a yield stops after the step it answers.
  int asked = 0;
  REQUIRE(system.advance_to(model, 1, nullptr, [&] { return ++asked == 3; }));
  CHECK(system.time() == 12 * 1e-3 + 7 * 2e-3);
  system.set_time(4);
  CHECK(system.time() == 4);
  CHECK(system.step_fits(model, 4.002));
}
