// The ellipses scene (seed 000): the seed's default case (2 ellipses,
// Hunt–Crossley, friction) for 10 simulated seconds: wall time, integrator
// steps, contact searches; then a gas of n = 2, 10, 50, 200 ellipses (same
// ellipses, wall radius grown so the area fraction stays that of the seed
// case) for 2 simulated seconds: simulated seconds per
// wall-clock second.
#include <algorithm>
#include <cmath>

#include "bench/bench_registry.h"
#include "scenes/ellipses.h"

namespace {

struct Result {
  double best_wall = 1e300;  // s
  long long steps = 0;
  size_t events = 0;
  double final_energy = 0;  // J, a checksum that the repetitions agree
};

Result run(const bench::Settings& settings, double simulated, int repetitions) {
  Result r;
  for (int rep = 0; rep < repetitions; ++rep) {
    auto sim = bench::start(std::make_unique<cl::EllipsesScene>(), settings);
    r.best_wall = std::min(r.best_wall, bench::timed_run(*sim, simulated));
    const auto& scene = dynamic_cast<const cl::EllipsesScene&>(sim->scene());
    r.steps = scene.step_count();
    r.events = sim->events().total();
    r.final_energy = scene.kinetic_energy() + scene.spring_energy();
  }
  return r;
}

void ellipses(int repetitions) {
  constexpr double kSeedSimulated = 10;  // s
  std::printf("ellipses scene, the seed's default case (n = 2, Hunt-Crossley, c_tau 0.975, friction 0.01), %g simulated s, best of %d\n",
              kSeedSimulated, repetitions);
  run({}, kSeedSimulated, 1);  // warm-up
  for (const char* integrator : {"dopri5", "rk4"}) {
    const Result r = run({{"integrator", integrator}}, kSeedSimulated, repetitions);
    // The goal (under 0.1 s) is for the default integrator, dopri5.
    const std::string goal = std::string(integrator) != "dopri5" ? "" : r.best_wall < 0.1 ? "  goal < 100 ms: yes" : "  goal < 100 ms: NO";
    std::printf("%-8s %9.1f ms  %7lld steps  %5.2f us/step  %3zu impacts  %7.1f x real time%s  E(10 s) = %.10g J\n",
                integrator, 1e3 * r.best_wall, r.steps, 1e6 * r.best_wall / static_cast<double>(r.steps), r.events,
                kSeedSimulated / r.best_wall, goal.c_str(), r.final_energy);
  }

  constexpr double kGasSimulated = 2;  // s
  repetitions = std::min(repetitions, 3);
  std::printf("\nellipses gas (a 2, b 1, random start with the scene's seed), %g simulated s, best of %d\n", kGasSimulated,
              repetitions);
  std::printf("%5s %8s %12s %9s %9s %14s\n", "n", "R_wall", "wall time", "steps", "impacts", "x real time");
  for (int n : {2, 10, 50, 200}) {
    // The seed case's area fraction: 2 pi a b / (pi 6.5^2), about 9.5 %.
    const double wall_radius = 6.5 * std::sqrt(n / 2.0);
    const Result r = run({{"n", std::to_string(n)}, {"R_wall", std::to_string(wall_radius)}}, kGasSimulated, repetitions);
    std::printf("%5d %8.2f %9.1f ms %9lld %9zu %14.2f\n", n, wall_radius, 1e3 * r.best_wall, r.steps, r.events,
                kGasSimulated / r.best_wall);
  }
  // The app's "Dense gas" preset: 100 ellipses 0.3 x 0.2 m, rtol 1e-6.
  const Result gas = run({{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"v_max", "3"}, {"w_max", "3"}, {"rtol", "1e-6"}},
                         kGasSimulated, repetitions);
  std::printf("Dense gas preset (n = 100, rtol 1e-6): %.1f ms, %lld steps, %zu impacts, %.2f x real time (goal >= 1 "
              "in the browser: %s in this build)\n", 1e3 * gas.best_wall, gas.steps, gas.events,
              kGasSimulated / gas.best_wall, gas.best_wall <= kGasSimulated ? "yes" : "NO");
}

const bench::Registration registration{"ellipses", ellipses};

}  // namespace
