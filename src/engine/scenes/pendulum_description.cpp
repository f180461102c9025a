// What the pendulum scene offers: its parameters (the integrator ones
// shared with the other scenes) and presets. Their words are in
// assets/text/pendulum.json (shared parameters: params.json).
#include <cmath>

#include "core/number_format.h"
#include "scenes/integrator_params.h"
#include "scenes/pendulum.h"

namespace cl {
namespace {

/// The olympiad's launch speed sqrt(g L (2 + sqrt 3)) (m/s): the mass flies into the nail.
double olympiad_v0(double g, double L) { return std::sqrt(g * L * (2 + std::sqrt(3.0))); }

}  // namespace

const SceneDescription& pendulum_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "pendulum";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"L", "m", real, reset, 1.1, 0.05, 50},
        {"g", "m/s²", real, live, 10, 0, 100},
        {"m", "kg", real, live, 1, 1e-3, 1e3, {}, "", true},
        {"v0", "m/s", real, reset, olympiad_v0(10, 1.1), 0, 50},
        {"e_thread", "", real, live, 0, 0, 1},
        {"nail_radius", "m", real, live, 0.01, 0, 0.5},
        {"trail", "s", real, live, 2, 0, 30},
    };
    insert_integrator_params(s.params, "trail", {1e-3, 1e-6, 0.05, "pendulum.integrator"});
    set_text_keys(s.params, s.id);
    s.event_kinds = {"slack", "taut", "nail"};
    s.event_fields = {"phi", "speed", "speed_after", "distance"};
    s.cost_params = {"integrator", "rtol", "dt"};
    s.key_params = {"v0", "L", "e_thread"};
    return s;
  }();
  return d;
}

std::vector<Preset> PendulumScene::presets(const ParamValues& current) const {
  const double g = current.number("g"), L = current.number("L");
  const double v_top = std::sqrt(g * L);
  return {
      {"pendulum", "olympiad", {{"v0", format_number(olympiad_v0(g, L))}}},
      {"pendulum", "small_swing", {{"v0", format_number(0.3 * v_top)}}},
      {"pendulum", "slack_and_snap", {{"v0", format_number(std::sqrt(3.2) * v_top)}}},
      {"pendulum", "full_loop", {{"v0", format_number(1.05 * std::sqrt(5.0) * v_top)}}},
  };
}

}  // namespace cl
