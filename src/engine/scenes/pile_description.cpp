// What the pile scene offers: its parameters and the seed's experiments as
// presets. Their words are in assets/text/pile.json.
#include <algorithm>

#include "contact/impulse_law.h"
#include "contact/normal_law.h"
#include "scenes/contact_params.h"
#include "scenes/integrator_params.h"
#include "scenes/pile.h"

namespace cl {

const SceneDescription& pile_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "pile";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"start", "", ParamKind::Choice, reset, 0, 0, 0, {"emitter", "block", "ball", "billiard", "ellipse"}},
        {"dim", "", ParamKind::Choice, reset, 1, 0, 0, {"1", "2", "3"}},
        {"law", "", ParamKind::Choice, live, law_choice_index(normal_law_id(NormalLaw::LinearSpringDashpot)), 0, 0,
         law_choices(), "", false, "model", {{"spring", normal_law_id(NormalLaw::LinearSpringDashpot)}}},
        {"e", "", real, live, 0.5, 0, 1},
        {"k_p", "", real, live, 0.4, 0, 1},
        {"k_s", "N/m", real, live, 8000, 1, 1e7, {}, "", true},
        {"k_d", "N s/m", real, live, 100, 0, 1e5},
        {"k_h", "N/m^1.5", real, live, 1e5, 1, 1e12, {}, "", true},
        {"c_tau", "", real, live, 0.9, 0.05, 1},
        {"r", "m", real, reset, 0.3, 0.01, 10, {}, "", true},
        {"m", "kg", real, reset, 1, PileScene::kMinMass, PileScene::kMaxMass, {}, "", true},
        {"g", "m/s²", real, live, 9.81, 0, 100},
        {"emit_interval", "s", real, live, 0.2, 1e-3, 100},
        {"emit_speed", "m/s", real, live, 0, 0, 100},
        {"emit_height", "m", real, reset, 6, 0, 1e4},
        {"N_max", "", ParamKind::Integer, reset, 200, 1, 100000},
        {"ellipse_a", "m", real, reset, 0.9, 0.01, 100, {}, "", true},
        {"ellipse_b", "m", real, reset, 0.45, 0.01, 100, {}, "", true},
        {"ellipse_m", "kg", real, reset, 10, PileScene::kMinMass, PileScene::kMaxMass, {}, "", true},
        {"ellipse_angle", "deg", real, reset, 30, -180, 180},
        {"width", "m", real, reset, 6, 0.02, 1e4},
        {"seed", "", ParamKind::Integer, reset, 1, 0, 1e9},
        {"view_yaw", "deg", real, live, 30, -180, 180},
        {"view_pitch", "deg", real, live, 20, -90, 90},
    };
    insert_integrator_params(s.params, "e", {1e-3, 1e-5, 0.05, "pile.integrator", 1e-6, "euler", "pile.dt"});
    const auto named = [&s](const char* name) {
      return std::find_if(s.params.begin(), s.params.end(), [name](const ParamSpec& p) { return p.name == name; });
    };
    named("dt")->old_name = "h";
    named("law")->choice_text_key = "contact.law";  // its own help, the other scenes' names of the laws
    // Which law reads what (pile.cpp's PileModel).
    set_in_effect_when(s.params, {"e", "k_p"}, "law", {kImpulseLawId});
    set_in_effect_when(s.params, {"k_s", "k_d"}, "law", law_ids({NormalLaw::LinearSpringDashpot}));
    // The Hertz family (k_h ρ^{3/2}); all but Hertz are damped by c_τ.
    set_in_effect_when(s.params, {"k_h"}, "law",
                       law_ids({NormalLaw::Hertz, NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh,
                                NormalLaw::Flores, NormalLaw::Gonthier}));
    set_in_effect_when(s.params, {"c_tau"}, "law",
                       law_ids({NormalLaw::HuntCrossley, NormalLaw::LankaraniNikravesh, NormalLaw::Flores,
                                NormalLaw::Gonthier}));
    set_in_effect_when(s.params, {"ellipse_a", "ellipse_b", "ellipse_m", "ellipse_angle"}, "start", {"ellipse"});
    s.event_kinds = {"bounce"};
    s.event_fields = {"v_in"};  // m/s, the ball start's approach speed at a bounce's onset
    s.is_random = true;
    s.cost_params = {"N_max", "dim", "dt", "integrator"};
    s.key_params = {"start", "dim", "law"};
    set_text_keys(s.params, s.id);
    return s;
  }();
  return d;
}

