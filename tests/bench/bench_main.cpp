// Benchmark (not a test): the pendulum's default (olympiad) case for 60
// simulated seconds under dopri5 and rk4, as the CLI runs it (samples every
// 0.01 s into the bounded recorders). Best of several repetitions; prints
// wall time, integrator steps, events, the real-time factor and the ratio.
//   bench [repetitions]    (default 7; a run takes well under 10 s)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/simulation.h"
#include "scenes/pendulum.h"

namespace {

constexpr double kSimulated = 60;  // s

struct Result {
  double best_wall = 1e300, worst_wall = 0;  // s
  long long steps = 0;
  size_t events = 0;
  double final_energy = 0;  // J, a checksum that the runs agree
};

Result bench(const std::string& integrator, int repetitions) {
  Result r;
  for (int rep = 0; rep < repetitions; ++rep) {
    cl::Simulation sim(std::make_unique<cl::PendulumScene>());
    cl::ParamValues p = sim.params();
    if (auto error = p.set("integrator", integrator)) {
      std::fprintf(stderr, "bench: %s\n", error->c_str());
      std::exit(1);
    }
    if (sim.set_params(p) || sim.reset()) {
      std::fprintf(stderr, "bench: cannot start %s\n", integrator.c_str());
      std::exit(1);
    }
    sim.set_sample_interval(0.01);
    const auto start = std::chrono::steady_clock::now();
    sim.advance(kSimulated);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sim.failed()) {
      std::fprintf(stderr, "bench: %s run failed: %s\n", integrator.c_str(), sim.failure().c_str());
      std::exit(1);
    }
    r.best_wall = std::min(r.best_wall, wall);
    r.worst_wall = std::max(r.worst_wall, wall);
    r.steps = sim.scene().step_count();
    r.events = sim.events().total();
    std::vector<double> values;
    sim.scene().sample(values);
    r.final_energy = values.back();
  }
  return r;
}

void print(const char* name, const Result& r) {
  std::printf("%-24s best %8.3f ms (worst %8.3f ms)  %8lld steps  %4zu events  %9.0f x real time  E(60 s) = %.12g J\n",
              name, 1e3 * r.best_wall, 1e3 * r.worst_wall, r.steps, r.events, kSimulated / r.best_wall,
              r.final_energy);
}

}  // namespace

int main(int argc, char** argv) {
  const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
  std::printf("pendulum, default (olympiad) case, %g simulated s, best of %d\n", kSimulated, repetitions);
  bench("dopri5", 1);  // warm-up (page faults, caches)
  const Result dopri5 = bench("dopri5", repetitions);
  const Result rk4 = bench("rk4", repetitions);
  print("dopri5 (rtol 1e-9)", dopri5);
  print("rk4 (dt 1e-3)", rk4);
  std::printf("wall time ratio dopri5 / rk4: %.3f; steps ratio %.3f\n", dopri5.best_wall / rk4.best_wall,
              static_cast<double>(dopri5.steps) / static_cast<double>(rk4.steps));
  return 0;
}
