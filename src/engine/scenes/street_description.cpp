// What the street scene offers: its parameters (the contact law, friction
// and integrator ones shared with the other scenes) and presets.
#include <cmath>

#include "scenes/contact_params.h"
#include "scenes/street.h"

namespace cl {

const SceneDescription& street_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "street";
    s.title = "Ellipse on an uneven street";
    s.summary = "an ellipse with an observer mass thrown onto a street y = s(x), Hunt-Crossley contact (seed 001)";
    s.caption = "A spinning ellipse with an observer mass (the dot on it) is thrown onto an uneven street "
                "under gravity. Watch the crosshair, the point of the street closest to contact, and the "
                "energy plots: each impact turns some kinetic energy into dissipated work.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"m", "ellipse mass", "kg", real, reset, 1, 1e-3, 1e3, "Mass of the homogeneous ellipse.", {}, "", true},
        {"m_o", "observer mass", "kg", real, reset, 1, 0, 1e3, "Point mass fixed in the ellipse."},
        {"g", "gravity", "m/s^2", real, live, 9.8, 0, 100, "Gravitational acceleration, along -y."},
        {"a", "semi-axis a", "m", real, reset, 2, 0.05, 10, "Semi-axis along the body's x axis."},
        {"b", "semi-axis b", "m", real, reset, 1, 0.05, 10, "Semi-axis along the body's y axis."},
        {"alpha", "observer x", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"beta", "observer y", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"street", "street s(x)", "", ParamKind::Text, reset, 0, 0, 0,
         "The street is y = s(x) (x, y in m). Empty: the seed's street (f x / 2)^2 + sum_{j<bumps} (A / j) sin(j f x). "
         "muParser syntax: + - * / ^, abs, sqrt, sin, cos, exp, min, max, pi. Example: 0.05*x^2 + 0.5*sin(x).",
         {}, "", false, "empty: the seed's street; or e.g. 0.05*x^2 + 0.5*sin(x), or 0"},
        {"amplitude", "bump amplitude A", "m", real, reset, 1, 0, 10, "Amplitude of the seed street's sine bumps."},
        {"frequency", "bump frequency f", "1/m", real, reset, 0.25, 0.01, 10, "Frequency of the seed street (parabola and bumps)."},
        {"bumps", "bumps", "", ParamKind::Integer, reset, 5, 1, 20,
         "The seed street sums bumps - 1 sine waves (1: the bare parabola)."},
        {"E_e", "Young ellipse", "Pa", real, live, 1e4, 1e3, 1e12, "Young's modulus of the ellipse.", {}, "", true},
        {"E_s", "Young street", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the street.", {}, "", true},
        {"nu_e", "Poisson ellipse", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the ellipse."},
        {"nu_s", "Poisson street", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the street."},
        {"q0", "initial angle", "rad", real, reset, 7 * M_PI / 8, -100, 100, "Angle of the body's x axis at the start."},
        {"w0", "initial spin", "rad/s", real, reset, 5.5, -100, 100, "Angular velocity at the start (> 0 anticlockwise)."},
        {"x0", "initial x", "m", real, reset, 2.5, -100, 100, "Centre of the ellipse at the start."},
        {"y0", "initial y", "m", real, reset, 6, -100, 100, "Centre of the ellipse at the start (must be clear of the street)."},
        {"vx0", "initial vx", "m/s", real, reset, 0, -100, 100, "Velocity of the centre at the start."},
        {"vy0", "initial vy", "m/s", real, reset, -4.75, -100, 100, "Velocity of the centre at the start."},
        {"trail", "trail", "s", real, live, 3, 0, 30, "Length of the fading trail of the centre."},
        {"follow", "view follows", "", ParamKind::Choice, live, 1, 0, 0,
         "Keep the ellipse in the middle of the view while it runs (zoom still works; off: a fixed view).",
         {"off", "on"}},
    };
    insert_contact_params(s.params, "q0", {0.9, 1e5, 0.1});
    s.event_fields = {"contact_x"};
    s.cost_params = {"E_e", "E_s", "law", "street", "rtol", "integrator"};
    s.cost_hint = "softer materials (E_e, E_s), a looser tolerance (rtol) or the built-in street (empty s(x)) run faster";
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    return s;
  }();
  return d;
}

std::vector<Preset> StreetScene::presets(const ParamValues&) const {
  return {
      {"Seed case", "ellipse 2 x 1 m thrown spinning onto the seed's street, Hunt-Crossley c_tau 0.9, friction 0.1",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "0.9"}, {"friction", "0.1"},
        {"law", "hunt_crossley"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"},
        {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"Disc on a flat street", "a disc of radius 1 m dropped from 3 m onto y = 0, pure Hertz, no friction: it keeps bouncing",
       {{"street", "0"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"law", "hertz"}, {"c_tau", "1"},
        {"friction", "0"}, {"q0", "0"}, {"w0", "0"}, {"x0", "0"}, {"y0", "3"}, {"vx0", "0"}, {"vy0", "0"}}},
      {"Drop into a valley", "an ellipse 1 x 0.6 m dropped onto the slope of a parabolic valley: it bounces, then rocks",
       {{"street", "0.1*x^2"}, {"a", "1"}, {"b", "0.6"}, {"alpha", "0.5"}, {"beta", "0"}, {"c_tau", "0.8"},
        {"friction", "0.1"}, {"law", "hunt_crossley"}, {"q0", "0"}, {"w0", "0"}, {"x0", "3"}, {"y0", "3.5"},
        {"vx0", "0"}, {"vy0", "0"}}},
      {"Seed case, impulse law", "the seed's throw with rigid impulses, e = 1: instant bounces, no penetration, and the "
       "energy kept (with e < 1 the bounces come ever faster as it settles, and the run stops there)",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"law", "impulse"}, {"e", "1"},
        {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"Seed case, elastic", "the seed's throw with c_tau 1 and no friction: energy is kept (audit with W_stiffness)",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "1"}, {"friction", "0"},
        {"law", "hertz"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"},
        {"vy0", "-4.75"}}},
  };
}

}  // namespace cl
