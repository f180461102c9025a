// What the implicit scene offers: its parameters (the typed wall's shared
// with the other scenes) and presets. Their words are in
// assets/text/implicit.json (shared parameters: params.json).
#include "scenes/contact_params.h"
#include "scenes/implicit.h"
#include "scenes/typed_wall_params.h"

namespace cl {
namespace {

const char* const kCircle = "x^2 + y^2 - 15^2";

}  // namespace

const SceneDescription& implicit_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "implicit";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"N", "", ParamKind::Integer, reset, 5, 1, ImplicitScene::kMaxBalls},
        {"r", "m", real, reset, 0.3, 1e-3, 10, {}, "", true},
        {"m", "kg", real, live, 1, 1e-3, 1e3, {}, "", true},
        {"g", "m/s²", real, live, 9.8, 0, 100},
        {"v_max", "m/s", real, reset, 5, 0, 100},
        {"collisions", "", ParamKind::Choice, live, 0, 0, 0, {"off", "on"}},
        {"E", "Pa", real, live, 1e7, 1e3, 1e12, {}, "", true},
        {"nu", "", real, live, 0.28, -0.99, 0.5},
        {"seed", "", ParamKind::Integer, reset, 1, 0, 1e9},
        {"trail", "s", real, live, 0.5, 0, 10},
    };
    // hit/correction: ball i at (x, y), n from the wall into the inside;
    // collision: balls i and j, (x, y) the contact point, n from i to j, vn the approach speed.
    const std::vector<ParamSpec> wall = typed_wall_params({kCircle, "implicit.wall", 20});
    s.params.insert(s.params.begin(), wall.begin(), wall.end());
    insert_contact_params(s.params, "v_max",
                          {0.9, 1e6, 0, "impulse", ParamApply::Reset, "implicit.integrator",
                           1e-6});  // balls resting on the wall: at 1e-9 dopri5 resolves their contact ringing
    s.event_kinds = {"hit", "collision", "correction"};
    s.event_fields = {"i", "j", "x", "y", "nx", "ny", "vn_before", "vn_after"};
    s.cost_params = {"N", "collisions", "e", "law", "E", "rtol", "integrator"};
    s.key_params = {"N", "law", "c_tau"};
    s.is_random = true;
    set_text_keys(s.params, s.id);
    return s;
  }();
  return d;
}

std::vector<Preset> ImplicitScene::presets(const ParamValues&) const {
  // The seed's walls under its impulse law; the other parameters stay the user's.
  auto wall = [](const char* id, const char* f) {
    return Preset{"implicit", id, {{"wall", f}, {"view", "20"}, {"law", "impulse"}}};
  };
  return {
      wall("circle", kCircle),
      wall("diamond", "abs(x) + abs(y) - 15"),
      wall("astroid", "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2"),
      wall("ellipse", "(x/18)^2 + (y/10)^2 - 1"),
      wall("heart", "((x/12)^2 + (y/12)^2 - 1)^3 - (x/12)^2*(y/12)^3"),
      wall("star", "sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))"),
      {"implicit", "corner_settling",
       {{"wall", "abs(x) + abs(y) - 15"}, {"view", "20"}, {"law", "hunt_crossley"}, {"c_tau", "0.5"},
        {"collisions", "on"}, {"friction", "0"}}},
  };
}

}  // namespace cl
