// The ellipses scene (seed 000):
// * the seed's default case (2 ellipses, Hunt–Crossley, friction) for 10
//   simulated seconds: wall time, integrator steps, impacts;
// * the seed case for 2 s, sampled every 10 ms and every 1 ms, against the
//   goal of 15 ms and the seed's Python (152 s on this machine);
// * a gas of n = 2 ... 2000 ellipses (a 2, b 1, the wall grown so the area
//   fraction stays the seed case's, Hunt–Crossley c_τ 0.975, friction 0.01):
//   simulated seconds per wall-clock second, the cost per simulated second,
//   its growth exponent in n, and the energy audit's worst residual; the
//   goals are 10x real time at n = 200 natively and 1x at n = 1000 in the
//   browser build.
#include <algorithm>
#include <cmath>
#include <vector>

#include "bench/bench_registry.h"
#include "scenes/ellipses.h"

namespace {

struct Result {
  double best_wall = 1e300;  // s
  long long steps = 0;
  size_t events = 0;
  double final_energy = 0;  // J, a checksum that the repetitions agree
  double worst_audit = 0;   // |E_audit| / E0 over the samples
};

/// The worst |E_audit| over the recorded samples, as a share of the first E_total.
double worst_audit(const cl::Simulation& sim) {
  const auto& names = sim.series().names();
  const auto audit = std::find(names.begin(), names.end(), "E_audit");
  const auto total = std::find(names.begin(), names.end(), "E_total");
  if (audit == names.end() || total == names.end() || sim.series().size() == 0) return 0;
  const size_t a = static_cast<size_t>(audit - names.begin()), e = static_cast<size_t>(total - names.begin());
  const double e0 = std::abs(sim.series().at(e, 0));
  double worst = 0;
  for (size_t k = 0; k < sim.series().size(); ++k) worst = std::max(worst, std::abs(sim.series().at(a, k)) / e0);
  return worst;
}

Result run(const bench::Settings& settings, double simulated, int repetitions, double sample = 0.01) {
  Result r;
  for (int rep = 0; rep < repetitions; ++rep) {
    auto sim = bench::start(std::make_unique<cl::EllipsesScene>(), settings);
    sim->set_sample_interval(sample);
    r.best_wall = std::min(r.best_wall, bench::timed_run(*sim, simulated));
    const auto& scene = dynamic_cast<const cl::EllipsesScene&>(sim->scene());
    r.steps = scene.step_count();
    r.events = sim->events().total();
    r.final_energy = scene.kinetic_energy() + scene.spring_energy();
    r.worst_audit = worst_audit(*sim);
  }
  return r;
}

/// The slope of log(y) against log(x), least squares.
double growth_exponent(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double m = static_cast<double>(x.size());
  for (size_t k = 0; k < x.size(); ++k) {
    const double lx = std::log(x[k]), ly = std::log(y[k]);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
  }
  return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

void seed_case(int repetitions) {
  constexpr double kSeedSimulated = 10;  // s
  std::printf("ellipses scene, the seed's default case (n = 2, Hunt-Crossley, c_tau 0.975, friction 0.01), %g simulated s, best of %d\n",
              kSeedSimulated, repetitions);
  run({}, kSeedSimulated, 1);  // warm-up
  for (const char* integrator : {"dopri5", "rk4"}) {
    const Result r = run({{"integrator", integrator}}, kSeedSimulated, repetitions);
    // The goal (under 0.1 s) is for the default integrator, dopri5.
    const std::string goal = std::string(integrator) != "dopri5" ? "" : r.best_wall < 0.1 ? "  goal < 100 ms: yes" : "  goal < 100 ms: NO";
    std::printf("%-8s %9.1f ms  %7lld steps  %5.2f us/step  %3zu impacts  %7.1f x real time%s  E(10 s) = %.10g J\n",
                integrator, 1e3 * r.best_wall, r.steps, 1e6 * r.best_wall / static_cast<double>(std::max(r.steps, 1LL)),
                r.events, kSeedSimulated / r.best_wall, goal.c_str(), r.final_energy);
  }
  // The seed's Python needs 152 s for these 2 s here; the goal is 15 ms.
  constexpr double kPythonSeconds = 152, kGoal = 0.015;
  std::printf("\nseed case, 2 simulated s (the seed's Python: %.0f s), best of %d\n", kPythonSeconds, repetitions);
  for (double sample : {0.01, 0.001}) {
    const Result r = run({}, 2, repetitions, sample);
    std::printf("samples every %5.3f s %8.2f ms  %6lld steps  %3zu impacts  %6.0f x faster than the seed's Python  goal "
                "<= 15 ms: %s\n",
                sample, 1e3 * r.best_wall, r.steps, r.events, kPythonSeconds / r.best_wall,
                r.best_wall <= kGoal ? "yes" : "NO");
  }
}

void gas(int repetitions) {
  repetitions = std::min(repetitions, 3);
  std::printf("ellipses gas (a 2, b 1, the seed case's area fraction, Hunt-Crossley c_tau 0.975, friction 0.01, random "
              "start with the scene's seed), best of %d\n",
              repetitions);
  std::printf("%5s %8s %9s %11s %9s %8s %12s %15s %12s\n", "n", "R_wall", "simulated", "wall time", "steps", "impacts",
              "x real time", "ms per sim. s", "worst audit");
  std::vector<double> counts, costs;
  for (int n : {2, 10, 50, 200, 500, 1000, 2000}) {
    const double simulated = n >= 1000 ? 1.0 : 2.0;  // s
    // The seed case's area fraction: 2 pi a b / (pi 6.5^2), about 9.5 %.
    const double wall_radius = 6.5 * std::sqrt(n / 2.0);
    const Result r = run({{"n", std::to_string(n)}, {"R_wall", std::to_string(wall_radius)}}, simulated,
                         n >= 1000 ? 1 : repetitions);
    const double cost = r.best_wall / simulated;  // wall s per simulated s
    const std::string goal = n == 200    ? "  " + bench::goal_text(1 / cost, 10, bench::GoalFor::Native)
                             : n == 1000 ? "  " + bench::goal_text(1 / cost, 1, bench::GoalFor::Browser)
                                         : "";
    std::printf("%5d %8.2f %7.1f s %8.1f ms %9lld %8zu %12.2f %15.1f %12.2e%s\n", n, wall_radius, simulated,
                1e3 * r.best_wall, r.steps, r.events, simulated / r.best_wall, 1e3 * cost, r.worst_audit, goal.c_str());
    if (n >= 10) {
      counts.push_back(n);
      costs.push_back(cost);
    }
  }
  std::printf("cost per simulated second grows as n^%.2f (least squares over n = 10 ... 2000)\n",
              growth_exponent(counts, costs));
  // The app's "Dense gas" preset: 100 ellipses 0.3 x 0.2 m, rtol 1e-6.
  const Result dense = run({{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"v_max", "3"}, {"w_max", "3"}, {"rtol", "1e-6"}},
                           2, repetitions);
  std::printf("Dense gas preset (n = 100, rtol 1e-6): %.1f ms, %lld steps, %zu impacts, %.2f x real time\n",
              1e3 * dense.best_wall, dense.steps, dense.events, 2 / dense.best_wall);
}

const bench::Registration seed_registration{"ellipses", seed_case};
const bench::Registration gas_registration{"gas", gas};

}  // namespace
