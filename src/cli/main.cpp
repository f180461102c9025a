// contactlab: runs ContactLab scenes headless and writes CSV.
// Exit codes: 0 ok; 1 the run failed (a non-finite state, an endless series
// of events, an explosion: the message names it) or an output could not be
// written completely; 2 bad command line or input, refused before anything
// is written or run (see README, "Limits").
#include <iostream>
#include <string>

#include "cli_input.h"
#include "core/message_text.h"
#include "io/description_json.h"
#include "run_command.h"
#include "scenes/registry.h"
#include "sweep_command.h"

namespace {

const char* kUsage =
    "usage:\n"
    "  contactlab list\n"
    "  contactlab params SCENE\n"
    "  contactlab run SCENE [--preset NAME] [--set name=value]... [--scene-file FILE.json]\n"
    "                       [--compare NAME=V1,V2,...]... [--until T] [--sample DT] [--out series.csv]\n"
    "                       [--events events.csv] [--loops loops.csv] [--report table.csv] [--timing]\n"
    "  contactlab sweep SCENE --vary NAME=FROM:TO:COUNT [--log] [--preset NAME] [--set name=value]...\n"
    "                       [--scene-file FILE.json] [--until T] [--jobs N] [--shard I/N] [--out sweep.csv] [--timing]\n"
    "  contactlab sweep --merge slice.csv... [--out sweep.csv]\n"
    "  (--preset takes a name from the scene's presets, e.g. \"Astroid\"; --set values apply after it;\n"
    "   --compare runs 2 to 4 variants of the same start, the first the reference; several --compare\n"
    "   options pair their values (--compare law=hertz,flores --compare c_tau=1,0.8), and every series\n"
    "   and event row starts with its variant;\n"
    "   --loops writes force against penetration of the latest 64 impacts, for scenes with compliant contacts;\n"
    "   --report writes the scene's summary table at the end, e.g. the pile's compression after a 1D spring pile;\n"
    "   sweep writes one row per value with the run's summary (first impact's restitution, largest\n"
    "   penetration, energy lost, ...); --shard I/N runs the I-th of N slices, counted from 0, and\n"
    "   sweep --merge joins the slices' tables, refusing a missing or doubled run)\n";

int list_scenes() {
  for (const cl::SceneEntry& e : cl::all_scenes())
    std::cout << e.description().id << "\t" << e.description().summary() << '\n';
  return 0;
}

int print_params(const std::string& scene_id) {
  const cl::SceneEntry* entry = cl::find_scene(scene_id);
  if (!entry) return cli::fail_usage("unknown scene '" + scene_id + "' (known: " + cl::scene_ids() + ")");
  std::cout << cl::scene_description_json(entry->description())["params"].dump(2) << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return cli::fail_usage(std::string("no command\n") + kUsage);
  const std::string command = argv[1];
  if (command == "list") return list_scenes();
  if (command == "params") return argc == 3 ? print_params(argv[2]) : cli::fail_usage("params needs one scene id");
  if (command == "run") return cli::run_command(argc, argv);
  if (command == "sweep") return cli::sweep_command(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  return cli::fail_usage("unknown command " + cl::quoted(command) + "\n" + kUsage);
}
