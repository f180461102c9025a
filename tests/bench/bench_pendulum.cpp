// The pendulum's default (olympiad) case for 60 simulated seconds under
// dopri5 and rk4: wall time, integrator steps, events, real-time factor.
#include <algorithm>

#include "bench/bench_registry.h"
#include "scenes/pendulum.h"

namespace {

constexpr double kSimulated = 60;  // s

struct Result {
  double best_wall = 1e300, worst_wall = 0;  // s
  long long steps = 0;
  size_t events = 0;
  double final_energy = 0;  // J, a checksum that the runs agree
};

Result run(const std::string& integrator, int repetitions) {
  Result r;
  for (int rep = 0; rep < repetitions; ++rep) {
    auto sim = bench::start(std::make_unique<cl::PendulumScene>(), {{"integrator", integrator}});
    const double wall = bench::timed_run(*sim, kSimulated);
    r.best_wall = std::min(r.best_wall, wall);
    r.worst_wall = std::max(r.worst_wall, wall);
    r.steps = sim->scene().step_count();
    r.events = sim->events().total();
    std::vector<double> values;
    sim->scene().sample(values);
    r.final_energy = values.back();
  }
  return r;
}

void print(const char* name, const Result& r) {
  std::printf("%-24s best %8.3f ms (worst %8.3f ms)  %8lld steps  %4zu events  %9.0f x real time  E(60 s) = %.12g J\n",
              name, 1e3 * r.best_wall, 1e3 * r.worst_wall, r.steps, r.events, kSimulated / r.best_wall,
              r.final_energy);
}

void pendulum(int repetitions) {
  std::printf("pendulum, default (olympiad) case, %g simulated s, best of %d\n", kSimulated, repetitions);
  run("dopri5", 1);  // warm-up (page faults, caches)
  const Result dopri5 = run("dopri5", repetitions);
  const Result rk4 = run("rk4", repetitions);
  print("dopri5 (rtol 1e-9)", dopri5);
  print("rk4 (dt 1e-3)", rk4);
  std::printf("wall time ratio dopri5 / rk4: %.3f; steps ratio %.3f\n", dopri5.best_wall / rk4.best_wall,
              static_cast<double>(dopri5.steps) / static_cast<double>(rk4.steps));
}

const bench::Registration registration{"pendulum", pendulum};

}  // namespace
