// What the pendulum scene offers: its parameters (the integrator ones
// shared with the other scenes) and presets.
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
    s.title = "Pendulum on a slack thread";
    s.summary = "a mass on a thread that can go slack and hit the nail (seed 004)";
    s.caption = "A mass swings on a thread from a nail. When the thread's tension would turn negative the thread "
                "goes slack (drawn bent, in the legend's colour) and the mass flies on a parabola; with the default speed the "
                "parabola passes exactly through the nail. When the thread snaps taut again it takes the radial "
                "motion away (thread restitution 0), so the mechanical energy drops.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"L", "thread length", "m", real, reset, 1.1, 0.05, 50, "Length of the inextensible thread from the nail to the mass."},
        {"g", "gravity", "m/s^2", real, live, 10, 0, 100, "Gravitational acceleration, pointing down."},
        {"m", "mass", "kg", real, live, 1, 1e-3, 1e3, "Mass of the load (scales tension and energies only).", {}, "", true},
        {"v0", "initial speed", "m/s", real, reset, olympiad_v0(10, 1.1), 0, 50,
         "Horizontal speed at the lowest point at t = 0. The default is the olympiad case "
         "v0 = sqrt(g L (2 + sqrt 3)), for which the mass flies into the nail."},
        {"e_thread", "thread restitution", "", real, live, 0, 0, 1,
         "Radial speed kept (reversed) when the slack thread snaps taut: 0 removes it, 1 bounces elastically."},
        {"nail_radius", "nail radius", "m", real, live, 0.01, 0, 0.5,
         "A free flight passing closer than this to the nail is reported as a 'nail' event (the mass passes by)."},
        {"trail", "trail", "s", real, live, 2, 0, 30, "Length of the fading trajectory trail."},
    };
    insert_integrator_params(s.params, "trail",
                             {1e-3, 1e-6, 0.05,
                              "Events are located on each one's dense output. It integrates the taut phase; the slack "
                              "flight is an exact parabola."});
    s.event_fields = {"phi", "speed", "speed_after", "distance"};
    s.cost_params = {"integrator", "rtol", "dt"};
    s.cost_hint = "a looser tolerance (rtol) or a longer RK4 step (dt) runs faster";
    return s;
  }();
  return d;
}

std::vector<Preset> PendulumScene::presets(const ParamValues& current) const {
  const double g = current.number("g"), L = current.number("L");
  const double v_top = std::sqrt(g * L);
  return {
      {"Olympiad: hits the nail", "v0 = sqrt(g L (2 + sqrt 3)): slack at 125.3 deg, then a parabola through the nail",
       {{"v0", format_number(olympiad_v0(g, L))}}},
      {"Small swing", "v0 = 0.3 sqrt(g L): an ordinary pendulum, about 17 deg", {{"v0", format_number(0.3 * v_top)}}},
      {"Slack and snap", "v0 = sqrt(3.2 g L): slack at 113.6 deg, the thread snaps taut again",
       {{"v0", format_number(std::sqrt(3.2) * v_top)}}},
      {"Full loop", "v0 = 1.05 sqrt(5 g L): the thread never goes slack", {{"v0", format_number(1.05 * std::sqrt(5.0) * v_top)}}},
  };
}

}  // namespace cl
