// What the ellipses scene offers: its parameters (the contact law, friction,
// integrator and typed wall ones shared with the other scenes) and presets.
// Their words are in assets/text/ellipses.json (shared parameters: params.json).
#include <algorithm>
#include <map>

#include "scenes/contact_params.h"
#include "scenes/ellipses.h"
#include "scenes/typed_wall_params.h"

namespace cl {
namespace {

const char* const kDefaultTypedWall = "x^2/81 + y^2/36 - 1";  // an oval 18 x 12 m

}  // namespace

const SceneDescription& ellipses_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "ellipses";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"n", "", ParamKind::Integer, reset, 2, 1, 2000},
        {"a", "m", real, reset, 2, 0.05, 10},
        {"b", "m", real, reset, 1, 0.05, 10},
        {"m", "kg", real, reset, 1, 1e-3, 1e3, {}, "", true},
        {"m_o", "kg", real, reset, 1, 0, 1e3},
        {"g", "m/s²", real, reset, 0, 0, 100},
        {"alpha", "", real, reset, 0.5, -1, 1},
        {"beta", "", real, reset, 0.5, -1, 1},
        {"boundary", "", ParamKind::Choice, reset, 0, 0, 0, {"circle", "typed"}},
        {"R_wall", "m", real, reset, 6.5, 0.5, 1000},
        {"nu_e", "", real, live, 0.28, -0.99, 0.5},
        {"nu_w", "", real, live, 0.28, -0.99, 0.5},
        {"E_e", "Pa", real, live, 1e7, 1e3, 1e12, {}, "", true},
        {"E_w", "Pa", real, live, 1e7, 1e3, 1e12, {}, "", true},
        {"v_max", "m/s", real, reset, 20, 0, 100},
        {"w_max", "rad/s", real, reset, 15, 0, 100},
        {"layout", "", ParamKind::Choice, reset, 0, 0, 0, {"random", "head_on", "break"}},
        {"seed", "", ParamKind::Integer, reset, 123456, 0, 1e9},
        {"trail", "s", real, live, 2, 0, 30},
        {"contacts", "", ParamKind::Choice, live, 1, 0, 0, {"off", "on"}},
    };
    const std::vector<ParamSpec> wall = typed_wall_params({kDefaultTypedWall, "ellipses.wall", 10});
    s.params.insert(std::find_if(s.params.begin(), s.params.end(), [](const ParamSpec& p) { return p.name == "nu_e"; }),
                    wall.begin(), wall.end());
    insert_contact_params(s.params, "v_max", {0.975, 1e6, 0.01});
    // After the integrator's own parameters: how the world applies it.
    const auto after_dt = std::find_if(s.params.begin(), s.params.end(), [](const ParamSpec& p) { return p.name == "dt"; });
    s.params.insert(after_dt + 1, ParamSpec{"stepping", "", ParamKind::Choice, live, 0, 0, 0, {"islands", "global"}});
    s.event_kinds = {"wall", "pair"};
    s.event_fields = {"i", "j"};
    s.cost_params = {"n", "E_e", "E_w", "law", "rtol", "integrator"};
    s.key_params = {"n", "law", "c_tau"};
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    s.is_random = true;
    set_text_keys(s.params, s.id);
    return s;
  }();
  return d;
}

std::vector<Preset> EllipsesScene::presets(const ParamValues&) const {
  // The seed's setting unless a preset says otherwise: no gravity, the circular wall.
  auto make = [](const char* id, std::map<std::string, std::string> values) {
    values.emplace("g", "0");
    values.emplace("boundary", "circle");
    return Preset{"ellipses", id, std::move(values)};
  };
  return {
      make("seed_case",
           {{"n", "2"}, {"a", "2"}, {"b", "1"}, {"R_wall", "6.5"}, {"layout", "random"}, {"seed", "123456"},
            {"v_max", "20"}}),
      make("discs_head_on",
           {{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"layout", "head_on"},
            {"v_max", "5"}, {"friction", "0"}}),
      make("billiard_break",
           {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"R_wall", "6.5"}, {"layout", "break"},
            {"v_max", "8"}}),
      make("dense_gas",
           {{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"R_wall", "6.5"}, {"layout", "random"},
            {"v_max", "3"}, {"w_max", "3"}, {"rtol", "1e-6"}}),
      make("break_impulse",
           {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"R_wall", "6.5"}, {"layout", "break"},
            {"v_max", "8"}, {"w_max", "0"}, {"law", "impulse"}, {"e", "0.9"}}),
      make("balls_in_typed_wall",
           {{"n", "5"}, {"a", "0.3"}, {"b", "0.3"}, {"m", "1"}, {"m_o", "0"}, {"alpha", "0"}, {"beta", "0"}, {"g", "9.8"},
            {"boundary", "typed"}, {"wall", "x^2 + y^2 - 15^2"}, {"view", "20"}, {"layout", "random"}, {"v_max", "5"},
            {"w_max", "0"}, {"law", "hunt_crossley"}, {"c_tau", "0.9"}, {"friction", "0"}}),
      make("in_a_diamond",
           {{"n", "3"}, {"a", "1"}, {"b", "0.6"}, {"boundary", "typed"}, {"wall", "abs(x) + abs(y) - 8"}, {"view", "10"},
            {"layout", "random"}, {"v_max", "8"}, {"w_max", "4"}, {"c_tau", "0.8"}}),
  };
}

}  // namespace cl
