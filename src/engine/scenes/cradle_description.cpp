// What Newton's cradle offers: its parameters (the contact law and
// integrator ones shared with the other scenes) and presets. Their words are
// in assets/text/cradle.json (shared parameters: params.json).
#include <map>

#include "scenes/contact_params.h"
#include "scenes/cradle.h"

namespace cl {

const SceneDescription& cradle_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "cradle";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"n", "", ParamKind::Integer, reset, 5, 2, 7},
        {"k", "", ParamKind::Integer, reset, 1, 1, 6},
        {"angle", "°", real, reset, 30, 0, 179},
        {"R", "m", real, reset, 0.02, 1e-3, 0.5},
        {"L", "m", real, reset, 0.2, 0.01, 10},
        {"gap", "m", real, reset, 0, 0, 0.05},
        {"m", "kg", real, reset, 0.26, 1e-3, 100, {}, "", true},
        {"m1_ratio", "", real, reset, 1, 0.1, 10, {}, "", true},
        {"g", "m/s²", real, live, 9.81, 0, 100},
        {"E", "Pa", real, live, 2e11, 1e6, 1e12, {}, "", true},
        {"nu", "", real, live, 0.3, -0.99, 0.5},
        {"e_thread", "", real, live, 1, 0, 1},
    };
    // Threads that snap back elastically: a ball a neighbour pushes towards
    // its pivot leaves the thread's circle for a few microseconds (an ideal
    // thread cannot push), and a string stretches rather than stops it dead.
    // Steel balls: Hertz without damping, no friction (the balls meet head on).
    insert_contact_params(s.params, "", {0.95, 1e7, 0, "hertz"});
    s.event_kinds = {"pair", "slack", "taut"};
    s.event_fields = {"i", "j"};
    s.cost_params = {"n", "E", "law", "rtol", "integrator"};
    s.key_params = {"k", "gap", "law"};
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    set_text_keys(s.params, s.id);
    return s;
  }();
  return d;
}

std::vector<Preset> CradleScene::presets(const ParamValues&) const {
  // The desk toy unless a preset says otherwise: five touching steel balls, Hertz contacts.
  auto make = [](const char* id, std::map<std::string, std::string> values) {
    for (const auto& [name, value] : std::map<std::string, std::string>{
             {"n", "5"}, {"k", "1"}, {"angle", "30"}, {"gap", "0"}, {"m1_ratio", "1"}, {"law", "hertz"}})
      values.emplace(name, value);
    return Preset{"cradle", id, std::move(values)};
  };
  return {
      make("one_ball", {}),
      make("two_balls", {{"k", "2"}}),
      make("ideal_impulse", {{"law", "impulse"}, {"e", "1"}, {"k", "2"}}),
      make("gap_1mm", {{"gap", "0.001"}, {"k", "2"}}),
      make("heavy_first", {{"m1_ratio", "3"}}),
      make("damped", {{"law", "hunt_crossley"}, {"c_tau", "0.9"}}),
  };
}

}  // namespace cl
