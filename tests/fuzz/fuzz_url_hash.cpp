// libFuzzer target: a URL hash, as a shared link would bring it; its
// parameters are run briefly. Built and run by .ci/fuzz.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_run.h"
#include "io/url_state.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const cl::UrlState state = cl::parse_url_state(std::string(reinterpret_cast<const char*>(data), size), "pendulum");
  for (const std::string& problem : state.problems)
    if (fuzz::refusal(problem) == fuzz::Outcome::Nonfinite) std::abort();
  const fuzz::Outcome outcome =
      fuzz::run_checked(*cl::find_scene(state.scene), *state.params, nullptr, fuzz::kBriefRun, fuzz::kBriefBudget);
  if (outcome == fuzz::Outcome::Nonfinite) std::abort();
  return 0;
}
