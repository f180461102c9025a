// What the implicit scene offers: its parameters (the typed wall's shared
// with the other scenes) and presets.
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
    s.title = "Balls in a wall f(x, y) = 0";
    s.summary = "balls bouncing inside a wall f(x, y) = 0 typed by the user, exact crossings (seed 002)";
    s.caption = "Balls fly on parabolas under gravity and bounce off a wall you type as f(x, y) = 0 (inside is "
                "f < 0). Try the corners and cusps of the presets: no ball escapes, and with e = 1 the total "
                "energy stays constant. Switch the contact law from impulse to a compliant one and the balls "
                "press into the wall for a few milliseconds at each hit, and can come to rest on it.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"N", "balls", "", ParamKind::Integer, reset, 5, 1, ImplicitScene::kMaxBalls, "Number of balls (a scene file's list sets it)."},
        {"r", "ball radius", "m", real, reset, 0.3, 1e-3, 10, "Radius of every ball.", {}, "", true},
        {"m", "ball mass", "kg", real, live, 1, 1e-3, 1e3, "Mass of every ball (scales the energies).", {}, "", true},
        {"g", "gravity", "m/s^2", real, live, 9.8, 0, 100, "Gravitational acceleration, along -y."},
        {"v_max", "initial speed", "m/s", real, reset, 5, 0, 100,
         "Initial velocity components are uniform in [-v_max, v_max] (the seed: 5 m/s)."},
        {"collisions", "ball-ball impacts", "", ParamKind::Choice, live, 0, 0, 0,
         "Whether balls also collide with each other (by the same law); off in the seed. Impulses are exact "
         "for flying balls; balls piling up under impulses with e < 1 end in an endless series of impacts, "
         "which stops the run (a compliant law holds them).",
         {"off", "on"}},
        {"E", "Young's modulus", "Pa", real, live, 1e7, 1e3, 1e12,
         "Young's modulus of balls and wall: the Hertz stiffness of the compliant laws but the linear one.", {}, "",
         true},
        {"nu", "Poisson's ratio", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of balls and wall (compliant laws)."},
        {"seed", "random seed", "", ParamKind::Integer, reset, 1, 0, 1e9, "Seed of the random start positions and velocities."},
        {"trail", "trail", "s", real, live, 0.5, 0, 10, "Length of the fading trails (first 50 balls)."},
    };
    // hit/correction: ball i at (x, y), n from the wall into the inside;
    // collision: balls i and j, (x, y) the contact point, n from i to j, vn the approach speed.
    const std::vector<ParamSpec> wall = typed_wall_params({kCircle, "x^2 + y^2 - 100, or abs(x) + abs(y) - 15", 20});
    s.params.insert(s.params.begin(), wall.begin(), wall.end());
    insert_contact_params(s.params, "v_max",
                          {0.9, 1e6, 0, "impulse", ParamApply::Reset,
                           "Under the impulse law the balls fly exact parabolas between exactly located hits (no "
                           "integrator, a ball slides once its bounces are below 1e-3 r); the compliant laws "
                           "integrate all balls together, as discs that also spin under friction.",
                           1e-6});  // balls resting on the wall: at 1e-9 dopri5 resolves their contact ringing
    s.event_fields = {"i", "j", "x", "y", "nx", "ny", "vn_before", "vn_after"};
    s.cost_params = {"N", "collisions", "e", "law", "E", "rtol", "integrator"};
    s.cost_hint = "fewer balls, or ball-ball impacts off, run faster; e < 1 with impacts on piles up impacts; "
                  "compliant laws: a softer wall (E) or a looser tolerance (rtol)";
    s.is_random = true;
    return s;
  }();
  return d;
}

std::vector<Preset> ImplicitScene::presets(const ParamValues&) const {
  // The seed's walls under its impulse law; the other parameters stay the user's.
  auto wall = [](const char* name, const char* help, const char* f) {
    return Preset{name, help, {{"wall", f}, {"view", "20"}, {"law", "impulse"}}};
  };
  return {
      wall("Circle", "The seed's case 1, a circle of radius 15 m: with e = 1 the mechanical energy stays flat", kCircle),
      wall("Diamond", "The seed's case 2, |x| + |y| = 15: balls that hit a corner bounce off it; none escapes", "abs(x) + abs(y) - 15"),
      wall("Astroid", "The seed's case 3 scaled by 15: four inward cusps, where the seed's balls escaped; here none does",
           "((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2"),
      wall("Ellipse", "An ellipse with semi-axes 18 and 10 m: a smooth wall whose curvature changes", "(x/18)^2 + (y/10)^2 - 1"),
      wall("Heart", "Two cusps: one pointing in at the top, one ending a spike at the bottom; watch balls run into the spike",
           "((x/12)^2 + (y/12)^2 - 1)^3 - (x/12)^2*(y/12)^3"),
      wall("Star", "Five smooth arms: concave and convex stretches of wall side by side", "sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))"),
      {"Settling in a corner", "The diamond under Hunt-Crossley (c_tau 0.5) with ball-ball contact: each bounce "
       "loses energy, and the balls come to rest in the bottom corner, pressed into the wall and each other, "
       "which impulses cannot do",
       {{"wall", "abs(x) + abs(y) - 15"}, {"view", "20"}, {"law", "hunt_crossley"}, {"c_tau", "0.5"},
        {"collisions", "on"}, {"friction", "0"}}},
  };
}

}  // namespace cl
