// The pile scene: a 2D spring pile (k_s = 8000 N/m, k_d = 100 N s/m,
// semi-implicit Euler, h = 1 ms, r = 0.3 m) of 1,000 and 10,000 particles
// started as a block at rest on a lattice, falling and settling: integrator
// steps per wall-clock second and simulated seconds per wall-clock second.
// Real time needs 1000 steps per second; the goal is 10,000 particles.
#include <algorithm>

#include "bench/bench_registry.h"
#include "scenes/pile.h"

namespace {

void pile(int repetitions) {
  repetitions = std::min(repetitions, 3);
  std::printf("pile scene, 2D spring pile as a falling block, k_s 8000 N/m, Euler h = 1 ms, best of %d\n", repetitions);
  std::printf("%9s %9s %10s %12s %13s %9s\n", "particles", "box / m", "simulated", "wall time", "steps/s", "x real");
  struct Case {
    int particles;
    const char* width;
    double simulated;  // s
  };
  for (const Case& c : {Case{1000, "20", 2.0}, Case{10000, "60", 1.0}}) {
    double best = 1e300;
    long long steps = 0;
    for (int rep = 0; rep < repetitions; ++rep) {
      auto sim = bench::start(std::make_unique<cl::PileScene>(),
                              {{"start", "block"}, {"dim", "2"}, {"law", "linear"}, {"integrator", "euler"},
                               {"h", "0.001"}, {"k_s", "8000"}, {"k_d", "100"}, {"N_max", std::to_string(c.particles)},
                               {"width", c.width}});
      best = std::min(best, bench::timed_run(*sim, c.simulated));
      steps = sim->scene().step_count();
    }
    const double factor = c.simulated / best;
    std::printf("%9d %9s %8.1f s %9.1f ms %13.0f %9.2f%s\n", c.particles, c.width, c.simulated, 1e3 * best,
                static_cast<double>(steps) / best, factor, factor >= 1 ? "" : "  (slower than real time)");
  }
}

const bench::Registration registration{"pile", pile};

}  // namespace
