// What the pile scene offers: its parameters and the seed's experiments as presets.
#include <algorithm>

#include "scenes/integrator_params.h"
#include "scenes/pile.h"

namespace cl {

const SceneDescription& pile_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "pile";
    s.title = "A pile of particles";
    s.summary = "particles piling up in 1D/2D/3D: impulse, linear-spring or Hertz-family contact, Euler vs leapfrog (seed 003)";
    s.caption = "Particles drop into a box and pile up under gravity, in 1D, 2D or 3D (each new particle brings "
                "its energy in). Compare impulse contact with the seed's spring-dashpot or a Hertz-family law, and "
                "Euler with leapfrog (or rk4, dopri5): watch the energy plot, and whether the pile settles, keeps "
                "ringing or explodes.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"start", "start", "", ParamKind::Choice, reset, 0, 0, 0,
         "emitter: particles appear one by one at the emitter (the seed's piles); block: N_max particles start "
         "at rest on a lattice and fall; ball: one ball dropped from the emitter height (energy tests); "
         "billiard: the seed's momentum test, five balls of different masses in a closed 2D box without "
         "gravity, E = 12.5 J and p = (-5, 0) kg m/s at the start.",
         {"emitter", "block", "ball", "billiard"}},
        {"dim", "dimension", "", ParamKind::Choice, reset, 1, 0, 0,
         "Space dimension; the last axis is the height (1D: z only, 2D: x and z, 3D: x, y and z).",
         {"1", "2", "3"}},
        {"law", "contact law", "", ParamKind::Choice, live, 0, 0, 0,
         "linear: the seed's spring k_s with dashpot k_d on the overlap; hertz, hunt_crossley, lankarani_nikravesh, "
         "flores, gonthier: k_h overlap^1.5 damped for restitution c_tau (the approach speed taken at a contact's first "
         "step); impulse: instantaneous momentum exchange with restitution e on approaching contacts, plus "
         "position projections k_p.",
         {"linear", "hertz", "hunt_crossley", "lankarani_nikravesh", "flores", "gonthier", "impulse"}, "", false, "",
         "model",
         {{"spring", "linear"}}},
        {"e", "restitution", "", real, live, 0.5, 0, 1, "Impulse law: normal speed kept at an impact (1: elastic)."},
        {"k_p", "projection factor", "", real, live, 0.4, 0, 1,
         "Impulse law: share of an overlap removed by position projections per step (0: none, 1: all). "
         "Acts like a spring k_s = k_p / (h^2 (1/m_a + 1/m_b)); above 0.5 it adds energy."},
        {"k_s", "spring stiffness", "N/m", real, live, 8000, 1, 1e7,
         "Linear law: contact force k_s times the overlap.", {}, "", true},
        {"k_d", "damping", "N s/m", real, live, 100, 0, 1e5,
         "Linear law: dashpot force k_d times the overlap rate (the force never pulls)."},
        {"k_h", "Hertz stiffness", "N/m^1.5", real, live, 1e5, 1, 1e12,
         "Hertz-family laws: force k_h overlap^1.5 (two spheres of radius r: 4/3 E* sqrt(r / 2)).", {}, "", true},
        {"c_tau", "restitution c_tau", "", real, live, 0.9, 0.05, 1,
         "Restitution parameter of the damped Hertz-family laws (1: no damping)."},
        {"r", "radius", "m", real, reset, 0.3, 0.01, 10, "Radius of every particle.", {}, "", true},
        {"m", "mass", "kg", real, reset, 1, PileScene::kMinMass, PileScene::kMaxMass, "Mass of every emitted particle.", {}, "", true},
        {"g", "gravity", "m/s^2", real, live, 9.81, 0, 100, "Gravitational acceleration, along -z (the last axis)."},
        {"emit_interval", "emit every", "s", real, live, 0.2, 1e-3, 100, "Time between two emitted particles; longer while the last one has not left the emitter's spot "
         "(released at rest, a particle of r = 0.3 m needs ~0.35 s to fall clear of it: see emit speed)."},
        {"emit_speed", "emit speed", "m/s", real, live, 0, 0, 100,
         "Downward speed of an emitted particle. A column emitted quickly (1D) needs it: at rest, the previous "
         "particle has not yet left the emitter's spot."},
        {"emit_height", "emitter height", "m", real, reset, 6, 0, 1e4,
         "Height of the emitter above the ground (the ball's drop height). An emission waits while the spot "
         "is occupied."},
        {"N_max", "particles", "", ParamKind::Integer, reset, 200, 1, 20000,
         "Most particles emitted (or placed by the block start)."},
        {"width", "box width", "m", real, reset, 6, 0.02, 1e4,
         "Side of the box: walls at 0 and width on every horizontal axis (none in 1D); the emitter is over "
         "the centre."},
        {"seed", "random seed", "", ParamKind::Integer, reset, 1, 0, 1e9,
         "Seed of the emitter's and the block's small horizontal jitter."},
        {"view_yaw", "view yaw", "deg", real, live, 30, -180, 180, "3D view: turn about the vertical axis."},
        {"view_pitch", "view pitch", "deg", real, live, 20, -90, 90, "3D view: tilt (positive looks down)."},
    };
    insert_integrator_params(
        s.params, "e",
        {1e-3, 1e-5, 0.05,
         "Contacts are not located: euler (v += dt a, then x += dt v) and leapfrog (kick-drift-kick, Hut & Makino) "
         "are the seed's steps with one force evaluation at the new positions; rk4 and dopri5 integrate the "
         "forces within each dt; impulses act between steps of dt under every integrator.",
         1e-6, "euler", " dopri5 takes its own steps within each dt. Springs are stable for dt < sqrt(m / k_s); "
         "impulse piles explode later at smaller dt."});
    std::find_if(s.params.begin(), s.params.end(), [](const ParamSpec& p) { return p.name == "dt"; })->old_name = "h";
    s.is_random = true;
    s.cost_params = {"N_max", "dim", "dt", "integrator"};
    s.cost_hint = "fewer particles (N_max) or a longer time step (dt, within stability) run faster";
    return s;
  }();
  return d;
}

