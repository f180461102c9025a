// Benchmark (not a test), as the CLI runs scenes (samples every 0.01 s into
// the bounded recorders), best of several repetitions:
//  - the pendulum's default (olympiad) case for 60 simulated seconds under
//    dopri5 and rk4: wall time, integrator steps, events, real-time factor;
//  - the implicit scene (balls in a wall f(x, y) = 0) on the seed's three
//    walls with 5, 100 and 1000 balls, e = 1, 20 simulated seconds: wall time,
//    wall hits per wall-clock second, real-time factor, and whether 1000 balls
//    keep up with real time.
//   bench [repetitions]    (default 7 for the pendulum, at most 3 for the
//                           implicit scene; the whole bench takes ~10-20 s)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/simulation.h"
#include "scenes/implicit.h"
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

constexpr double kImplicitSimulated = 20;  // s

struct ImplicitResult {
  double best_wall = 1e300;  // s
  long long hits = 0, corrections = 0;
};

/// The implicit scene on `wall` with `balls` balls, e = 1 and the seed's
/// v_max = 5 m/s, for 20 simulated s.
ImplicitResult bench_implicit(const std::string& wall, int balls, int repetitions) {
  ImplicitResult r;
  for (int rep = 0; rep < repetitions; ++rep) {
    cl::Simulation sim(std::make_unique<cl::ImplicitScene>());
    cl::ParamValues p = sim.params();
    const std::pair<std::string, std::string> values[] = {{"wall", wall}, {"N", std::to_string(balls)}, {"e", "1"}};
    for (const auto& [name, value] : values)
      if (auto error = p.set(name, value)) {
        std::fprintf(stderr, "bench: %s\n", error->c_str());
        std::exit(1);
      }
    if (sim.set_params(p) || sim.reset()) {
      std::fprintf(stderr, "bench: cannot start the implicit scene on %s with %d balls\n", wall.c_str(), balls);
      std::exit(1);
    }
    sim.set_sample_interval(0.01);
    const auto start = std::chrono::steady_clock::now();
    sim.advance(kImplicitSimulated);
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sim.failed()) {
      std::fprintf(stderr, "bench: implicit run failed: %s\n", sim.failure().c_str());
      std::exit(1);
    }
    const auto& scene = dynamic_cast<const cl::ImplicitScene&>(sim.scene());
    r.best_wall = std::min(r.best_wall, elapsed);
    r.hits = scene.wall_hits();
    r.corrections = scene.corrections();
  }
  return r;
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

  const int implicit_repetitions = std::min(repetitions, 3);
  std::printf("\nimplicit scene, the seed's walls, e = 1, v_max 5 m/s, r 0.3 m, %g simulated s, best of %d\n",
              kImplicitSimulated, implicit_repetitions);
  std::printf("%-8s %6s %12s %10s %13s %13s %12s %9s\n", "wall", "balls", "wall time", "wall hits",
              "hits/s (wall)", "x real time", "corrections", "real time");
  struct Wall {
    const char* name;
    const char* f;
  };
  const Wall walls[] = {{"circle", "x^2 + y^2 - 15^2"},
                        {"diamond", "abs(x) + abs(y) - 15"},
                        {"astroid", "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2"}};
  bench_implicit(walls[0].f, 100, 1);  // warm-up
  std::vector<std::pair<const char*, double>> thousand;  // real-time factor with 1000 balls
  for (const Wall& w : walls)
    for (int balls : {5, 100, 1000}) {
      const ImplicitResult r = bench_implicit(w.f, balls, implicit_repetitions);
      const double factor = kImplicitSimulated / r.best_wall;
      std::printf("%-8s %6d %9.1f ms %10lld %13.0f %13.1f %12lld %9s\n", w.name, balls, 1e3 * r.best_wall, r.hits,
                  static_cast<double>(r.hits) / r.best_wall, factor, r.corrections, factor >= 1 ? "yes" : "NO");
      if (balls == 1000) thousand.push_back({w.name, factor});
    }
  std::printf("1000 balls at real time in this build:");
  for (const auto& [name, factor] : thousand) std::printf(" %s %s (%.1fx)", name, factor >= 1 ? "yes" : "NO", factor);
  std::printf("\n");
  return 0;
}
