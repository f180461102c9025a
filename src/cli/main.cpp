// contactlab: runs ContactLab scenes headless and writes CSV.
//   contactlab list
//   contactlab params SCENE
//   contactlab run SCENE [--preset NAME] [--set name=value]... [--scene-file FILE.json] [--until T]
//                        [--sample DT] [--out series.csv] [--events events.csv] [--loops loops.csv]
//                        [--report table.csv] [--timing]
// Exit codes: 0 ok; 1 the run failed (a non-finite state, an endless series
// of events, an explosion: the message names it) or an output could not be
// written completely; 2 bad command line or input, refused before anything
// is written or run (see README, "Limits").
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/limits.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/simulation.h"
#include "io/csv.h"
#include "io/description_json.h"
#include "io/impact_loops_io.h"
#include "io/json_text.h"
#include "io/scene_file.h"
#include "scenes/registry.h"

namespace {

constexpr int kExitRunFailed = 1;
constexpr int kExitUsage = 2;

const char* kUsage =
    "usage:\n"
    "  contactlab list\n"
    "  contactlab params SCENE\n"
    "  contactlab run SCENE [--preset NAME] [--set name=value]... [--scene-file FILE.json]\n"
    "                       [--until T] [--sample DT] [--out series.csv] [--events events.csv]\n"
    "                       [--loops loops.csv] [--report table.csv] [--timing]\n"
    "  (--preset takes a name from the scene's presets, e.g. \"Astroid\"; --set values apply after it;\n"
    "   --loops writes force against penetration of the latest 64 impacts, for scenes with compliant contacts;\n"
    "   --report writes the scene's summary table at the end, e.g. the pile's compression after a 1D spring pile)\n";

int fail_usage(const std::string& message) {
  std::cerr << "contactlab: " << message << '\n';
  return kExitUsage;
}

int list_scenes() {
  for (const cl::SceneEntry& e : cl::all_scenes())
    std::cout << e.description().id << "\t" << e.description().summary << '\n';
  return 0;
}

int print_params(const std::string& scene_id) {
  const cl::SceneEntry* entry = cl::find_scene(scene_id);
  if (!entry) return fail_usage("unknown scene '" + scene_id + "' (known: " + cl::scene_ids() + ")");
  std::cout << cl::scene_description_json(entry->description())["params"].dump(2) << '\n';
  return 0;
}

struct RunOptions {
  std::string scene;
  std::vector<std::string> sets;
  std::string scene_file, out_path, events_path, loops_path, report_path, preset;
  double until = 10, sample = 0.01;
  bool timing = false;
};

/// Why `path` cannot be written, found without creating or truncating it.
std::optional<std::string> unwritable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  if (fs::exists(p, ec)) {
    if (fs::is_directory(p, ec)) return "cannot write '" + path + "': it is a folder";
    if (access(path.c_str(), W_OK) != 0) return "cannot write '" + path + "'";
    return std::nullopt;
  }
  const fs::path folder = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec) || access(folder.c_str(), W_OK | X_OK) != 0)
    return "cannot write '" + path + "': no writable folder '" + folder.string() + "'";
  return std::nullopt;
}

/// Checks --until, --sample and the output paths, before anything is read or run.
std::optional<std::string> check_options(const RunOptions& o) {
  if (!(o.until > 0 && o.until <= cl::kMaxTime))
    return "--until must be a time in (0, " + cl::format_number(cl::kMaxTime) + "] s";
  if (!(o.sample >= cl::kMinSampleInterval))
    return "--sample must be at least " + cl::format_number(cl::kMinSampleInterval) + " s";
  if (o.until / o.sample > cl::kMaxSamples)
    return "--until " + cl::format_number(o.until) + " with --sample " + cl::format_number(o.sample) + " makes " +
           cl::format_number(std::floor(o.until / o.sample) + 1) + " samples, more than the limit of " +
           cl::format_number(cl::kMaxSamples) + ": raise --sample or lower --until";
  namespace fs = std::filesystem;
  const std::pair<const char*, const std::string*> outputs[] = {
      {"--out", &o.out_path}, {"--events", &o.events_path}, {"--loops", &o.loops_path}, {"--report", &o.report_path}};
  // Two outputs (or an output and the scene file) naming one regular file would garble it.
  auto same_file = [](const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && !fs::is_regular_file(a, ec)) return false;  // /dev/null may take both
    return fs::weakly_canonical(fs::absolute(a), ec) == fs::weakly_canonical(fs::absolute(b), ec);
  };
  for (size_t i = 0; i < std::size(outputs); ++i) {
    const auto& [option, path] = outputs[i];
    if (path->empty()) continue;
    if (auto error = unwritable(*path)) return std::string(option) + ": " + *error;
    if (!o.scene_file.empty() && same_file(*path, o.scene_file))
      return std::string(option) + " names the scene file '" + o.scene_file + "'";
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].second->empty() && same_file(*path, *outputs[j].second))
        return std::string(outputs[j].first) + " and " + option + " name the same file '" + *path + "'";
  }
  return std::nullopt;
}