std::vector<Preset> PileScene::presets(const ParamValues&) const {
  // Every preset sets the whole experiment, so it does not depend on what was set before.
  auto make = [](const char* name, const char* help, std::map<std::string, std::string> values) {
    const std::map<std::string, std::string> base = {
        {"start", "emitter"}, {"dim", "2"},  {"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"},
        {"e", "0.5"},         {"k_p", "0.4"}, {"k_s", "8000"},    {"k_d", "100"},          {"r", "0.3"},
        {"m", "1"},           {"g", "9.81"}, {"emit_interval", "0.2"}, {"emit_speed", "0"}, {"emit_height", "6"}, {"N_max", "200"},
        {"width", "6"},       {"seed", "1"},    {"k_h", "100000"}, {"c_tau", "0.9"}};
    for (const auto& [key, value] : base) values.emplace(key, value);
    return Preset{name, help, std::move(values)};
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
      make("Ball: impulse, Euler", "One ball, e = 1, h = 0.01 s: with Euler the mechanical energy steps down at every bounce",
           with(ball, {{"law", "impulse"}, {"integrator", "euler"}})),
      make("Ball: impulse, leapfrog", "One ball, e = 1, h = 0.01 s: with leapfrog the mechanical energy stays flat",
           with(ball, {{"law", "impulse"}, {"integrator", "leapfrog"}})),
      make("Ball: spring, Euler", "One ball, k_s = 8000 N/m, no damping: the energy wiggles by a few per cent during contacts but does not drift",
           with(ball, {{"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"}})),
      make("Ball: spring, leapfrog", "One ball, k_s = 8000 N/m, no damping: the energy is kept, with small wiggles during each contact",
           with(ball, {{"law", "linear"}, {"integrator", "leapfrog"}, {"dt", "0.001"}})),
      make("Billiard: impulse", "Momentum test, E = 12.5 J, p_x = -5 kg m/s: pair impacts keep the momentum, wall hits change it",
           with(billiard, {{"law", "impulse"}, {"integrator", "leapfrog"}})),
      make("Billiard: spring", "momentum test with springs (k_s = 8000 N/m, no damping), semi-implicit Euler",
           with(billiard, {{"law", "linear"}, {"integrator", "euler"}})),
      make("1D impulse pile, h = 0.01", "One particle per second, leapfrog: the column jitters, then explodes (the run stops with a message)",
           with(pile_1d_impulse, {{"dt", "0.01"}})),
      make("1D impulse pile, h = 0.005", "the same with half the step: the explosion comes later",
           with(pile_1d_impulse, {{"dt", "0.005"}})),
      make("1D spring pile, k_s = 4000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "4000"}})),
      make("1D spring pile, k_s = 8000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "8000"}})),
      make("1D spring pile, k_s = 40000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "40000"}})),
      make("2D impulse pile", "e = 0.5, k_p = 0.4, leapfrog h = 0.002 s, 49 particles in 10 s",
           {{"dim", "2"}, {"law", "impulse"}, {"integrator", "leapfrog"}, {"dt", "0.002"}, {"e", "0.5"},
            {"k_p", "0.4"}, {"emit_interval", "0.2"}, {"N_max", "49"}, {"width", "4.2"}, {"emit_height", "6"}}),
      make("3D spring pile", "k_s = 8000 N/m, k_d = 100 N s/m, Euler h = 0.001 s, up to 351 particles in 70 s",
           {{"dim", "3"}, {"law", "linear"}, {"integrator", "euler"}, {"dt", "0.001"}, {"k_s", "8000"},
            {"k_d", "100"}, {"emit_interval", "0.2"}, {"N_max", "351"}, {"width", "4.2"}, {"emit_height", "8"}}),
      make("2D Hunt-Crossley pile", "k_h = 1e5 N/m^1.5, c_tau = 0.5, leapfrog h = 0.001 s, up to 49 particles: the "
           "Hertz force grows as overlap^1.5, and each contact is damped for restitution c_tau",
           {{"dim", "2"}, {"law", "hunt_crossley"}, {"integrator", "leapfrog"}, {"dt", "0.001"}, {"c_tau", "0.5"},
            {"emit_interval", "0.2"}, {"N_max", "49"}, {"width", "4.2"}, {"emit_height", "6"}}),
  };
}

}  // namespace cl
