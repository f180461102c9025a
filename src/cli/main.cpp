// contactlab: runs ContactLab scenes headless and writes CSV.
//   contactlab list
//   contactlab params SCENE
//   contactlab run SCENE [--preset NAME] [--set name=value]... [--scene-file FILE.json] [--until T]
//                        [--sample DT] [--out series.csv] [--events events.csv] [--loops loops.csv]
//                        [--report table.csv] [--timing]
// Exit codes: 0 ok, 1 the run failed (non-finite state), 2 bad command line or input.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/simulation.h"
#include "io/csv.h"
#include "io/description_json.h"
#include "io/impact_loops_io.h"
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

int run_scene(const RunOptions& o) {
  const cl::SceneEntry* entry = cl::find_scene(o.scene);
  if (!entry) return fail_usage("unknown scene '" + o.scene + "' (known: " + cl::scene_ids() + ")");
  cl::ParamValues params(entry->description().params);
  std::optional<nlohmann::json> state;
  if (!o.scene_file.empty()) {
    std::ifstream in(o.scene_file);
    if (!in) return fail_usage("cannot read scene file '" + o.scene_file + "'");
    std::stringstream text;
    text << in.rdbuf();
    cl::SceneFileParse parsed = cl::parse_scene_file(text.str());
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
      return fail_usage("scene '" + o.scene + "' has no preset '" + o.preset + "'" +
                        (names.empty() ? " (it has none)" : " (presets: " + names + ")"));
    }
    for (const auto& [name, value] : it->values)
      if (auto error = params.set(name, value)) return fail_usage("preset '" + o.preset + "': " + *error);
  }
  for (const std::string& assignment : o.sets) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos) return fail_usage("--set expects name=value, got '" + assignment + "'");
    if (auto error = params.set(assignment.substr(0, eq), assignment.substr(eq + 1))) return fail_usage(*error);
  }
  if (!(o.until > 0)) return fail_usage("--until must be a positive time in s");
  if (!(o.sample > 0)) return fail_usage("--sample must be a positive interval in s");

  cl::Simulation sim(entry->create());
  sim.set_sample_interval(o.sample);
  if (auto error = sim.set_params(params)) return fail_usage(*error);
  if (auto error = sim.reset()) return fail_usage(*error);
  if (state)
    if (auto error = sim.load_state(*state)) return fail_usage(o.scene_file + ": " + *error);

  if (!o.loops_path.empty() && !sim.scene().impact_loops())
    return fail_usage("scene '" + o.scene + "' records no impact loops (--loops is for scenes with compliant contacts)");

  // Every input is valid: only now open the outputs.
  std::ofstream series_file, events_file, loops_file, report_file;
  std::ostream* series_out = &std::cout;
  if (!o.out_path.empty()) {
    series_file.open(o.out_path);
    if (!series_file) return fail_usage("cannot write '" + o.out_path + "'");
    series_out = &series_file;
  }
  if (!o.events_path.empty()) {
    events_file.open(o.events_path);
    if (!events_file) return fail_usage("cannot write '" + o.events_path + "'");
    cl::write_events_header(events_file, entry->description().event_fields);
  }
  if (!o.loops_path.empty()) {
    loops_file.open(o.loops_path);
    if (!loops_file) return fail_usage("cannot write '" + o.loops_path + "'");
  }
  if (!o.report_path.empty()) {
    report_file.open(o.report_path);
    if (!report_file) return fail_usage("cannot write '" + o.report_path + "'");
  }
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
  if (report_file.is_open()) {
    const std::optional<cl::ReportTable> table = sim.scene().report();
    if (!table) {  // known only after the run: take back the empty file
      report_file.close();
      std::remove(o.report_path.c_str());
      return fail_usage("scene '" + o.scene + "' has no report table for these settings");
    }
    cl::write_report_csv(report_file, *table);
  }
  if (sim.failed()) {
    std::cerr << "contactlab: " << sim.failure() << '\n';
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
      if (!number(*v, o.until)) return fail_usage("--until: '" + *v + "' is not a number");
    } else if (arg == "--sample") {
      if (!number(*v, o.sample)) return fail_usage("--sample: '" + *v + "' is not a number");
    } else
      return fail_usage("unknown option '" + arg + "'\n" + kUsage);
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
  return fail_usage("unknown command '" + command + "'\n" + kUsage);
}
