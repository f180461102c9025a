// The bad-input campaign of issue 15, repeatable: random parameter sets per
// scene, mutated scene files, expressions, URL hashes and host messages, each
// case run in its own child process (fork) so that a crash or a hang is
// counted instead of ending the campaign:
//   crash     the child died of a signal (SIGSEGV, abort, out of memory under
//             a 2 GiB address-space limit)
//   hang      the engine did not return control within the hang limit (10 s)
//   slow      the run was cut by its wall budget (10 s) before its simulated
//             time, the engine returning control between steps (the page
//             slows down but keeps running)
//   nonfinite a series value, event field, report or loop value written was
//             inf or NaN (a field that does not apply is NaN and not written),
//             or a message was not valid UTF-8 or longer than 4 KB
// Everything is drawn from a fixed seed: case i of a class is the same case
// on every machine, so a failure is reproduced with --only CLASS INDEX.
//
//   fuzz_campaign [--scale F] [--jobs N] [--classes A,B,...] [--only CLASS INDEX]
// --jobs N runs N cases at a time (one per core); --classes runs only those.
// CLASS: params_<scene>, scene_file, expression, url_hash, host_message.
// --scale 1 is the Proof (10,000 parameter sets per scene, 10,000
// files, 100,000 expressions, 10,000 hashes, 10,000 messages).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_inputs.h"
#include "fuzz/fuzz_run.h"
#include "io/scene_file.h"
#include "io/url_state.h"
#include "math/expression.h"
#include "scenes/registry.h"
#if __has_include("io/host_message.h")
#include "io/host_message.h"
#define CAMPAIGN_HAS_HOST_MESSAGES 1
#endif

