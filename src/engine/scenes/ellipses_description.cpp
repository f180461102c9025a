// What the ellipses scene offers: its parameters (the contact law, friction,
// integrator and typed wall ones shared with the other scenes) and presets.
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
    s.title = "Ellipses in a wall";
    s.summary = "n ellipses with observer masses colliding in a circular or typed wall, Hunt-Crossley contact (seed 000)";
    s.caption = "Ellipses, each carrying an observer mass (the dot on it), slide inside a wall (the seed's circle, "
                "or one you type as f(x, y) = 0; gravity g is off in the seed) and hit it and each other. Watch "
                "the contact points and normals at each impact, and the energy plots: the audit residual stays "
                "near zero while friction and damping dissipate energy.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"n", "ellipses", "", ParamKind::Integer, reset, 2, 1, 200, "Number of ellipses (a scene file's list sets it)."},
        {"a", "semi-axis a", "m", real, reset, 2, 0.05, 10, "Semi-axis along the body's x axis."},
        {"b", "semi-axis b", "m", real, reset, 1, 0.05, 10, "Semi-axis along the body's z axis."},
        {"m", "ellipse mass", "kg", real, reset, 1, 1e-3, 1e3, "Mass of each homogeneous ellipse.", {}, "", true},
        {"m_o", "observer mass", "kg", real, reset, 1, 0, 1e3, "Point mass fixed in each ellipse."},
        {"g", "gravity", "m/s^2", real, reset, 0, 0, 100,
         "Gravitational acceleration along -z (the seed: none). With it, discs in a typed wall are the implicit "
         "scene's balls under a compliant law."},
        {"alpha", "observer x", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"beta", "observer z", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"boundary", "boundary", "", ParamKind::Choice, reset, 0, 0, 0,
         "circle: the seed's circular wall of radius R_wall about the origin; typed: the wall f(x, y) = 0 typed in "
         "'wall' (inside: f < 0), corners and cusps allowed.",
         {"circle", "typed"}},
        {"R_wall", "wall radius", "m", real, reset, 6.5, 0.5, 1000,
         "Radius of the circular wall about the origin; with a typed wall, the radius the head_on and break starts "
         "are laid out in."},
        {"nu_e", "Poisson ellipse", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the ellipses."},
        {"nu_w", "Poisson wall", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the wall."},
        {"E_e", "Young ellipse", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the ellipses.", {}, "", true},
        {"E_w", "Young wall", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the wall.", {}, "", true},
        {"v_max", "initial speed", "m/s", real, reset, 20, 0, 100, "Initial velocity components uniform in [-v_max, v_max] (seed: 20)."},
        {"w_max", "initial spin", "rad/s", real, reset, 15, 0, 100, "Initial angular velocity uniform in [-w_max, w_max] (seed: 15)."},
        {"layout", "start", "", ParamKind::Choice, reset, 0, 0, 0,
         "random: seeded placement without overlaps; head_on: two bodies on the x axis flying at each other at v_max; "
         "break: n - 1 bodies at rest racked in a triangle, the last one shot at the rack's apex at v_max.",
         {"random", "head_on", "break"}},
        {"seed", "random seed", "", ParamKind::Integer, reset, 123456, 0, 1e9, "Seed of the random placement and speeds."},
        {"trail", "trail", "s", real, live, 2, 0, 30, "Length of the fading centre trails."},
        {"contacts", "show contacts", "", ParamKind::Choice, live, 1, 0, 0, "Draw contact points and normals.", {"off", "on"}},
    };
    const std::vector<ParamSpec> wall = typed_wall_params({kDefaultTypedWall, "x^2/81 + y^2/36 - 1, or abs(x) + abs(y) - 8", 10});
    s.params.insert(std::find_if(s.params.begin(), s.params.end(), [](const ParamSpec& p) { return p.name == "nu_e"; }),
                    wall.begin(), wall.end());
    insert_contact_params(s.params, "v_max", {0.975, 1e6, 0.01});
    s.event_fields = {"i", "j"};
    s.cost_params = {"n", "E_e", "E_w", "law", "rtol", "integrator"};
    s.cost_hint = "fewer ellipses, softer materials (E_e, E_w) or a looser tolerance (rtol) run faster";
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    s.is_random = true;
    return s;
  }();
  return d;
}

std::vector<Preset> EllipsesScene::presets(const ParamValues&) const {
  // The seed's setting unless a preset says otherwise: no gravity, the circular wall.
  auto make = [](const char* name, const char* help, std::map<std::string, std::string> values) {
    values.emplace("g", "0");
    values.emplace("boundary", "circle");
    return Preset{name, help, std::move(values)};
  };
  return {
      make("Seed case", "The seed's two ellipses 2 x 1 m in a wall of radius 6.5 m, Hunt-Crossley c_tau 0.975, friction 0.01: "
           "the mechanical energy steps down at each impact while the audit residual stays near 0",
           {{"n", "2"}, {"a", "2"}, {"b", "1"}, {"R_wall", "6.5"}, {"layout", "random"}, {"seed", "123456"},
            {"v_max", "20"}}),
      make("Two discs head-on", "Two discs of radius 1 m fly at each other at 5 m/s, no spin, no friction: rebound over impact speed "
           "is the law's restitution; try other laws and c_tau",
           {{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"layout", "head_on"},
            {"v_max", "5"}, {"friction", "0"}}),
      make("Billiard break", "A rack of 19 ellipses 0.5 x 0.4 m at rest, broken by a 20th at 8 m/s: momentum is kept through the "
           "pair impacts until a body reaches the wall",
           {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"R_wall", "6.5"}, {"layout", "break"},
            {"v_max", "8"}}),
      make("Dense gas", "100 ellipses 0.3 x 0.2 m in a wall of 6.5 m, tolerance 1e-6 for speed: friction and damping drain "
           "the energy; the audit residual stays about 2e-4 of the start energy over 2 s",
           {{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"R_wall", "6.5"}, {"layout", "random"},
            {"v_max", "3"}, {"w_max", "3"}, {"rtol", "1e-6"}}),
      make("Break, impulse law", "The billiard break with rigid impulses, e = 0.9, no spin: each impact is one instant, "
           "rebound over approach is exactly e, and momentum is kept through the pair impacts",
           {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"R_wall", "6.5"}, {"layout", "break"},
            {"v_max", "8"}, {"w_max", "0"}, {"law", "impulse"}, {"e", "0.9"}}),
      make("Balls in a typed wall", "The implicit scene's five balls (discs of radius 0.3 m) under gravity in its circle of "
           "15 m, but compliant and colliding with each other: Hunt-Crossley c_tau 0.9 with Hertz stiffness; try the "
           "other laws, or impulse",
           {{"n", "5"}, {"a", "0.3"}, {"b", "0.3"}, {"m", "1"}, {"m_o", "0"}, {"alpha", "0"}, {"beta", "0"}, {"g", "9.8"},
            {"boundary", "typed"}, {"wall", "x^2 + y^2 - 15^2"}, {"view", "20"}, {"layout", "random"}, {"v_max", "5"},
            {"w_max", "0"}, {"law", "hunt_crossley"}, {"c_tau", "0.9"}, {"friction", "0"}}),
      make("In a diamond", "Three ellipses 1 x 0.6 m in the typed wall |x| + |y| = 8, Hunt-Crossley c_tau 0.8: the contact "
           "finds the deepest point against each straight edge and into the corners; the audit residual stays near 0",
           {{"n", "3"}, {"a", "1"}, {"b", "0.6"}, {"boundary", "typed"}, {"wall", "abs(x) + abs(y) - 8"}, {"view", "10"},
            {"layout", "random"}, {"v_max", "8"}, {"w_max", "4"}, {"c_tau", "0.8"}}),
  };
}

}  // namespace cl
