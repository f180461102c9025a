// contactlab: runs ContactLab scenes headless and writes CSV.
// Exit codes: 0 ok; 1 the run failed (a non-finite state, an endless series
// of events, an explosion: the message names it) or an output could not be
// written completely; 2 bad command line or input, refused before anything
// is written or run (see README, "Limits").
#include <iostream>
#include <string>

#include "cli_input.h"
#include "core/message_text.h"
#include "core/text.h"
#include "fit_command.h"
#include "io/description_json.h"
#include "run_command.h"
#include "scenes/registry.h"
#include "sweep_command.h"

namespace {

int list_scenes() {
  for (const cl::SceneEntry& e : cl::all_scenes())
    std::cout << e.description().id << "\t" << e.description().summary() << '\n';
  return 0;
}

int print_params(const std::string& scene_id) {
  const cl::SceneEntry* entry = cl::find_scene(scene_id);
  if (!entry)
    return cli::fail_usage(
        cl::text("input.unknown_scene", {{"scene", "'" + scene_id + "'"}, {"scenes", cl::scene_ids()}}));
  std::cout << cl::scene_description_json(entry->description())["params"].dump(2) << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string usage = cl::text("cli.usage");
  if (argc < 2) return cli::fail_usage(cl::text("cli.no_command", {{"usage", usage}}));
  const std::string command = argv[1];
  if (command == "list") return list_scenes();
  if (command == "params")
    return argc == 3 ? print_params(argv[2]) : cli::fail_usage(cl::text("cli.params_needs_scene"));
  if (command == "run") return cli::run_command(argc, argv);
  if (command == "sweep") return cli::sweep_command(argc, argv);
  if (command == "fit") return cli::fit_command(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << usage;
    return 0;
  }
  return cli::fail_usage(cl::text("cli.unknown_command", {{"command", cl::quoted(command)}, {"usage", usage}}));
}
