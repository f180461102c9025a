// libFuzzer target: a scene file's text, as "Load scene", a dropped file or
// --scene-file would read it; accepted files run briefly. Built and run by .ci/fuzz.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_run.h"
#include "io/scene_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const cl::SceneFileParse parsed = cl::parse_scene_file(std::string(reinterpret_cast<const char*>(data), size));
  if (!parsed.file) {
    if (fuzz::refusal(parsed.error) == fuzz::Outcome::Nonfinite) std::abort();
    return 0;
  }
  const nlohmann::json* state = parsed.file->state ? &*parsed.file->state : nullptr;
  const fuzz::Outcome outcome = fuzz::run_checked(*cl::find_scene(parsed.file->scene), parsed.file->params, state,
                                                  fuzz::kBriefRun, fuzz::kBriefBudget);
  if (outcome == fuzz::Outcome::Nonfinite) std::abort();
  return 0;
}
