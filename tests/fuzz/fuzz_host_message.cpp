// libFuzzer target: a message from the host page; accepted set_params and
// load messages run briefly, as the app would act on them. The first byte
// picks the scene the page is showing. Built and run by .ci/fuzz.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_run.h"
#include "io/host_message.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const cl::SceneEntry& current = cl::all_scenes()[data[0] % cl::all_scenes().size()];
  const cl::HostMessageParse parsed =
      cl::parse_host_message(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), current.description());
  fuzz::Outcome outcome = fuzz::Outcome::Ran;
  if (!parsed.message) {
    outcome = fuzz::refusal(parsed.error);
  } else if (parsed.message->command == cl::HostCommand::Load) {
    const cl::HostMessage& m = *parsed.message;
    outcome = fuzz::run_checked(*cl::find_scene(m.scene), *m.params, m.state ? &*m.state : nullptr, fuzz::kBriefRun,
                                fuzz::kBriefBudget);
  } else if (parsed.message->command == cl::HostCommand::SetParams) {
    cl::ParamValues p(current.description().params);
    for (const auto& [name, value] : parsed.message->values)
      if (p.set(name, value)) std::abort();  // validated values must be accepted
    outcome = fuzz::run_checked(current, p, nullptr, fuzz::kBriefRun, fuzz::kBriefBudget);
  }
  if (outcome == fuzz::Outcome::Nonfinite) std::abort();
  return 0;
}
