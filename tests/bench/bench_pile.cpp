// The pile scene: spring piles (k_s = 8000 N/m, k_d = 100 N s/m,
// semi-implicit Euler, h = 1 ms, r = 0.3 m) started as a block at rest on a
// lattice, falling and settling: integrator steps per wall-clock second and
// simulated seconds per wall-clock second. Real time needs 1000 steps per
// second. The goals (issue 14): 10,000 particles in 2D at 2x real time in
// the browser (judged by this bench built as WebAssembly, run under node);
// 100,000 in 2D and 10,000 spheres in 3D at real time natively.
//
// The 100,000-particle blocks are summed in parts on all the machine's
// threads (natively): they are timed on one thread and on all.
//
// The 10,000- and 100,000-particle blocks are timed twice: falling (from
// the start) and landed (from t = 2 s and 1 s, once the bottom layers are in
// contact: two to three times the contacts, the pile a link to the page shows
// after its first seconds).
//
// The boxes keep the blocks about 100 layers deep in 2D (95 per row at 60 m,
// 952 at 600 m) and 19 in 3D (23 x 23 per layer at 15 m): deeper, the bottom
// contacts would carry so much that they overlap by a good part of a radius.
#include <algorithm>
#include <string>
#include <vector>

#include "bench/bench_registry.h"
#include "core/worker_pool.h"
#include "scenes/pile.h"

namespace {

void pile(int repetitions) {
  repetitions = std::min(repetitions, 3);
  std::printf("pile scene, spring pile as a falling block, k_s 8000 N/m, Euler h = 1 ms, best of %d\n", repetitions);
  std::printf("%3s %9s %9s %13s %7s %12s %13s %9s  %s\n", "dim", "particles", "box / m", "timed", "threads",
              "wall time", "steps/s", "x real", "goal");
  struct Case {
    const char* dim;
    int particles;
    const char* width;   // m
    double from;         // s, run untimed before
    double simulated;    // s, timed
    double goal;         // x real time; 0: none
    bench::GoalFor where;
  };
  using bench::GoalFor;
  const Case cases[] = {{"2", 1000, "20", 0, 2.0, 0, GoalFor::Native},
                        {"2", 10000, "60", 0, 1.0, 2, GoalFor::Browser},
                        {"2", 10000, "60", 2.0, 1.0, 2, GoalFor::Browser},
                        {"2", 100000, "600", 0, 0.3, 1, GoalFor::Native},
                        {"2", 100000, "600", 1.0, 0.3, 1, GoalFor::Native},
                        {"3", 10000, "15", 0, 1.0, 1, GoalFor::Native}};
  // Larger piles are summed in parts, a thread each (particles/particle_system.h): timed on one thread, then on all.
  cl::WorkerPool& pool = cl::WorkerPool::shared();
  const int all_threads = pool.threads();
  for (const Case& c : cases) {
    const bool in_parts = c.particles > static_cast<int>(cl::ParticleSystem::kDefaultPartSize) && all_threads > 1;
    double one_thread = 0;  // s, the best time on one thread
    for (const int threads : in_parts ? std::vector<int>{1, all_threads} : std::vector<int>{1}) {
      pool.limit_threads(threads);
      double best = 1e300;
      long long steps = 0;
      for (int rep = 0; rep < repetitions; ++rep) {
        auto sim = bench::start(std::make_unique<cl::PileScene>(),
                                {{"start", "block"}, {"dim", c.dim}, {"law", "linear"}, {"integrator", "euler"},
                                 {"dt", "0.001"}, {"k_s", "8000"}, {"k_d", "100"}, {"r", "0.3"},
                                 {"N_max", std::to_string(c.particles)}, {"width", c.width}});
        if (c.from > 0) bench::timed_run(*sim, c.from);
        const long long steps_before = sim->scene().step_count();
        best = std::min(best, bench::timed_run(*sim, c.simulated));
        steps = sim->scene().step_count() - steps_before;
      }
      const double factor = c.simulated / best;
      std::printf("%3s %9d %9s %4.1f-%4.1f s %7d %9.1f ms %13.0f %9.2f  ", c.dim, c.particles, c.width, c.from,
                  c.from + c.simulated, threads, 1e3 * best, static_cast<double>(steps) / best, factor);
      if (in_parts && threads == 1) {
        one_thread = best;
        std::printf("-\n");
      } else if (c.goal == 0) {
        std::printf("-\n");
      } else if (one_thread > 0) {
        std::printf("%s (%.2fx one thread)\n", bench::goal_text(factor, c.goal, c.where).c_str(), one_thread / best);
      } else {
        std::printf("%s\n", bench::goal_text(factor, c.goal, c.where).c_str());
      }
    }
  }
  pool.limit_threads(all_threads);
}

const bench::Registration registration{"pile", pile};

}  // namespace