namespace {

using fuzz::Outcome;

constexpr double kHangLimit = 10;      // s of wall time without the engine returning
constexpr double kWallBudget = 10;     // s of wall time a case may run
const fuzz::Budget kCaseBudget{kWallBudget};
constexpr double kRunTime = 0.5;       // s of simulated time per run (parameter sets)
constexpr double kShortRunTime = 0.1;  // s of simulated time per run (files, walls, hashes, messages)
constexpr rlim_t kMemoryLimit = 2ull << 30;

double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Outcome params_case(const cl::SceneEntry& entry, fuzz::Draws& d) {
  return fuzz::run_checked(entry, fuzz::random_params(entry, d), nullptr, kRunTime, kCaseBudget);
}

Outcome scene_file_case(fuzz::Draws& d) {
  const cl::SceneFileParse parsed = cl::parse_scene_file(fuzz::random_scene_file(d));
  if (!parsed.file) return fuzz::refusal(parsed.error);
  const nlohmann::json* state = parsed.file->state ? &*parsed.file->state : nullptr;
  return fuzz::run_checked(*cl::find_scene(parsed.file->scene), parsed.file->params, state, kShortRunTime, kCaseBudget);
}

Outcome expression_case(fuzz::Draws& d) {
  const std::string text = fuzz::random_expression(d);
  cl::Expression2D e;
  if (auto error = e.compile(text)) return fuzz::refusal(error->message);
  for (int k = 0; k < 16; ++k) e(100 * (d.uniform() - 0.5), 100 * (d.uniform() - 0.5));
  // One in 25 is also built as a wall or a street (as it is, or shaped like one) and run briefly.
  if (!d.chance(0.04)) return Outcome::Ran;
  const bool as_wall = d.chance(0.5);
  const cl::SceneEntry& entry = *cl::find_scene(as_wall ? "implicit" : "street");
  cl::ParamValues p(entry.description().params);
  const std::string shaped = as_wall ? "x^2 + y^2 - 15^2 + " + text : "0.05*x^2 + " + text;
  if (auto error = p.set(as_wall ? "wall" : "street", d.chance(0.5) ? text : shaped)) return fuzz::refusal(*error);
  return fuzz::run_checked(entry, p, nullptr, kShortRunTime, kCaseBudget);
}

Outcome url_hash_case(fuzz::Draws& d) {
  const cl::UrlState state = cl::parse_url_state(fuzz::random_url_hash(d), "pendulum");
  for (const std::string& problem : state.problems)
    if (fuzz::refusal(problem) == Outcome::Nonfinite) return Outcome::Nonfinite;
  return fuzz::run_checked(*cl::find_scene(state.scene), *state.params, nullptr, kShortRunTime, kCaseBudget);
}

#ifdef CAMPAIGN_HAS_HOST_MESSAGES
Outcome host_message_case(fuzz::Draws& d) {
  const cl::SceneEntry& current = cl::all_scenes()[d.below(cl::all_scenes().size())];
  const cl::HostMessageParse parsed =
      cl::parse_host_message(fuzz::random_host_message(d, current), current.description());
  if (!parsed.message) return fuzz::refusal(parsed.error);
  const cl::HostMessage& m = *parsed.message;
  if (m.command == cl::HostCommand::Load) {
    const nlohmann::json* state = m.state ? &*m.state : nullptr;
    return fuzz::run_checked(*cl::find_scene(m.scene), *m.params, state, kShortRunTime, kCaseBudget);
  }
  if (m.command != cl::HostCommand::SetParams) return Outcome::Ran;
  cl::ParamValues p(current.description().params);
  for (const auto& [name, value] : m.values)
    if (auto error = p.set(name, value)) {
      std::fprintf(stderr, "a validated value was refused: %s\n", error->c_str());
      return Outcome::Nonfinite;
    }
  return fuzz::run_checked(current, p, nullptr, kShortRunTime, kCaseBudget);
}
#endif

struct CaseClass {
  std::string name;
  long long count;  // at --scale 1
  std::function<Outcome(fuzz::Draws&)> run;
};

std::vector<CaseClass> case_classes() {
  std::vector<CaseClass> classes;
  for (const cl::SceneEntry& e : cl::all_scenes())
    classes.push_back({"params_" + e.description().id, 10000, [&e](fuzz::Draws& d) { return params_case(e, d); }});
  classes.push_back({"scene_file", 10000, scene_file_case});
  classes.push_back({"expression", 100000, expression_case});
  classes.push_back({"url_hash", 10000, url_hash_case});
#ifdef CAMPAIGN_HAS_HOST_MESSAGES
  classes.push_back({"host_message", 10000, host_message_case});
#endif
  return classes;
}

/// Case `index` of class `c`: its own generator seeded from both, so any case can be rerun alone.
Outcome run_case(const CaseClass& c, long long index) {
  std::seed_seq seed{20261123u, static_cast<unsigned>(std::hash<std::string>{}(c.name)), static_cast<unsigned>(index)};
  std::mt19937_64 rng(seed);
  fuzz::Draws draws(rng);
  return c.run(draws);
}

struct Tally {
  long long cases = 0, ran = 0, refused = 0, slow = 0, nonfinite = 0, crashes = 0, hangs = 0;
  double worst_wall = 0;  // s
  std::vector<long long> failing;
};

/// A case running in its own process.
struct Child {
  pid_t pid;
  long long index;
  double start;  // s, wall clock
};

/// Starts case `index` of `c` in a child process, under the memory limit and
/// the hang alarm.
Child start_child(const CaseClass& c, long long index) {
  std::fflush(stdout);
  std::fflush(stderr);
  const double start = wall_now();
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit memory{kMemoryLimit, kMemoryLimit};
    setrlimit(RLIMIT_AS, &memory);
    alarm(static_cast<unsigned>(kHangLimit + kWallBudget));  // the budget is checked between steps only
    std::_Exit(static_cast<int>(run_case(c, index)));
  }
  return {pid, index, start};
}

