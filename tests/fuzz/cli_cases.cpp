#include "fuzz/cli_cases.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>

#include "core/number_format.h"
#include "io/sweep_csv.h"
#include "run/sweep.h"

namespace fuzz {

std::string cli_path = CONTACTLAB_CLI;

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Words = std::vector<std::string>;

/// One case's folder: the CLI's working folder, its inputs and outputs.
/// Removed afterwards, unless the case is rerun alone (to look at it).
class Scratch {
 public:
  Scratch() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/fuzz_cli.XXXXXX";
    if (!mkdtemp(pattern.data())) {
      std::perror("mkdtemp");
      std::abort();
    }
    dir_ = pattern;
  }
  ~Scratch() {
    std::error_code ignored;
    if (verbose) std::fprintf(stderr, "files kept in %s\n", dir_.c_str());
    else fs::remove_all(dir_, ignored);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  const std::string& dir() const { return dir_; }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  /// Fails silently where the name cannot be created (too long): the CLI then meets that.
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
  }
  void link(const std::string& target, const std::string& name) const {
    std::error_code ignored;
    fs::create_symlink(target, path(name), ignored);
  }
  void folder(const std::string& name) const {
    std::error_code ignored;
    fs::create_directory(path(name), ignored);
  }

 private:
  std::string dir_;
};

/// `word` as bash reads it back: bare when plain, else $'...' with escapes.
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("-_=./:,+%@", c);
  });
  if (plain) return word;
  std::string out = "$'";
  for (const char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    char escaped[8];
    if (c == '\'' || c == '\\') out += std::string("\\") + c;
    else if (byte < 0x20 || byte >= 0x7f) out += (std::snprintf(escaped, sizeof escaped, "\\x%02x", byte), escaped);
    else out += c;
  }
  return out + "'";
}

/// Whether a cell reads as a number that is not finite ("nan", "-inf", "1e999").
bool reads_nonfinite(const std::string& cell) {
  if (cell.empty()) return false;
  char* end = nullptr;
  const double x = std::strtod(cell.c_str(), &end);
  return end == cell.c_str() + cell.size() && !std::isfinite(x);
}

/// Where a CSV file has its first non-finite cell ("line L, cell C: nan"); nothing
/// when it has none or is not a regular file (/dev/null, a folder).
std::optional<std::string> nonfinite_cell(const std::string& path) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::string line, cell;
  for (long long number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    bool quoted = false;  // a text cell (a label, a failure); "" inside it toggles twice
    long long column = 1;
    cell.clear();
    for (size_t k = 0; k <= line.size(); ++k) {
      const char c = k < line.size() ? line[k] : ',';
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        if (reads_nonfinite(cell))
          return "line " + std::to_string(number) + ", cell " + std::to_string(column) + ": " + cell;
        cell.clear();
        ++column;
      } else {
        cell += c;
      }
    }
  }
  return std::nullopt;
}

