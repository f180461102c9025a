// The implicit scene (balls in a wall f(x, y) = 0) on the seed's three walls
// with 5, 100 and 1000 balls, e = 1, v_max 5 m/s, 20 simulated seconds: wall
// time, wall hits per wall-clock second, real-time factor, and whether 1000
// balls keep up with real time.
#include <algorithm>

#include "bench/bench_registry.h"
#include "scenes/implicit.h"

namespace {

constexpr double kSimulated = 20;  // s

struct Result {
  double best_wall = 1e300;  // s
  long long hits = 0, corrections = 0;
};

Result run(const std::string& wall, int balls, int repetitions) {
  Result r;
  for (int rep = 0; rep < repetitions; ++rep) {
    auto sim = bench::start(std::make_unique<cl::ImplicitScene>(),
                            {{"wall", wall}, {"N", std::to_string(balls)}, {"e", "1"}});
    r.best_wall = std::min(r.best_wall, bench::timed_run(*sim, kSimulated));
    const auto& scene = dynamic_cast<const cl::ImplicitScene&>(sim->scene());
    r.hits = scene.wall_hits();
    r.corrections = scene.corrections();
  }
  return r;
}

void implicit(int repetitions) {
  repetitions = std::min(repetitions, 3);
  std::printf("implicit scene, the seed's walls, e = 1, v_max 5 m/s, r 0.3 m, %g simulated s, best of %d\n",
              kSimulated, repetitions);
  std::printf("%-8s %6s %12s %10s %13s %13s %12s %9s\n", "wall", "balls", "wall time", "wall hits",
              "hits/s (wall)", "x real time", "corrections", "real time");
  struct Wall {
    const char* name;
    const char* f;
  };
  const Wall walls[] = {{"circle", "x^2 + y^2 - 15^2"},
                        {"diamond", "abs(x) + abs(y) - 15"},
                        {"astroid", "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2"}};
  run(walls[0].f, 100, 1);  // warm-up
  std::vector<std::pair<const char*, double>> thousand;  // real-time factor with 1000 balls
  for (const Wall& w : walls)
    for (int balls : {5, 100, 1000}) {
      const Result r = run(w.f, balls, repetitions);
      const double factor = kSimulated / r.best_wall;
      std::printf("%-8s %6d %9.1f ms %10lld %13.0f %13.1f %12lld %9s\n", w.name, balls, 1e3 * r.best_wall, r.hits,
                  static_cast<double>(r.hits) / r.best_wall, factor, r.corrections, factor >= 1 ? "yes" : "NO");
      if (balls == 1000) thousand.push_back({w.name, factor});
    }
  std::printf("1000 balls at real time in this build:");
  for (const auto& [name, factor] : thousand) std::printf(" %s %s (%.1fx)", name, factor >= 1 ? "yes" : "NO", factor);
  std::printf("\n");
}

const bench::Registration registration{"implicit", implicit};

}  // namespace