/// Classifies how a child ended (`status` from waitpid).
void tally_child(const CaseClass& c, const Child& child, int status, Tally& t) {
  const double wall = wall_now() - child.start;
  const long long index = child.index;
  ++t.cases;
  t.worst_wall = std::max(t.worst_wall, wall);
  bool failed = false;
  if (WIFSIGNALED(status)) {
    failed = true;
    if (WTERMSIG(status) == SIGALRM) ++t.hangs;
    else ++t.crashes;
    std::fprintf(stderr, "%s %lld: %s\n", c.name.c_str(), index,
                 WTERMSIG(status) == SIGALRM ? "hang" : strsignal(WTERMSIG(status)));
  } else if (wall > kHangLimit + kWallBudget) {
    failed = true;
    ++t.hangs;
  } else {
    switch (static_cast<Outcome>(WEXITSTATUS(status))) {
      case Outcome::Ran: ++t.ran; break;
      case Outcome::Refused: ++t.refused; break;
      case Outcome::Slow:
        ++t.slow;
        std::fprintf(stderr, "%s %lld: slow (%.1f s)\n", c.name.c_str(), index, wall);
        break;
      case Outcome::Nonfinite:
        ++t.nonfinite;
        failed = true;
        std::fprintf(stderr, "%s %lld: non-finite output or unshowable message\n", c.name.c_str(), index);
        break;
      default: ++t.crashes; failed = true; break;
    }
  }
  if (failed && t.failing.size() < 20) t.failing.push_back(index);
}

/// Runs cases [0, n) of `c`, at most `jobs` at a time.
void run_class(const CaseClass& c, long long n, int jobs, Tally& t) {
  std::vector<Child> running;
  auto finish_one = [&] {
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    const auto it = std::find_if(running.begin(), running.end(), [&](const Child& ch) { return ch.pid == pid; });
    if (it == running.end()) return;
    tally_child(c, *it, status, t);
    running.erase(it);
  };
  for (long long i = 0; i < n; ++i) {
    while (static_cast<int>(running.size()) >= jobs) finish_one();
    running.push_back(start_child(c, i));
  }
  while (!running.empty()) finish_one();
}

}  // namespace

int main(int argc, char** argv) {
  double scale = 1;
  int jobs = 1;
  std::string classes_wanted;  // comma-separated class names; empty: all
  std::string only;
  long long only_index = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--scale" && i + 1 < argc) scale = std::atof(argv[++i]);
    else if (arg == "--jobs" && i + 1 < argc) jobs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--classes" && i + 1 < argc) classes_wanted = "," + std::string(argv[++i]) + ",";
    else if (arg == "--only" && i + 2 < argc) {
      only = argv[++i];
      only_index = std::atoll(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--scale F] [--jobs N] [--classes A,B,...] [--only CLASS INDEX]\n", argv[0]);
      return 2;
    }
  }
  const std::vector<CaseClass> classes = case_classes();
  if (!only.empty()) {
    for (const CaseClass& c : classes)
      if (c.name == only) {
        fuzz::verbose = true;
        const Outcome o = run_case(c, only_index);
        std::printf("%s %lld: outcome %d (0 ran, 1 refused, 2 slow, 3 non-finite)\n", only.c_str(), only_index,
                    static_cast<int>(o));
        return 0;
      }
    std::fprintf(stderr, "no class %s\n", only.c_str());
    return 2;
  }
  std::printf("| class | cases | ran | refused | slow | crashes | hangs | non-finite | slowest case (s) | wall (s) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  long long total_failures = 0;
  for (const CaseClass& c : classes) {
    if (!classes_wanted.empty() && classes_wanted.find("," + c.name + ",") == std::string::npos) continue;
    Tally t;
    const double start = wall_now();
    const long long n = std::max(1LL, static_cast<long long>(std::llround(c.count * scale)));
    run_class(c, n, jobs, t);
    std::printf("| %s | %lld | %lld | %lld | %lld | %lld | %lld | %lld | %.2f | %.0f |\n", c.name.c_str(), t.cases,
                t.ran, t.refused, t.slow, t.crashes, t.hangs, t.nonfinite, t.worst_wall, wall_now() - start);
    std::fflush(stdout);
    for (long long index : t.failing) std::fprintf(stderr, "  rerun: --only %s %lld\n", c.name.c_str(), index);
    total_failures += t.crashes + t.hangs + t.nonfinite;
  }
  return total_failures == 0 ? 0 : 1;
}