/// The text of a scene file, refused when larger than a scene file may be.
std::optional<std::string> read_scene_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read scene file '" + path + "'";
  const size_t limit = cl::JsonLimits{}.max_bytes;
  text.assign(limit + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > limit)
    return "scene file '" + path + "' is larger than the limit of " + std::to_string(limit) + " bytes";
  return std::nullopt;
}

int run_scene(const RunOptions& o) {
  const cl::SceneEntry* entry = cl::find_scene(o.scene);
  if (!entry) return fail_usage("unknown scene " + cl::quoted(o.scene) + " (known: " + cl::scene_ids() + ")");
  if (auto error = check_options(o)) return fail_usage(*error);
  cl::ParamValues params(entry->description().params);
  std::optional<nlohmann::json> state;
  if (!o.scene_file.empty()) {
    std::string text;
    if (auto error = read_scene_file(o.scene_file, text)) return fail_usage(*error);
    cl::SceneFileParse parsed = cl::parse_scene_file(text);
    if (!parsed.file) return fail_usage(o.scene_file + ": " + parsed.error);
    if (parsed.file->scene != o.scene)
      return fail_usage(o.scene_file + " is a '" + parsed.file->scene + "' scene, not '" + o.scene + "'");
    params = parsed.file->params;
    state = parsed.file->state;
  }
  if (!o.preset.empty()) {
    const std::vector<cl::Preset> presets = entry->create()->presets(params);
    auto it = std::find_if(presets.begin(), presets.end(), [&](const cl::Preset& p) { return p.name == o.preset; });
    if (it == presets.end()) {
      std::string names;
      for (const cl::Preset& p : presets) names += (names.empty() ? "" : ", ") + ("\"" + p.name + "\"");
      return fail_usage("scene '" + o.scene + "' has no preset " + cl::quoted(o.preset) +
                        (names.empty() ? " (it has none)" : " (presets: " + names + ")"));
    }
    for (const auto& [name, value] : it->values)
      if (auto error = params.set(name, value)) return fail_usage("preset '" + o.preset + "': " + *error);
  }
  for (const std::string& assignment : o.sets) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos) return fail_usage("--set expects name=value, got " + cl::quoted(assignment));
    if (auto error = params.set(assignment.substr(0, eq), assignment.substr(eq + 1))) return fail_usage(*error);
  }
  if (!o.report_path.empty() && !entry->create()->has_report(params))
    return fail_usage("scene '" + o.scene + "' has no report table for these settings");

  cl::Simulation sim(entry->create());
  sim.set_sample_interval(o.sample);
  if (auto error = sim.set_params(params)) return fail_usage(*error);
  if (auto error = sim.reset()) return fail_usage(*error);
  if (state)
    if (auto error = sim.load_state(*state)) return fail_usage(o.scene_file + ": " + *error);
  if (sim.time() > o.until)
    return fail_usage("--until " + cl::format_number(o.until) + " s is before the start at t = " +
                      cl::format_number(sim.time()) + " s");

  if (!o.loops_path.empty() && !sim.scene().impact_loops())
    return fail_usage("scene '" + o.scene + "' records no impact loops (--loops is for scenes with compliant contacts)");

  // Every input is valid: only now open the outputs.
  std::ofstream series_file, events_file, loops_file, report_file;
  std::ostream* series_out = &std::cout;
  if (!o.out_path.empty()) {
    series_file.open(o.out_path);
    series_out = &series_file;
  }
  if (!o.events_path.empty()) {
    events_file.open(o.events_path);
    cl::write_events_header(events_file, entry->description().event_fields);
  }
  if (!o.loops_path.empty()) loops_file.open(o.loops_path);
  if (!o.report_path.empty()) report_file.open(o.report_path);
  cl::write_csv_header(*series_out, sim.series().names());
  // The first sample is already recorded (unless a loaded state starts off
  // the sample grid); later ones stream as they come.
  if (sim.series().size() > 0) {
    std::vector<double> row(sim.series().names().size());
    for (size_t s = 0; s < row.size(); ++s) row[s] = sim.series().at(s, 0);
    cl::write_csv_row(*series_out, row);
  }
  sim.on_sample = [&](const std::vector<double>& values) { cl::write_csv_row(*series_out, values); };
  long long event_count = 0;
  sim.on_event = [&](const cl::Event& e) {
    ++event_count;
    if (events_file.is_open()) cl::write_event_row(events_file, e);
  };
  const auto wall_start = std::chrono::steady_clock::now();
  sim.advance(o.until - sim.time() + 1e-12 * o.until);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  if (o.timing) {
    std::cerr << "scene " << o.scene << ": simulated " << cl::format_number(sim.time()) << " s in "
              << cl::format_number(wall) << " s wall (" << cl::format_number(sim.time() / std::max(wall, 1e-9))
              << " x real time), " << sim.scene().step_count() << " steps, " << event_count << " events\n";
  }
  if (loops_file.is_open()) cl::write_impact_loops_csv(loops_file, *sim.scene().impact_loops());
  if (report_file.is_open())
    if (const std::optional<cl::ReportTable> table = sim.scene().report()) cl::write_report_csv(report_file, *table);
  if (sim.failed()) {
    std::cerr << "contactlab: " << sim.failure() << '\n';
    return kExitRunFailed;
  }
  for (const auto& [stream, path] : {std::pair<const std::ostream*, const std::string*>{series_out, &o.out_path},
                                     {&events_file, &o.events_path}, {&loops_file, &o.loops_path},
                                     {&report_file, &o.report_path}})
    if (!path->empty() && !stream->good()) {
      std::cerr << "contactlab: could not write all of '" << *path << "' (disk full?)\n";
      return kExitRunFailed;
    }
  return 0;
}