std::vector<Preset> PileScene::presets(const ParamValues&) const {
  // Every preset sets the whole experiment, so it does not depend on what was set before.
  auto make = [](const char* id, std::map<std::string, std::string> values) {
    const std::map<std::string, std::string> base = {
        {"start", "emitter"}, {"dim", "2"},  {"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"},
        {"e", "0.5"},         {"k_p", "0.4"}, {"k_s", "8000"},    {"k_d", "100"},          {"r", "0.3"},
        {"m", "1"},           {"g", "9.81"}, {"emit_interval", "0.2"}, {"emit_speed", "0"}, {"emit_height", "6"}, {"N_max", "200"},
        {"width", "6"},       {"seed", "1"},    {"k_h", "100000"}, {"c_tau", "0.9"},
        {"ellipse_a", "0.9"}, {"ellipse_b", "0.45"}, {"ellipse_m", "10"}, {"ellipse_angle", "30"}};
    for (const auto& [key, value] : base) values.emplace(key, value);
    return Preset{"pile", id, std::move(values)};
  };
  const std::map<std::string, std::string> ball = {{"start", "ball"}, {"dim", "2"}, {"dt", "0.01"}, {"e", "1"},
                                                   {"k_p", "0"},      {"k_d", "0"}, {"emit_height", "5"},
                                                   {"width", "10"}};
  auto with = [](std::map<std::string, std::string> values, std::map<std::string, std::string> more) {
    for (const auto& [key, value] : more) values[key] = value;
    return values;
  };
  const std::map<std::string, std::string> billiard = {{"start", "billiard"}, {"dim", "2"}, {"g", "0"},
                                                       {"e", "1"},  {"k_p", "0"}, {"k_d", "0"}, {"k_s", "8000"},
                                                       {"dt", "0.001"}, {"width", "10"}};
  const std::map<std::string, std::string> pile_1d_impulse = {
      {"dim", "1"}, {"law", "impulse"}, {"integrator", "leapfrog"}, {"e", "1"}, {"k_p", "0.8"},
      {"emit_interval", "1"}, {"emit_height", "15"}, {"N_max", "40"}};
  const std::map<std::string, std::string> pile_1d_spring = {
      {"dim", "1"}, {"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"}, {"k_d", "100"},
      {"emit_interval", "0.1"}, {"emit_speed", "10"}, {"emit_height", "80"}, {"N_max", "131"}};
  return {
      make("ball_impulse_euler", with(ball, {{"law", "impulse"}, {"integrator", "euler"}})),
      make("ball_impulse_leapfrog", with(ball, {{"law", "impulse"}, {"integrator", "leapfrog"}})),
      make("ball_spring_euler", with(ball, {{"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"}})),
      make("ball_spring_leapfrog", with(ball, {{"law", "linear"}, {"integrator", "leapfrog"}, {"dt", "0.001"}})),
      make("billiard_impulse", with(billiard, {{"law", "impulse"}, {"integrator", "leapfrog"}})),
      make("billiard_spring", with(billiard, {{"law", "linear"}, {"integrator", "euler"}})),
      make("impulse_1d_h0_01", with(pile_1d_impulse, {{"dt", "0.01"}})),
      make("impulse_1d_h0_005", with(pile_1d_impulse, {{"dt", "0.005"}})),
      make("spring_1d_k4000", with(pile_1d_spring, {{"k_s", "4000"}})),
      make("spring_1d_k8000", with(pile_1d_spring, {{"k_s", "8000"}})),
      make("spring_1d_k40000", with(pile_1d_spring, {{"k_s", "40000"}})),
      make("impulse_2d", {{"dim", "2"}, {"law", "impulse"}, {"integrator", "leapfrog"}, {"dt", "0.002"}, {"e", "0.5"},
                          {"k_p", "0.4"}, {"emit_interval", "0.2"}, {"N_max", "49"}, {"width", "4.2"},
                          {"emit_height", "6"}}),
      make("spring_3d", {{"dim", "3"}, {"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"}, {"k_s", "8000"},
                         {"k_d", "100"}, {"emit_interval", "0.2"}, {"N_max", "351"}, {"width", "4.2"},
                         {"emit_height", "8"}}),
      make("hunt_crossley_2d", {{"dim", "2"}, {"law", "hunt_crossley"}, {"integrator", "leapfrog"}, {"dt", "0.001"},
                                {"c_tau", "0.5"}, {"emit_interval", "0.2"}, {"N_max", "49"}, {"width", "4.2"},
                                {"emit_height", "6"}}),
      // phyphox's "(In)elastic collision": a table-tennis ball (40 mm, 2.7 g)
      // dropped onto a table, its bounce times heard; Flores's law, whose
      // e_eff ≈ c_τ (0.894 at 0.9). Steps of 10 µs resolve its ~1 ms impacts.
      make("bouncing_ball", {{"start", "ball"}, {"dim", "1"}, {"law", "flores"}, {"integrator", "leapfrog"},
                             {"dt", "0.00001"}, {"k_h", "1000000"}, {"c_tau", "0.9"}, {"r", "0.02"},
                             {"m", "0.0027"}, {"emit_height", "0.3"}, {"N_max", "1"}}),
      // An ellipse dropped onto a block of 36 particles settling under it:
      // the world's bodies and particles in one fixed step.
      make("ellipse_on_pile", {{"start", "ellipse"}, {"dim", "2"}, {"law", "hunt_crossley"}, {"integrator", "leapfrog"},
                               {"dt", "0.0005"}, {"k_h", "1000000"}, {"c_tau", "0.5"}, {"N_max", "36"},
                               {"width", "4.2"}, {"emit_height", "6"}}),
  };
}

}  // namespace cl
