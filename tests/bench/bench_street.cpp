// The street scene (seed 001): the seed's default throw for 5 simulated
// seconds (the seed's Python took over 15 minutes), with the built-in street
// and with the same street typed (muParser, derivatives by differences):
// wall time, integrator steps, contact evaluations, real-time factor.
#include <algorithm>

#include "bench/bench_registry.h"
#include "scenes/street.h"

namespace {

constexpr double kSimulated = 5;  // s
const char* const kTypedSeedStreet =
    "(0.25*x/2)^2 + sin(0.25*x) + 1/2*sin(2*0.25*x) + 1/3*sin(3*0.25*x) + 1/4*sin(4*0.25*x)";

void street(int repetitions) {
  std::printf("street scene, the seed's defaults, %g simulated s, best of %d\n", kSimulated, repetitions);
  std::printf("%-14s %10s %8s %10s %18s %12s %9s\n", "street", "wall time", "steps", "impacts", "contact evaluations",
              "x real time", "real time");
  for (const char* typed : {"", kTypedSeedStreet}) {
    double best = 1e300;
    long long steps = 0, evaluations = 0;
    size_t impacts = 0;
    for (int rep = 0; rep < repetitions; ++rep) {
      auto sim = bench::start(std::make_unique<cl::StreetScene>(), {{"street", typed}});
      best = std::min(best, bench::timed_run(*sim, kSimulated));
      const auto& scene = dynamic_cast<const cl::StreetScene&>(sim->scene());
      steps = scene.step_count();
      evaluations = scene.contact_evaluations();
      impacts = sim->events().events().size();
    }
    const double factor = kSimulated / best;
    std::printf("%-14s %7.1f ms %8lld %10zu %18lld %12.1f %9s\n", *typed ? "typed (seed)" : "built-in", 1e3 * best, steps,
                impacts, evaluations, factor, factor >= 1 ? "yes" : "NO");
  }
}

const bench::Registration registration{"street", street};

}  // namespace
