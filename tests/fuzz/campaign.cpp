// The bad-input campaigns of issues 15 and 34, repeatable: random parameter
// sets per scene, mutated scene files, expressions, URL hashes and host
// messages, the CLI's --compare specs, sweep plans and sweep merges, and
// every contact law under every integrator at its stiffest. Each case runs in
// its own child process (fork) so that a crash or a hang is counted instead of
// ending the campaign:
//   crash     the child (or the CLI it ran) died of a signal (SIGSEGV, abort,
//             out of memory under a 2 GiB address-space limit)
//   hang      the case (or the CLI it ran) used over 20 s of CPU time, a
//             measure the machine's load does not change (a class with a
//             wall budget stops its run after 10 s of wall time, checked
//             between steps); a case that waits instead of computing is
//             stopped after 300 s of wall time
//   slow      the run was cut by its wall budget (10 s) before its simulated
//             time, the engine returning control between steps (the page
//             slows down but keeps running)
//   nonfinite a series value, event field, report or loop value written was
//             inf or NaN (a field that does not apply is NaN and not written),
//             a CSV cell the CLI wrote reads as one, or a message was not
//             valid UTF-8 or longer than 4 KB
// The table gives each class's slowest case (CPU and wall time) and the
// largest peak resident memory of a case (its process's or the CLI's it ran,
// whichever is larger).
// Everything is drawn from a fixed seed: case i of a class is the same case
// on every machine, so a failure is reproduced with --only CLASS INDEX.
//
//   fuzz_campaign [--scale F] [--jobs N] [--classes A,B,...] [--only CLASS INDEX] [--cli PATH]
// --jobs N runs N cases at a time (one per core); --classes runs only those;
// --cli runs that contactlab instead of the build's.
// CLASS: params_<scene>, scene_file, expression, url_hash, host_message,
// compare, sweep, merge, stiff.
// --scale 1 is the issues' Proof (10,000 parameter sets per scene, 10,000
// files, 100,000 expressions, 10,000 hashes, 10,000 messages; 1,000 cases of
// each of the last four).
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

#include "fuzz/cli_cases.h"
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

using fuzz::kHangLimit;                // s of CPU time a case may take
using fuzz::kWallBackstop;             // s of wall time a case may wait
constexpr unsigned kLimitMargin = 5;   // s past the CLI's limits, so that they go first and name its command
constexpr double kWallBudget = 10;     // s of wall time a case may run (the first campaign's classes)
const fuzz::Budget kCaseBudget{kWallBudget};
constexpr double kRunTime = 0.5;       // s of simulated time per run (parameter sets)
constexpr double kShortRunTime = 0.1;  // s of simulated time per run (files, walls, hashes, messages)
constexpr double kStiffRunTime = 2;    // s of simulated time per stiff run: a pile's first particles land at ~1.1 s
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

/// A scene with a contact law, one of its laws and one of its integrators.
struct LawIntegrator {
  const cl::SceneEntry* entry;
  std::string law, integrator;
};

/// Every law × integrator of every scene with a contact law (4 scenes, 7 laws, 4 integrators).
const std::vector<LawIntegrator>& law_integrators() {
  static const std::vector<LawIntegrator> list = [] {
    std::vector<LawIntegrator> out;
    for (const cl::SceneEntry& e : cl::all_scenes()) {
      const cl::ParamValues p(e.description().params);
      const auto law = p.index_of("law"), integrator = p.index_of("integrator");
      if (!law || !integrator) continue;
      for (const std::string& l : p.specs()[*law].choices)
        for (const std::string& i : p.specs()[*integrator].choices) out.push_back({&e, l, i});
    }
    return out;
  }();
  return list;
}

