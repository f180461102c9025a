// What the street scene offers: its parameters (the contact law, friction
// and integrator ones shared with the other scenes) and presets. Their
// words are in assets/text/street.json (shared parameters: params.json).
#include <cmath>

#include "scenes/contact_params.h"
#include "scenes/street.h"

namespace cl {

const SceneDescription& street_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "street";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"m", "kg", real, reset, 1, 1e-3, 1e3, {}, "", true},
        {"m_o", "kg", real, reset, 1, 0, 1e3},
        {"g", "m/s²", real, live, 9.8, 0, 100},
        {"a", "m", real, reset, 2, 0.05, 10},
        {"b", "m", real, reset, 1, 0.05, 10},
        {"alpha", "", real, reset, 0.5, -1, 1},
        {"beta", "", real, reset, 0.5, -1, 1},
        {"street", "", ParamKind::Text, reset, 0, 0, 0},
        {"amplitude", "m", real, reset, 1, 0, 10},
        {"frequency", "1/m", real, reset, 0.25, 0.01, 10},
        {"bumps", "", ParamKind::Integer, reset, 5, 1, 20},
        {"E_e", "Pa", real, live, 1e4, 1e3, 1e12, {}, "", true},
        {"E_s", "Pa", real, live, 1e7, 1e3, 1e12, {}, "", true},
        {"nu_e", "", real, live, 0.28, -0.99, 0.5},
        {"nu_s", "", real, live, 0.28, -0.99, 0.5},
        {"q0", "rad", real, reset, 7 * M_PI / 8, -100, 100},
        {"w0", "rad/s", real, reset, 5.5, -100, 100},
        {"x0", "m", real, reset, 2.5, -100, 100},
        {"y0", "m", real, reset, 6, -100, 100},
        {"vx0", "m/s", real, reset, 0, -100, 100},
        {"vy0", "m/s", real, reset, -4.75, -100, 100},
        {"count", "", ParamKind::Integer, reset, 1, 1, 8},
        {"spacing", "m", real, reset, 3, 0.1, 20},
        {"trail", "s", real, live, 3, 0, 30},
        {"follow", "", ParamKind::Choice, live, 1, 0, 0, {"off", "on"}},
    };
    insert_contact_params(s.params, "q0", {0.9, 1e5, 0.1});
    s.event_kinds = {"street", "pair"};
    s.event_fields = {"contact_x"};
    s.cost_params = {"E_e", "E_s", "law", "street", "rtol", "integrator"};
    s.key_params = {"street", "law", "c_tau"};
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    s.event_fields.insert(s.event_fields.end(), {"i", "j"});  // the body, and the other one in a pair
    set_text_keys(s.params, s.id);
    return s;
  }();
  return d;
}

std::vector<Preset> StreetScene::presets(const ParamValues&) const {
  return {
      {"street", "seed_case",
       {{"count", "1"}, {"follow", "on"}, {"m_o", "1"}, {"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "0.9"}, {"friction", "0.1"},
        {"law", "hunt_crossley"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"},
        {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"street", "flat_disc",
       {{"count", "1"}, {"follow", "on"}, {"street", "0"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"law", "hertz"}, {"c_tau", "1"},
        {"friction", "0"}, {"q0", "0"}, {"w0", "0"}, {"x0", "0"}, {"y0", "3"}, {"vx0", "0"}, {"vy0", "0"}}},
      {"street", "valley_drop",
       {{"count", "1"}, {"follow", "on"}, {"m_o", "1"}, {"street", "0.1*x^2"}, {"a", "1"}, {"b", "0.6"}, {"alpha", "0.5"}, {"beta", "0"}, {"c_tau", "0.8"},
        {"friction", "0.1"}, {"law", "hunt_crossley"}, {"q0", "0"}, {"w0", "0"}, {"x0", "3"}, {"y0", "3.5"},
        {"vx0", "0"}, {"vy0", "0"}}},
      {"street", "seed_impulse",
       {{"count", "1"}, {"follow", "on"}, {"m_o", "1"}, {"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"law", "impulse"}, {"e", "1"},
        {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"street", "seed_elastic",
       {{"count", "1"}, {"follow", "on"}, {"m_o", "1"}, {"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "1"}, {"friction", "0"},
        {"law", "hertz"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"},
        {"vy0", "-4.75"}}},
      {"street", "discs",
       {{"street", "0.3*sin(1.3*x) + 0.02*x^2"}, {"count", "4"}, {"spacing", "1.6"}, {"follow", "off"}, {"a", "0.5"}, {"b", "0.5"},
        {"m_o", "0"}, {"alpha", "0"}, {"beta", "0"}, {"law", "hunt_crossley"}, {"c_tau", "0.9"}, {"friction", "0.1"},
        {"q0", "0"}, {"w0", "0"}, {"x0", "-2.4"}, {"y0", "2.5"}, {"vx0", "0"}, {"vy0", "0"}}},
  };
}

}  // namespace cl
