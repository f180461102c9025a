#pragma once
// Benchmark sections register themselves (one file per scene); bench_main
// runs all of them, or those named on the command line. Runs are timed as the
// CLI runs scenes: samples every 0.01 s into the bounded recorders.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "run/simulation.h"

namespace bench {

/// A section prints its own figures; `repetitions` is the best-of count
/// asked for on the command line (sections may cap it).
struct Section {
  std::string name;
  std::function<void(int repetitions)> run;
};

inline std::vector<Section>& sections() {
  static std::vector<Section> all;
  return all;
}

struct Registration {
  Registration(std::string name, std::function<void(int)> run) {
    sections().push_back({std::move(name), std::move(run)});
  }
};

/// Wall-clock seconds that `work()` takes.
template <class Work>
double seconds(Work&& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

using Settings = std::vector<std::pair<std::string, std::string>>;

/// A reset simulation of `scene` with `settings` applied over the defaults,
/// sampling every 0.01 s; exits with a message if the scene refuses them.
inline std::unique_ptr<cl::Simulation> start(std::unique_ptr<cl::Scene> scene, const Settings& settings) {
  auto sim = std::make_unique<cl::Simulation>(std::move(scene));
  cl::ParamValues p = sim->params();
  for (const auto& [name, value] : settings)
    if (auto error = p.set(name, value)) {
      std::fprintf(stderr, "bench: %s\n", error->c_str());
      std::exit(1);
    }
  if (auto error = sim->set_params(p)) {
    std::fprintf(stderr, "bench: %s\n", error->c_str());
    std::exit(1);
  }
  if (auto error = sim->reset()) {
    std::fprintf(stderr, "bench: %s\n", error->c_str());
    std::exit(1);
  }
  sim->set_sample_interval(0.01);
  return sim;
}

/// Where a real-time goal of issue 14 is set: in the WebAssembly build (the
/// browser's engine, this bench run under node) or natively.
enum class GoalFor { Browser, Native };

/// "goal >= 2x: yes" where this build is the one the goal is set for, else
/// where to judge it ("goal 2x in the browser (bench.js)").
inline std::string goal_text(double factor, double goal, GoalFor where) {
#ifdef __EMSCRIPTEN__
  const GoalFor this_build = GoalFor::Browser;
#else
  const GoalFor this_build = GoalFor::Native;
#endif
  char text[64];
  if (where == this_build)
    std::snprintf(text, sizeof text, "goal >= %gx: %s", goal, factor >= goal ? "yes" : "NO");
  else
    std::snprintf(text, sizeof text, "goal %gx %s", goal,
                  where == GoalFor::Browser ? "in the browser (bench.js)" : "natively");
  return text;
}

/// Advances `sim` to `t_end` s and returns the wall-clock seconds it took;
/// exits with the failure message if the run fails.
inline double timed_run(cl::Simulation& sim, double t_end) {
  const double wall = seconds([&] { sim.advance(t_end); });
  if (sim.failed()) {
    std::fprintf(stderr, "bench: run failed: %s\n", sim.failure().c_str());
    std::exit(1);
  }
  return wall;
}

}  // namespace bench
