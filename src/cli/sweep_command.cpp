// contactlab sweep: one run per value of one parameter, one CSV row each,
// on --jobs threads, or a --shard of it for a batch scheduler; --merge
// joins the shards' tables.
#include "sweep_command.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "cli_input.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/sweep_csv.h"
#include "run/sweep.h"

namespace cli {
namespace {

/// Threads one sweep may use: more than a machine's cores only adds memory.
constexpr double kMaxJobs = 256;

struct SweepOptions {
  SceneInput input;
  std::string vary, out_path;
  bool log = false, timing = false;
  double until = 10, jobs = 1;
  long long shard = 0, shards = 1;
};

std::optional<std::string> parse_shard(const std::string& text, SweepOptions& o) {
  const size_t slash = text.find('/');
  double i = 0, n = 0;
  if (slash == std::string::npos || !read_number(text.substr(0, slash), i) || !read_number(text.substr(slash + 1), n) ||
      i != std::floor(i) || n != std::floor(n) || n < 1 || n > cl::kMaxSweepRuns || i < 0 || i >= n)
    return cl::text("cli.shard_form", {{"text", cl::quoted(text)}});
  o.shard = static_cast<long long>(i);
  o.shards = static_cast<long long>(n);
  return std::nullopt;
}

int run_sweep(const SweepOptions& o) {
  if (o.vary.empty()) return fail_usage(cl::text("cli.sweep_needs_vary"));
  if (!(o.jobs >= 1 && o.jobs <= kMaxJobs && o.jobs == std::floor(o.jobs)))
    return fail_usage(cl::text("cli.jobs_range", {{"max", cl::format_number(kMaxJobs)}}));
  if (auto error = check_outputs({{"--out", o.out_path}}, {o.input.scene_file})) return fail_usage(*error);
  ResolvedInput in;
  if (auto error = resolve_input(o.input, in)) return fail_usage(*error);
  cl::SweepPlan plan;  // the base run must start: it names the summary's columns
  if (auto error = cl::plan_sweep(in.entry->create, in.params, in.state, o.vary, o.log, o.until, cl::kMaxSweepRuns, plan))
    return fail_usage(error->message);
  const cl::SweepRange& range = plan.range;
  const auto [begin, end] = cl::shard_slice(range.count, o.shard, o.shards);

  std::ofstream file;
  std::ostream* out = &std::cout;
  if (!o.out_path.empty()) {
    file.open(o.out_path);
    out = &file;
  }
  cl::write_sweep_header(*out, range.name, plan.quantities);

  // Workers take the next index; rows are written in index order as soon as
  // every earlier one is done, so memory holds only the runs out of order.
  std::atomic<long long> next{begin};
  std::mutex mutex;
  std::map<long long, cl::SweepRow> done;
  long long written = begin, failures = 0;
  auto worker = [&] {
    for (long long i = next++; i < end; i = next++) {
      cl::SweepRow row = plan.run(i);
      std::lock_guard<std::mutex> lock(mutex);
      done.emplace(i, std::move(row));
      for (auto it = done.find(written); it != done.end(); it = done.find(written)) {
        if (!it->second.failure.empty()) ++failures;
        cl::write_sweep_row(*out, it->second, range.count, plan.quantities.size());
        done.erase(it);
        ++written;
      }
    }
  };
  const auto wall_start = std::chrono::steady_clock::now();
  const long long threads = std::min<long long>(static_cast<long long>(o.jobs), std::max<long long>(end - begin, 1));
  std::vector<std::thread> pool;
  for (long long t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (o.timing)
    std::cerr << cl::text("cli.sweep_timing", {{"scene", o.input.scene},
                                               {"name", range.name},
                                               {"runs", std::to_string(end - begin)},
                                               {"until", cl::format_number(plan.until)},
                                               {"wall", cl::format_number(wall)},
                                               {"threads", std::to_string(threads)},
                                               {"rate", cl::format_number((end - begin) / std::max(wall, 1e-9))},
                                               {"failed", std::to_string(failures)}})
              << '\n';
  if (auto error = finish_output(*out, o.out_path)) {
    std::cerr << "contactlab: " << *error << '\n';
    return kExitRunFailed;
  }
  // A failed run is a result (its row says why), not a failed sweep.
  return 0;
}

int merge(const std::vector<std::string>& inputs, const std::string& out_path) {
  if (inputs.empty()) return fail_usage(cl::text("cli.merge_needs_files"));
  if (auto error = check_outputs({{"--out", out_path}}, inputs)) return fail_usage(*error);
  // One file open at a time, read a line at a time: memory grows with the rows.
  cl::SweepMerge merge;
  for (const std::string& input : inputs) {
    std::ifstream in(input, std::ios::binary);
    if (!in) return fail_usage(cl::text("cli.cannot_read", {{"what", cl::text("cli.what_sweep_table")}, {"path", input}}));
    if (auto error = merge.add(input, in)) return fail_usage(*error);
  }
  if (auto error = merge.incomplete()) return fail_usage(*error);
  std::ofstream file;
  if (!out_path.empty()) file.open(out_path);
  std::ostream& out = out_path.empty() ? std::cout : file;
  merge.write(out);
  if (auto error = finish_output(out, out_path)) {
    std::cerr << "contactlab: " << *error << '\n';
    return kExitRunFailed;
  }
  return 0;
}

}  // namespace

int sweep_command(int argc, char** argv) {
  if (argc < 3) return fail_usage(cl::text("cli.sweep_needs_scene"));
  if (std::string(argv[2]) == "--merge") {
    std::vector<std::string> inputs;
    std::string out_path;
    for (int i = 3; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--out") {
        if (i + 1 >= argc) return fail_usage(cl::text("cli.needs_value", {{"option", arg}}));
        out_path = argv[++i];
      } else {
        inputs.push_back(arg);
      }
    }
    return merge(inputs, out_path);
  }
  SweepOptions o;
  o.input.scene = argv[2];
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log" || arg == "--timing") {
      (arg == "--log" ? o.log : o.timing) = true;
      continue;
    }
    if (i + 1 >= argc) return fail_usage(cl::text("cli.needs_value", {{"option", arg}}));
    const std::string v = argv[++i];
    if (arg == "--vary") o.vary = v;
    else if (arg == "--set") o.input.sets.push_back(v);
    else if (arg == "--preset") o.input.preset = v;
    else if (arg == "--scene-file") o.input.scene_file = v;
    else if (arg == "--out") o.out_path = v;
    else if (arg == "--until" || arg == "--jobs") {
      if (!read_number(v, arg == "--until" ? o.until : o.jobs))
        return fail_usage(cl::text("cli.not_a_number", {{"option", arg}, {"value", cl::quoted(v)}}));
    } else if (arg == "--shard") {
      if (auto error = parse_shard(v, o)) return fail_usage(*error);
    } else
      return fail_usage(cl::text("cli.unknown_option", {{"option", cl::quoted(arg)}}));
  }
  return run_sweep(o);
}

}  // namespace cli
