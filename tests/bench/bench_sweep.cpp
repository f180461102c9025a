// A parameter sweep on one thread, as the page's Web Worker runs it: the
// seed-000 case (ellipses, defaults) with c_tau over [0.1, 1] in 100 values,
// 2 simulated s each: runs per second. The same in the wasm build under node
// is the worker's engine without the browser around it; the CLI's
// `sweep --jobs N --timing` prints the figure with N threads, and
// tests/bench/sweep_in_browser.mjs the page's own worker.
#include <algorithm>

#include "bench/bench_registry.h"
#include "run/sweep.h"
#include "scenes/registry.h"

namespace {

void sweep(int repetitions) {
  constexpr int kRuns = 100;
  constexpr double kSimulated = 2;  // s per run
  repetitions = std::min(repetitions, 3);
  const cl::SceneEntry* entry = cl::find_scene("ellipses");
  const cl::ParamValues base(entry->description().params);
  cl::SweepPlan plan;
  if (auto error = cl::plan_sweep(entry->create, base, std::nullopt, "c_tau=0.1:1:" + std::to_string(kRuns), false,
                                  kSimulated, cl::kMaxSweepRuns, plan)) {
    std::fprintf(stderr, "bench: %s\n", error->message.c_str());
    std::exit(1);
  }
  const auto e_first = std::find_if(plan.quantities.begin(), plan.quantities.end(),
                                    [](const cl::SeriesSpec& q) { return q.name == "e_first"; }) - plan.quantities.begin();
  std::printf("sweep of the seed-000 case, c_tau 0.1 .. 1 in %d values, %g simulated s each, one thread, best of %d\n",
              kRuns, kSimulated, repetitions);
  double best = 1e300, checksum = 0;  // s; the sum of the runs' e_first, that the repetitions agree
  int failed = 0;
  for (int rep = 0; rep < repetitions; ++rep) {
    checksum = 0;
    failed = 0;
    best = std::min(best, bench::seconds([&] {
      for (int i = 0; i < kRuns; ++i) {
        const cl::SweepRow row = plan.run(i);
        if (!row.failure.empty()) ++failed;
        checksum += row.summary[static_cast<size_t>(e_first)];
      }
    }));
  }
  std::printf("%d runs in %.3f s: %.1f runs/s, %.1f ms per run, %d failed, sum of e_first %.10g\n", kRuns, best,
              kRuns / best, 1e3 * best / kRuns, failed, checksum);
}

const bench::Registration registration{"sweep", sweep};

}  // namespace
