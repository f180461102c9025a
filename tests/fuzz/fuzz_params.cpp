// libFuzzer target: a parameter set drawn by the fuzzer's bytes (scene,
// preset, values over each range and beyond), run briefly. Built and run by .ci/fuzz.
#include <cstdint>
#include <cstdlib>

#include "fuzz/fuzz_inputs.h"
#include "fuzz/fuzz_run.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Draws draws(data, size);
  const cl::SceneEntry& entry = cl::all_scenes()[draws.below(cl::all_scenes().size())];
  const cl::ParamValues params = fuzz::random_params(entry, draws);
  if (fuzz::run_checked(entry, params, nullptr, fuzz::kBriefRun, fuzz::kBriefBudget) == fuzz::Outcome::Nonfinite)
    std::abort();
  return 0;
}