/// Case `index`: law × integrator number index % 112 in turn, from the
/// defaults or a preset, some other real parameters drawn in range, every
/// stiffness (Pa, N/m, N/m^1.5) at 1e10-1e12 or its range's top, dt and
/// rtol at their range's ends; run with no wall budget and no step bound:
/// only the engine's own bounds may end it.
Outcome stiff_case(fuzz::Draws& d, long long index) {
  static const std::vector<std::string> stiffness = {"E", "E_e", "E_w", "E_s", "k_linear", "k_s", "k_h"};
  static const std::vector<std::string> steps = {"dt", "rtol"};
  const LawIntegrator& c = law_integrators()[static_cast<size_t>(index) % law_integrators().size()];
  const auto& specs = c.entry->description().params;
  cl::ParamValues p(specs);
  if (d.chance(0.3)) {
    const std::vector<cl::Preset> presets = c.entry->create()->presets(p);
    if (!presets.empty())
      for (const auto& [name, value] : fuzz::pick(presets, d).values) p.set(name, value);
  }
  auto among = [](const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
  };
  for (const cl::ParamSpec& s : specs) {
    if (among(stiffness, s.name) && d.chance(0.85)) {
      const double u = d.uniform();
      const double k = u < 0.3 ? 1e12 : u < 0.4 ? 1e10 : std::pow(10, 10 + 2 * d.uniform());
      p.set_number(*p.index_of(s.name), std::min(k, s.max));
    } else if (among(steps, s.name)) {
      const double u = d.uniform();
      p.set_number(*p.index_of(s.name),
                   u < 0.4 ? s.min : u < 0.8 ? s.max : std::exp(std::log(s.min) + d.uniform() * std::log(s.max / s.min)));
    } else if (s.kind == cl::ParamKind::Real && d.chance(0.3)) {
      p.set(s.name, fuzz::random_value_text(s, d));  // a refused value keeps the previous one
    }
  }
  p.set("law", c.law);
  p.set("integrator", c.integrator);
  if (fuzz::verbose)
    for (size_t i = 0; i < specs.size(); ++i) std::fprintf(stderr, "  %s = %s\n", specs[i].name.c_str(), p.format(i).c_str());
  return fuzz::run_checked(*c.entry, p, nullptr, kStiffRunTime, fuzz::Budget{});
}

struct CaseClass {
  std::string name;
  long long count;  // at --scale 1
  std::function<Outcome(fuzz::Draws&, long long index)> run;
};

std::vector<CaseClass> case_classes() {
  std::vector<CaseClass> classes;
  // Most classes draw everything from their generator.
  auto drawn = [](Outcome (*f)(fuzz::Draws&)) { return [f](fuzz::Draws& d, long long) { return f(d); }; };
  for (const cl::SceneEntry& e : cl::all_scenes())
    classes.push_back(
        {"params_" + e.description().id, 10000, [&e](fuzz::Draws& d, long long) { return params_case(e, d); }});
  classes.push_back({"scene_file", 10000, drawn(scene_file_case)});
  classes.push_back({"expression", 100000, drawn(expression_case)});
  classes.push_back({"url_hash", 10000, drawn(url_hash_case)});
#ifdef CAMPAIGN_HAS_HOST_MESSAGES
  classes.push_back({"host_message", 10000, drawn(host_message_case)});
#endif
  classes.push_back({"compare", 1000, drawn(fuzz::compare_case)});
  classes.push_back({"sweep", 1000, drawn(fuzz::sweep_case)});
  classes.push_back({"merge", 1000, drawn(fuzz::merge_case)});
  classes.push_back({"stiff", 1000, stiff_case});
  return classes;
}

/// Case `index` of class `c`: its own generator seeded from both, so any case can be rerun alone.
Outcome run_case(const CaseClass& c, long long index) {
  std::seed_seq seed{20261123u, static_cast<unsigned>(std::hash<std::string>{}(c.name)), static_cast<unsigned>(index)};
  std::mt19937_64 rng(seed);
  fuzz::Draws draws(rng);
  return c.run(draws, index);
}

struct Tally {
  long long cases = 0, ran = 0, refused = 0, slow = 0, nonfinite = 0, crashes = 0, hangs = 0;
  double worst_cpu = 0, worst_wall = 0;  // s, of one case
  long long peak_rss = 0;                // KiB, of one case
  long long slowest = 0, largest = 0;    // the cases that set worst_cpu and peak_rss
  std::vector<long long> failing;
};

/// A case running in its own process.
struct Child {
  pid_t pid;
  long long index;
  double start;  // s, wall clock
};

