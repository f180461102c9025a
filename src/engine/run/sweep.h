#pragma once
// A parameter sweep: one run per value of one parameter, each reduced to its
// run summary (run/run_summary.h). Runs are independent, so they can go on
// several threads (the CLI's --jobs), on several machines (--shard: each
// takes a contiguous slice and the slices' CSVs are merged), or in a Web
// Worker beside the page.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "core/scene.h"

namespace cl {

/// Runs one sweep may ask for: a million runs of even a 1 ms scene is a
/// quarter of an hour per core, the most a batch of shards should carry.
constexpr double kMaxSweepRuns = 1e6;
/// Runs a sweep on the page may ask for: its plot and table stay readable.
constexpr double kMaxPageSweepRuns = 200;

struct SweepRange {
  std::string name;  ///< a Real or Integer parameter
  double from = 0, to = 0;
  long long count = 0;   ///< values, ends included
  bool log = false;      ///< geometric spacing (from, to > 0)
};

/// Which input of a sweep a problem is about (the page marks that field;
/// the message itself is in the reader's language).
enum class SweepInput { Parameter, Range, Count, Until, Log, Base };

struct SweepProblem {
  SweepInput input;
  std::string message;
};

/// "parameter", "range", "count", "until", "log" or "base".
const char* sweep_input_name(SweepInput input);

/// Parses "NAME=FROM:TO:COUNT" and checks it against the scene's parameters:
/// a numeric parameter, both ends in its range, 1 <= COUNT <= `max_count`.
std::optional<SweepProblem> parse_sweep_range(const std::string& text, bool log, const std::vector<ParamSpec>& specs,
                                             double max_count, SweepRange& out);

/// The value of run `index` (0 <= index < count); integers are rounded.
double sweep_value(const SweepRange& range, long long index, const ParamSpec& spec);

/// Runs [begin, end) of shard `shard` (0-based) of `shards` over `count` runs:
/// contiguous slices whose sizes differ by at most one.
std::pair<long long, long long> shard_slice(long long count, long long shard, long long shards);

struct SweepRow {
  long long index = 0;
  double value = 0;             ///< the swept parameter's value
  std::vector<double> summary;  ///< RunSummary::values(), NaN where the run failed before
  std::string failure;          ///< why the run stopped early or could not start; empty when it ran
};

/// One run of the sweep: `base` with the swept parameter at run `index`,
/// started from `state` when given, advanced to `until` s.
SweepRow run_sweep_point(const std::function<std::unique_ptr<Scene>()>& create, const ParamValues& base,
                         const nlohmann::json* state, const SweepRange& range, long long index, double until);

/// The summary's column names and labels for a scene (its own quantities
/// included), from the base run built from `state` (if given) but not
/// advanced, and its time `start` (s); an error if the base does not start
/// (a sweep of it would write only failures).
std::optional<std::string> sweep_quantities(const std::function<std::unique_ptr<Scene>()>& create,
                                            const ParamValues& base, const nlohmann::json* state, double& start,
                                            std::vector<SeriesSpec>& out);

/// A checked sweep, ready to run point by point: what the CLI runs on its
/// threads and the page's Web Worker runs one value at a time.
struct SweepPlan {
  std::function<std::unique_ptr<Scene>()> create;
  ParamValues base;
  std::optional<nlohmann::json> state;  ///< every run's start; the scene's own start when empty
  SweepRange range;
  double until = 0;                     ///< s, the time every run is advanced to
  std::vector<SeriesSpec> quantities;   ///< the summary's columns

  SweepRow run(long long index) const;
};

/// Checks `vary` ("NAME=FROM:TO:COUNT", at most `max_count` values), `until`
/// and that the base starts; the first problem found, or nothing and `out` set.
std::optional<SweepProblem> plan_sweep(const std::function<std::unique_ptr<Scene>()>& create, const ParamValues& base,
                                      std::optional<nlohmann::json> state, const std::string& vary, bool log,
                                      double until, double max_count, SweepPlan& out);

}  // namespace cl