/// Runs the CLI with `args` in `scratch` (its working folder; standard output
/// to cli.stdout), then reads `outputs` and standard output for non-finite
/// cells. A CLI killed by a signal (SIGXCPU or SIGALRM: a hang) takes this
/// process with it, after printing the command, so the campaign counts that
/// signal.
Outcome run_cli(const Scratch& scratch, const Words& args, Words outputs) {
  std::string command = "cd " + scratch.dir() + " && contactlab";
  for (const std::string& a : args) command += " " + shell_word(a);
  if (verbose) std::fprintf(stderr, "%s\n", command.c_str());
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open("/dev/null", O_RDONLY);
    const int out = open(scratch.path("cli.stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = open(scratch.path("cli.stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || chdir(scratch.dir().c_str()) != 0) _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv = {const_cast<char*>(cli_path.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const rlimit cpu{kHangLimit, kHangLimit + 5};  // s; kept across exec, like the alarm
    setrlimit(RLIMIT_CPU, &cpu);
    alarm(kWallBackstop);
    execv(cli_path.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (verbose) {
    std::ifstream err(scratch.path("cli.stderr"));
    std::fprintf(stderr, "stderr: %.2000s\n", std::string(std::istreambuf_iterator<char>(err), {}).c_str());
  }
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    std::fprintf(stderr, "contactlab died of %s: %s\n", strsignal(signal), command.c_str());
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
  const int code = WEXITSTATUS(status);
  if (code > 2) {  // 126, 127: this campaign could not start it; anything else breaks the CLI's contract
    std::fprintf(stderr, "contactlab exited %d: %s\n", code, command.c_str());
    std::abort();
  }
  outputs.push_back("cli.stdout");
  for (const std::string& output : outputs)
    if (const auto where = nonfinite_cell(scratch.path(output))) {
      std::fprintf(stderr, "%s, %s: %s\n", command.c_str(), output.c_str(), where->c_str());
      return Outcome::Nonfinite;
    }
  return code == 2 ? Outcome::Refused : Outcome::Ran;
}

void append(Words& args, const Words& more) { args.insert(args.end(), more.begin(), more.end()); }

const cl::ParamSpec* find_spec(const cl::SceneEntry& entry, const std::string& name) {
  for (const cl::ParamSpec& s : entry.description().params)
    if (s.name == name) return &s;
  return nullptr;
}

bool is_numeric(const cl::ParamSpec& s) { return s.kind == cl::ParamKind::Real || s.kind == cl::ParamKind::Integer; }

/// Whole-number parameters but the seed: body counts (n, N, N_max: a run's
/// columns) and the street's bumps.
bool is_count(const cl::ParamSpec& s) { return s.kind == cl::ParamKind::Integer && s.name != "seed"; }

/// A value for `spec` of `entry`: mostly one the scene accepts (drawn again
/// until then), a body count mostly small (so compared variants differ in
/// their columns without making runs long); now and then anything.
std::string value_text(const cl::SceneEntry& entry, const cl::ParamSpec& spec, Draws& d) {
  if (is_count(spec) && d.chance(0.7)) return std::to_string(static_cast<long long>(spec.min + d.below(6)));
  if (d.chance(0.1)) return random_value_text(spec, d);
  cl::ParamValues check(entry.description().params);
  std::string text = random_value_text(spec, d);
  for (int k = 0; k < 8 && check.set(spec.name, text); ++k) text = random_value_text(spec, d);
  return text;
}

/// --until: a short run (s), now and then a value the CLI must refuse.
std::string until_text(Draws& d) {
  if (d.chance(0.92)) return cl::format_number(0.01 + 0.29 * d.uniform());
  return pick(Words{"0", "-1", "nan", "inf", "1e7", "1e-300", "abc", "", "1e400", "0x0.1p0"}, d);
}

/// A preset now and then, and up to two --set, mostly well formed.
void add_scene_inputs(const cl::SceneEntry& entry, Draws& d, Words& args) {
  if (d.chance(0.15)) {
    const std::vector<cl::Preset> presets = entry.create()->presets(cl::ParamValues(entry.description().params));
    append(args, {"--preset", presets.empty() || d.chance(0.1) ? "no such preset" : pick(presets, d).id});
  }
  for (size_t k = d.below(3); k > 0; --k) {
    const cl::ParamSpec& s = pick(entry.description().params, d);
    append(args, {"--set", d.chance(0.05) ? pick(Words{"=1", "nope=1", s.name, s.name + "==1", ""}, d)
                                          : s.name + "=" + value_text(entry, s, d)});
  }
}

std::string dumped(const json& doc) { return doc.dump(-1, ' ', false, json::error_handler_t::replace); }

/// A parameter name for a compare variant: a law or integrator, a body
/// count, any parameter, or one the CLI does not know.
std::string variant_name(const cl::SceneEntry& entry, Draws& d) {
  const auto& specs = entry.description().params;
  std::vector<std::string> laws, counts;
  for (const cl::ParamSpec& s : specs) {
    if (s.name == "law" || s.name == "integrator") laws.push_back(s.name);
    if (is_count(s)) counts.push_back(s.name);
  }
  const double u = d.uniform();
  if (u < 0.4 && !laws.empty()) return pick(laws, d);
  if (u < 0.65 && !counts.empty()) return pick(counts, d);
  if (u < 0.95) return pick(specs, d).name;
  return pick(Words{"", "nope", "law ", "LAW", "t", "variant", "N=1", "="}, d);
}

}  // namespace

Outcome compare_case(Draws& d) {
  const cl::SceneEntry& entry = pick(cl::all_scenes(), d);
  Scratch scratch;
  Words args = {"run", entry.description().id};
  add_scene_inputs(entry, d, args);
  const size_t count = d.chance(0.9) ? 2 + d.below(3) : pick(std::vector<size_t>{0, 1, 5, 8, 50}, d);
  Words names = {variant_name(entry, d)};
  for (size_t k = d.chance(0.3) ? 1 + d.below(2) : 0; k > 0; --k) names.push_back(variant_name(entry, d));
  if (d.chance(0.1)) names.push_back(names.front());  // a key twice
  std::vector<Words> values(names.size());  // [name][variant]
  for (size_t n = 0; n < names.size(); ++n)
    for (size_t v = 0; v < count; ++v) {
      const cl::ParamSpec* spec = find_spec(entry, names[n]);
      values[n].push_back(spec ? value_text(entry, *spec, d) : junk_text(d));
    }
  if (d.chance(0.05) && count > 0) values.back().pop_back();  // lists of different lengths

  const bool file_variants = d.chance(0.3);
  if (file_variants || d.chance(0.1)) {  // a scene file, with its own variants or only its state
    json doc = {{"format", "contactlab-scene/1"}, {"scene", entry.description().id}, {"params", json::object()}};
    if (d.chance(0.3)) doc["state"] = state_of(entry, cl::ParamValues(entry.description().params));
    if (file_variants) {
      json list = json::array();
      for (size_t v = 0; v < count; ++v) {
        json variant = json::object();
        for (size_t n = 0; n < names.size(); ++n) {
          if (v >= values[n].size()) continue;
          const std::optional<double> number = cl::parse_number(values[n][v]);
          variant[names[n]] = number && d.chance(0.5) ? json(*number) : json(values[n][v]);
        }
        list.push_back(variant);
      }
      doc["compare"] = d.chance(0.03) ? json(pick(Words{"law:hertz|flores", "", "[]"}, d)) : list;
    }
    scratch.write("scene.json", dumped(doc));
    append(args, {"--scene-file", "scene.json"});
  }
  if (!file_variants || d.chance(0.1))  // --compare replaces a file's variants
    for (size_t n = 0; n < names.size(); ++n) {
      std::string option = names[n] + "=";
      for (size_t v = 0; v < values[n].size(); ++v) option += (v ? "," : "") + values[n][v];
      append(args, {"--compare", option});
    }
  append(args, {"--until", until_text(d)});
  if (d.chance(0.1)) append(args, {"--sample", pick(Words{"1e-6", "1e-4", "0.05", "0.5", "0", "-0.01", "nan", "1e300"}, d)});
  Words outputs;
  if (d.chance(0.9)) {
    append(args, {"--out", "series.csv"});
    outputs.push_back("series.csv");
  }
  if (d.chance(0.4)) {
    append(args, {"--events", "events.csv"});
    outputs.push_back("events.csv");
  }
  if (d.chance(0.03)) {
    append(args, {pick(Words{"--loops", "--report"}, d), "extra.csv"});
    outputs.push_back("extra.csv");
  }
  if (d.chance(0.02)) args.push_back(pick(Words{"--timing", "--out", "--bogus"}, d));
  return run_cli(scratch, args, outputs);
}

namespace {

/// "NAME=FROM:TO:COUNT" over a numeric parameter: a few values, ends in and
/// beyond its range, fractional ends of an integer, counts the CLI must
/// refuse, and now and then a malformed text. `runs`: COUNT as a number.
std::string vary_text(const cl::SceneEntry& entry, Draws& d, double& runs) {
  std::vector<const cl::ParamSpec*> numeric;
  for (const cl::ParamSpec& s : entry.description().params)
    if (is_numeric(s)) numeric.push_back(&s);
  const std::string name = d.chance(0.9) ? pick(numeric, d)->name
                           : d.chance(0.5) ? pick(entry.description().params, d).name
                                           : pick(Words{"", "nope", "t", "law ", "N=1"}, d);
  const cl::ParamSpec* spec = find_spec(entry, name);
  auto end_text = [&] { return spec ? value_text(entry, *spec, d) : junk_text(d); };
  std::string from = end_text(), to = end_text();
  if (spec && spec->kind == cl::ParamKind::Integer && d.chance(0.1)) from = cl::format_number(spec->min + 0.5);
  const std::string count = d.chance(0.9) ? std::to_string(1 + d.below(8))
                                           : pick(Words{"0", "-1", "2.5", "nan", "", "1e6", "1000000", "1000001",
                                                        "1e7", "4294967297"},
                                                  d);
  runs = cl::parse_number(count).value_or(0);
  switch (d.chance(0.95) ? 0 : 1 + d.below(5)) {
    case 0: return name + "=" + from + ":" + to + ":" + count;
    case 1: return name + "=" + from + ":" + to;
    case 2: return name;
    case 3: return name + "=" + from + ":" + to + ":" + count + ":4";
    case 4: return name + "==" + from + ":" + to + ":" + count;
    default: return name + "=" + from + "::" + count;
  }
}

}  // namespace

Outcome sweep_case(Draws& d) {
  const cl::SceneEntry& entry = pick(cl::all_scenes(), d);
  Scratch scratch;
  Words args = {"sweep", entry.description().id};
  add_scene_inputs(entry, d, args);
  double runs = 0;
  const bool log = d.chance(0.2);
  append(args, {"--vary", vary_text(entry, d, runs)});
  if (log) args.push_back("--log");
  const std::string until = until_text(d);
  append(args, {"--until", until});
  if (d.chance(0.2)) {  // a scene file's start, at its own time or later than --until
    json state = state_of(entry, cl::ParamValues(entry.description().params));
    if (d.chance(0.5) && state.is_object())
      state["t"] = pick(std::vector<json>{cl::parse_number(until).value_or(0) + 1, 1e6, -1, 0.05, 1e300, "0"}, d);
    scratch.write("start.json", dumped({{"scene", entry.description().id}, {"state", state}}));
    append(args, {"--scene-file", "start.json"});
  }
  // A count over 8 runs only one run of it: a whole million-run sweep would be a long case, not a hang.
  if (runs > 8 && runs <= cl::kMaxSweepRuns && runs == std::floor(runs)) {
    const auto n = static_cast<long long>(runs);
    append(args, {"--shard", std::to_string(static_cast<long long>(d.below(static_cast<size_t>(n)))) + "/" +
                                 std::to_string(n)});
  } else if (d.chance(0.15)) {
    append(args, {"--shard", pick(Words{"0/1", "1/2", "2/3", "3/3", "-1/2", "0/0", "1.5/3", "a/b", "1/", "/2",
                                        "0/1e6", "0/1000001"},
                                  d)});
  }
  if (d.chance(0.06)) append(args, {"--jobs", pick(Words{"2", "0", "1.5", "257", "-1", "nan", "1e9"}, d)});
  Words outputs;
  if (d.chance(0.9)) {
    append(args, {"--out", "sweep.csv"});
    outputs.push_back("sweep.csv");
  }
  if (d.chance(0.05)) args.push_back("--timing");
  return run_cli(scratch, args, outputs);
}

namespace {

/// A sweep's table as the CLI writes it, as its header and rows (each ending
/// in '\n'): `runs` rows of `entry`'s summary, with finite numbers, empty
/// cells (a run that failed before) and failures.
std::vector<std::string> sweep_table(const cl::SceneEntry& entry, long long runs, Draws& d) {
  const cl::ParamValues base(entry.description().params);
  double start = 0;
  std::vector<cl::SeriesSpec> quantities;
  cl::sweep_quantities(entry.create, base, nullptr, start, quantities);
  std::vector<const cl::ParamSpec*> numeric;
  for (const cl::ParamSpec& s : base.specs())
    if (is_numeric(s)) numeric.push_back(&s);
  std::ostringstream out;
  cl::write_sweep_header(out, pick(numeric, d)->name, quantities);
  std::vector<std::string> lines = {out.str()};
  for (long long i = 0; i < runs; ++i) {
    cl::SweepRow row;
    row.index = i;
    row.value = static_cast<double>(i) / static_cast<double>(runs);
    for (size_t q = 0; q < quantities.size(); ++q) {
      const double u = d.uniform();
      row.summary.push_back(u < 0.2 ? std::nan("") : u < 0.25 ? pick(std::vector<double>{1e308, -0.0, 5e-324}, d)
                                                               : (d.uniform() - 0.3) * std::pow(10, d.below(12)));
    }
    if (d.chance(0.05)) row.failure = pick(Words{"x0 became nan", "the run blew up: 1 J, then \"2\" J", "a\nb"}, d);
    out.str("");
    cl::write_sweep_row(out, row, runs, quantities.size());
    lines.push_back(out.str());
  }
  return lines;
}

/// The row key `index` in a form the sweep never writes but strtol would read.
std::string noncanonical_key(long long index, Draws& d) {
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%llx", index);
  return pick(Words{"0" + std::to_string(index), "+" + std::to_string(index), std::to_string(index) + ".0",
                    std::to_string(index) + "e0", " " + std::to_string(index), hex, index == 0 ? "-0" : "0x0"},
              d);
}

/// Replaces the `cell`-th cell (0: the index) of a random data line with `edit` of it.
void edit_cell(std::string& slice, size_t cell, Draws& d, const std::function<std::string(const std::string&)>& edit) {
  std::vector<size_t> starts;  // of the data lines
  for (size_t at = slice.find('\n'); at != std::string::npos && at + 1 < slice.size(); at = slice.find('\n', at + 1))
    starts.push_back(at + 1);
  if (starts.empty()) return;
  size_t begin = pick(starts, d);
  for (size_t k = 0; k < cell; ++k) {
    const size_t comma = slice.find(',', begin);
    if (comma == std::string::npos || comma > slice.find('\n', begin)) return;
    begin = comma + 1;
  }
  const size_t end = std::min(slice.find_first_of(",\n", begin), slice.size());
  slice.replace(begin, end - begin, edit(slice.substr(begin, end - begin)));
}

}  // namespace

Outcome merge_case(Draws& d) {
  const cl::SceneEntry& entry = pick(cl::all_scenes(), d);
  Scratch scratch;
  const double u = d.uniform();
  const long long runs = u < 0.75 ? 1 + static_cast<long long>(d.below(40)) : u < 0.95 ? 2000 : 20000;
  const std::vector<std::string> table = sweep_table(entry, runs, d);
  const long long shards = d.chance(0.03) && runs <= 300 ? runs : 1 + static_cast<long long>(d.below(
                                                                          static_cast<size_t>(std::min(runs, 10LL))));
  std::vector<std::string> slices;
  for (long long s = 0; s < shards; ++s) {
    const auto [begin, end] = cl::shard_slice(runs, s, shards);
    std::string text = table.front();
    for (long long i = begin; i < end; ++i) text += table[static_cast<size_t>(i) + 1];
    slices.push_back(text);
  }
  // Hostile edits of the slices, a few at most.
  auto any = [&]() -> std::string& { return slices[d.below(slices.size())]; };
  if (d.chance(0.1) && slices.size() > 1) slices.erase(slices.begin() + static_cast<long>(d.below(slices.size())));
  if (d.chance(0.1)) slices.push_back(std::string(any()));
  if (d.chance(0.08)) {
    std::string& s = any();
    s.resize(d.below(s.size() + 1));
  }
  if (d.chance(0.1)) mutate_bytes(any(), d);
  if (d.chance(0.08))
    edit_cell(any(), 0, d, [&](const std::string& key) { return noncanonical_key(std::atoll(key.c_str()), d); });
  if (d.chance(0.05))
    edit_cell(any(), 3 + d.below(3), d, [&](const std::string&) { return pick(Words{"nan", "inf", "-inf", "1e999"}, d); });
  if (d.chance(0.03))
    edit_cell(any(), 1, d, [&](const std::string&) { return pick(Words{std::to_string(runs + 1), "0", "-1"}, d); });
  if (d.chance(0.05)) {  // another header: a column renamed, or another scene's table
    std::string& s = any();
    s = (d.chance(0.5) ? "index,runs,renamed\n" : sweep_table(pick(cl::all_scenes(), d), 1, d).front()) +
        s.substr(std::min(s.size(), s.find('\n') + 1));
  }
  if (d.chance(0.05)) {  // CRLF line ends
    std::string& s = any();
    for (size_t at = s.find('\n'); at != std::string::npos; at = s.find('\n', at + 2)) s.insert(at, "\r");
  }
  if (d.chance(0.03)) {  // a line of 1-20 MiB: a row's failure cell, or a line of digits or commas
    std::string& s = any();
    const std::string huge((1 + d.below(20)) << 20, pick(std::vector<char>{'x', '9', ','}, d));
    const size_t row_end = s.find('\n', s.find('\n') + 1);
    if (huge[0] == 'x' && row_end != std::string::npos) s.insert(row_end, huge);
    else s += huge + "\n";
  }
  if (d.chance(0.05)) any() = d.chance(0.5) ? "" : table.front();

  Words inputs;
  for (size_t s = 0; s < slices.size(); ++s) {
    inputs.push_back("slice" + std::to_string(s) + ".csv");
    scratch.write(inputs.back(), slices[s]);
  }
  if (d.chance(0.5)) std::reverse(inputs.begin(), inputs.end());
  if (d.chance(0.05)) inputs.push_back(inputs.front());  // one file twice
  if (d.chance(0.2)) {  // an input that is no sweep table, or cannot be read
    const std::string long_name = std::string(251, 'x') + ".csv", longer = std::string(300, 'x') + ".csv";
    switch (d.below(16)) {
      case 0: inputs.push_back(""); break;
      case 1: inputs.push_back("missing.csv"); break;
      case 2: {
        scratch.folder("folder");
        inputs.push_back("folder");
        break;
      }
      case 3: inputs.push_back("/dev/null"); break;
      case 4: inputs.push_back(d.chance(0.2) ? "/dev/zero" : "/dev/stdin"); break;  // /dev/zero: read to the cap
      case 5: {
        scratch.link("nowhere.csv", "dangling.csv");
        inputs.push_back("dangling.csv");
        break;
      }
      case 6: {
        scratch.link("loop.csv", "loop.csv");
        inputs.push_back("loop.csv");
        break;
      }
      case 7: {
        scratch.link(inputs.front(), "link.csv");  // the same file under two names
        inputs.push_back("link.csv");
        break;
      }
      case 8: {
        const std::string longest = std::string(251, 'x') + ".csv";  // NAME_MAX
        scratch.write(longest, slices.front());
        inputs.push_back(longest);
        break;
      }
      case 9: inputs.push_back(std::string(300, 'x') + ".csv"); break;
      case 10: {
        std::string deep;  // 4,000 bytes: over PATH_MAX with the folder
        for (int k = 0; k < 1000; ++k) deep += "dir/";
        inputs.push_back(deep + "x.csv");
        break;
      }
      case 11: inputs.push_back(inputs.front() + "/x.csv"); break;
      case 12: {
        const std::string odd = pick(Words{"a\nb.csv", "a,b.csv", "\xff\xfe.csv", "-", "--merge", " "}, d);
        scratch.write(odd, slices.front());
        inputs.push_back(odd);
        break;
      }
      case 13: inputs.clear(); break;
      case 14: inputs.push_back("cli.stdout"); break;  // the merge's own standard output
      default:
        for (int k = 0; k < 200; ++k) {
          inputs.push_back("many" + std::to_string(k) + ".csv");
          scratch.write(inputs.back(), slices.front());
        }
    }
  }
  Words args = {"sweep", "--merge"};
  Words out_args, outputs;
  if (d.chance(0.8)) {
    out_args = {"--out", "merged.csv"};
    outputs.push_back("merged.csv");
  } else {
    switch (d.below(9)) {
      case 0: break;  // standard output
      case 1: out_args = {"--out", "/dev/null"}; break;
      case 2: out_args = {"--out", "/dev/full"}; break;
      case 3: {
        scratch.folder("outdir");
        out_args = {"--out", "outdir"};
        break;
      }
      case 4: out_args = {"--out", inputs.empty() ? "merged.csv" : inputs.front()}; break;
      case 5: {
        scratch.link("slice0.csv", "out_link.csv");  // an input under another name
        out_args = {"--out", "out_link.csv"};
        break;
      }
      case 6: out_args = {"--out", "missing/merged.csv"}; break;
      case 7: out_args = {"--out", std::string(300, 'o') + ".csv"}; break;
      default: out_args = {"--out"}; break;  // no value
    }
  }
  if (d.chance(0.2)) {
    append(args, out_args);
    append(args, inputs);
  } else {
    append(args, inputs);
    append(args, out_args);
  }
  return run_cli(scratch, args, outputs);
}

}  // namespace fuzz