/// Starts case `index` of `c` in a child process, under the memory and CPU
/// limits and the wall-time alarm.
Child start_child(const CaseClass& c, long long index) {
  std::fflush(stdout);
  std::fflush(stderr);
  const double start = wall_now();
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit memory{kMemoryLimit, kMemoryLimit};
    setrlimit(RLIMIT_AS, &memory);
    const rlimit cpu{kHangLimit + kLimitMargin, kHangLimit + 2 * kLimitMargin};
    setrlimit(RLIMIT_CPU, &cpu);
    alarm(kWallBackstop + kLimitMargin);
    std::_Exit(static_cast<int>(run_case(c, index)));
  }
  return {pid, index, start};
}

/// Classifies how a child ended (`status` and `usage` from wait4).
void tally_child(const CaseClass& c, const Child& child, int status, const rusage& usage, Tally& t) {
  const double wall = wall_now() - child.start;
  const double cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                     1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  const long long index = child.index;
  ++t.cases;
  t.worst_wall = std::max(t.worst_wall, wall);
  if (cpu > t.worst_cpu) {
    t.worst_cpu = cpu;
    t.slowest = index;
  }
  if (usage.ru_maxrss > t.peak_rss) {
    t.peak_rss = usage.ru_maxrss;
    t.largest = index;
  }
  bool failed = false;
  if (WIFSIGNALED(status)) {
    failed = true;
    const bool hang = WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGALRM;
    if (hang) ++t.hangs;
    else ++t.crashes;
    std::fprintf(stderr, "%s %lld: %s\n", c.name.c_str(), index,
                 hang ? (WTERMSIG(status) == SIGXCPU ? "hang (CPU time)" : "hang (wall time)")
                      : strsignal(WTERMSIG(status)));
  } else if (cpu > kHangLimit) {
    failed = true;
    ++t.hangs;
    std::fprintf(stderr, "%s %lld: over %u s (%.1f s of CPU time)\n", c.name.c_str(), index, kHangLimit, cpu);
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
    rusage usage{};
    const pid_t pid = wait4(-1, &status, 0, &usage);  // usage: the child's and the CLI's it waited for
    const auto it = std::find_if(running.begin(), running.end(), [&](const Child& ch) { return ch.pid == pid; });
    if (it == running.end()) return;
    tally_child(c, *it, status, usage, t);
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
    else if (arg == "--cli" && i + 1 < argc) fuzz::cli_path = argv[++i];
    else if (arg == "--only" && i + 2 < argc) {
      only = argv[++i];
      only_index = std::atoll(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--scale F] [--jobs N] [--classes A,B,...] [--only CLASS INDEX] [--cli PATH]\n",
                   argv[0]);
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
  rusage self{};
  getrusage(RUSAGE_SELF, &self);
  std::printf("A case's peak RSS: its process's (a fork of the campaign's %.1f MB, making the inputs) or the CLI's "
              "it ran (counted from that fork), whichever is larger.\n\n",
              self.ru_maxrss / 1024.0);
  std::printf("| class | cases | ran | refused | slow | crashes | hangs (> %u s CPU) | non-finite | "
              "slowest case (CPU s) | slowest case (wall s) | peak RSS (MB) | wall (s) |\n",
              kHangLimit);
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  long long total_failures = 0;
  for (const CaseClass& c : classes) {
    if (!classes_wanted.empty() && classes_wanted.find("," + c.name + ",") == std::string::npos) continue;
    Tally t;
    const double start = wall_now();
    const long long n = std::max(1LL, static_cast<long long>(std::llround(c.count * scale)));
    run_class(c, n, jobs, t);
    std::printf("| %s | %lld | %lld | %lld | %lld | %lld | %lld | %lld | %.2f | %.2f | %.1f | %.0f |\n",
                c.name.c_str(), t.cases, t.ran, t.refused, t.slow, t.crashes, t.hangs, t.nonfinite, t.worst_cpu,
                t.worst_wall, t.peak_rss / 1024.0, wall_now() - start);
    std::fflush(stdout);
    std::fprintf(stderr, "  slowest: --only %s %lld; largest: --only %s %lld\n", c.name.c_str(), t.slowest,
                 c.name.c_str(), t.largest);
    for (long long index : t.failing) std::fprintf(stderr, "  rerun: --only %s %lld\n", c.name.c_str(), index);
    total_failures += t.crashes + t.hangs + t.nonfinite;
  }
  return total_failures == 0 ? 0 : 1;
}
