// A fit as the page's worker and the CLI run it: e and the drop height of
// the pile's "Bouncing ball (phyphox)" preset (impulses, 10 µs steps)
// fitted to 13 bounce times made with e = 0.8 and a fixed pattern of ±1 ms
// timing errors: runs (evaluations) per second on one thread, and with the
// Jacobian's columns on two (natively; the page's worker has one).
#include <algorithm>
#include <cmath>

#include "bench/bench_registry.h"
#include "core/worker_pool.h"
#include "fit/least_squares_fit.h"
#include "fit/run_residuals.h"
#include "scenes/registry.h"

namespace {

cl::RunFit bounce_fit() {
  const cl::SceneEntry* entry = cl::find_scene("pile");
  cl::ParamValues base(entry->description().params);
  for (const cl::Preset& p : entry->create()->presets(base))
    if (p.id == "bouncing_ball")
      for (const auto& [name, value] : p.values) base.set(name, value);
  base.set("law", "impulse");
  base.set("e", "0.8");
  cl::RunFit fit{entry->create, base, {"e", "emit_height"}, {cl::FitTarget::Kind::EventTimes, "bounce", {}, {}}};
  // The truth's onsets on the data's clock, then the timing errors.
  fit.target.times.assign(13, 0.0);
  for (size_t k = 0; k < fit.target.times.size(); ++k) fit.target.times[k] = static_cast<double>(k);  // only the count matters
  std::vector<double> onsets;
  if (auto error = fit.model_at_data({0.8, 0.3}, onsets)) {
    std::fprintf(stderr, "bench: %s\n", error->c_str());
    std::exit(1);
  }
  for (size_t k = 0; k < onsets.size(); ++k) onsets[k] += 1e-3 * std::sin(2.0 * static_cast<double>(k) + 1);
  fit.target.times = onsets;
  return fit;
}

void fit(int repetitions) {
  repetitions = std::min(repetitions, 3);
  const cl::RunFit run = bounce_fit();
  const std::vector<cl::FitParameter> parameters = {{"e", 0.5, 1, false, 0.6}, {"emit_height", 0.1, 1, false, 0.5}};
  std::printf("fit of e and the drop height to 13 bounce times (pile, bouncing ball, impulses, 10 us steps), best of %d\n",
              repetitions);
  for (int jobs : {1, 2}) {
    if (jobs > 1 && !cl::WorkerPool::kThreaded) break;
    cl::FitOptions options;
    options.jobs = jobs;
    options.nuisance_parameters = run.nuisance_parameters();
    cl::FitResult result;
    double best = 1e300;  // s
    for (int rep = 0; rep < repetitions; ++rep)
      best = std::min(best, bench::seconds([&] {
        result = cl::fit_least_squares(
            [&run](const std::vector<double>& v, Eigen::VectorXd& r) { return run.residuals(v, r); }, parameters, options);
      }));
    std::printf("%d thread%s: %d runs in %.3f s: %.1f runs/s, %.1f ms per run; e = %.6f +- %.6f\n", jobs,
                jobs == 1 ? "" : "s", result.evaluations, best, result.evaluations / best, 1e3 * best / result.evaluations,
                result.values[0], result.standard_errors[0]);
  }
}

const bench::Registration registration{"fit", fit};

}  // namespace
