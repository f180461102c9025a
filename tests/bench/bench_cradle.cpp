// Newton's cradle: five steel balls on threads for 10 simulated seconds,
// one and two released, under Hertz contacts and under impulses: wall time,
// integrator steps, impacts, real-time factor.
#include <algorithm>

#include "bench/bench_registry.h"
#include "scenes/cradle.h"

namespace {

constexpr double kSimulated = 10;  // s

void cradle(int repetitions) {
  std::printf("cradle scene, 5 balls, %g simulated s, best of %d\n", kSimulated, repetitions);
  std::printf("%-22s %10s %8s %10s %12s %9s\n", "case", "wall time", "steps", "impacts", "x real time", "real time");
  struct Case {
    const char* name;
    const char* law;
    const char* k;
  };
  for (const Case& c : {Case{"hertz, k = 1", "hertz", "1"}, Case{"hertz, k = 2", "hertz", "2"},
                        Case{"impulse e = 1, k = 2", "impulse", "2"}}) {
    double best = 1e300;
    long long steps = 0;
    size_t impacts = 0;
    for (int rep = 0; rep < repetitions; ++rep) {
      auto sim = bench::start(std::make_unique<cl::CradleScene>(), {{"law", c.law}, {"k", c.k}});
      best = std::min(best, bench::timed_run(*sim, kSimulated));
      steps = sim->scene().step_count();
      impacts = sim->events().events().size();
    }
    const double factor = kSimulated / best;
    std::printf("%-22s %7.1f ms %8lld %10zu %12.1f %9s\n", c.name, 1e3 * best, steps, impacts, factor,
                factor >= 1 ? "yes" : "NO");
  }
}

const bench::Registration registration{"cradle", cradle};

}  // namespace