int parse_run(int argc, char** argv) {
  if (argc < 3) return fail_usage(std::string("run needs a scene id\n") + kUsage);
  RunOptions o;
  o.scene = argv[2];
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    auto number = [&](const std::string& text, double& target) {
      auto x = cl::parse_number(text);
      if (x) target = *x;
      return x.has_value();
    };
    if (arg == "--timing") {
      o.timing = true;
      continue;
    }
    auto v = value();
    if (!v) return fail_usage(arg + " needs a value");
    if (arg == "--set") o.sets.push_back(*v);
    else if (arg == "--preset") o.preset = *v;
    else if (arg == "--scene-file") o.scene_file = *v;
    else if (arg == "--out") o.out_path = *v;
    else if (arg == "--events") o.events_path = *v;
    else if (arg == "--loops") o.loops_path = *v;
    else if (arg == "--report") o.report_path = *v;
    else if (arg == "--until") {
      if (!number(*v, o.until)) return fail_usage("--until: " + cl::quoted(*v) + " is not a number");
    } else if (arg == "--sample") {
      if (!number(*v, o.sample)) return fail_usage("--sample: " + cl::quoted(*v) + " is not a number");
    } else
      return fail_usage("unknown option " + cl::quoted(arg) + "\n" + kUsage);
  }
  return run_scene(o);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return fail_usage(std::string("no command\n") + kUsage);
  const std::string command = argv[1];
  if (command == "list") return list_scenes();
  if (command == "params") return argc == 3 ? print_params(argv[2]) : fail_usage("params needs one scene id");
  if (command == "run") return parse_run(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  return fail_usage("unknown command " + cl::quoted(command) + "\n" + kUsage);
}
