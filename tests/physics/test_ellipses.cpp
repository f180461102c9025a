// Seed 000 (scene "ellipses"): ellipses with observer masses in a circular
// wall. Each check measures a quantity, prints it, and holds it to the
// physics it must obey, within a stated tolerance:
// * a disc (a = b, observer at the centre) hitting the wall under pure Hertz
//   is elastic: the energy through the impact and v_rebound = v_impact;
// * a pair impact moves momentum from one body to the other only (forces
//   equal and opposite at one point): linear momentum to round-off; with
//   c_tau < 1 energy is lost and the audit E_total + E_diss - W_stiffness
//   - E_total(0) stays ~0;
// * two equal discs head-on are the 1-DOF impact of
//   tests/physics/test_contact_restitution.cpp with the reduced mass
//   m_eff = (m + m_o) / 2 and the relative approach speed: the same closed
//   forms give e_eff per law and c_tau (Hertz family:
//   beta (1 + e) - ln(1 + beta) + ln(1 - beta e) = 0; linear clamped:
//   e = exp(-zeta (pi - 2 arcsin zeta) / sqrt(1 - zeta^2)));
// * the seed's defaults run 10 s without failing, with the energy falling
//   and the audit closing.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "integrators/root_find.h"
#include "io/scene_file.h"
#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "scenes/registry.h"
#include "support/restitution_closed_form.h"
#include "support/scene_params.h"

namespace {

const double kPi = std::acos(-1.0);
const std::vector<std::string> kDampedLaws = {"hunt_crossley", "lankarani_nikravesh", "flores", "linear"};
constexpr double kRestitutions[] = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0};

const cl::EllipsesScene& ellipses_of(const cl::Simulation& sim) {
  return dynamic_cast<const cl::EllipsesScene&>(sim.scene());
}

/// A Simulation built from a scene file's text (params, then the exact state).
cl::Simulation simulation_from_file(const std::string& text) {
  const cl::SceneFileParse parsed = cl::parse_scene_file(text);
  REQUIRE_MESSAGE(parsed.file, parsed.error);
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  auto error = sim.set_params(parsed.file->params);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = sim.reset();
  REQUIRE_MESSAGE(!error, error.value_or(""));
  if (parsed.file->state) {
    error = sim.load_state(*parsed.file->state);
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
  return sim;
}

/// Index of a series by name.
size_t series_index(const cl::Simulation& sim, const std::string& name) {
  const auto& names = sim.series().names();
  const auto it = std::find(names.begin(), names.end(), name);
  REQUIRE_MESSAGE(it != names.end(), "no series " << name);
  return static_cast<size_t>(it - names.begin());
}

size_t field_index(const std::string& name) {
  const auto& f = cl::ellipses_description().event_fields;
  const auto it = std::find(f.begin(), f.end(), name);
  REQUIRE(it != f.end());
  return static_cast<size_t>(it - f.begin());
}

double field(const cl::Event& e, const std::string& name) { return e.fields[field_index(name)]; }

std::vector<cl::Event> events_of_kind(const cl::Simulation& sim, const std::string& kind) {
  std::vector<cl::Event> out;
  for (const cl::Event& e : sim.events().events())
    if (e.kind == kind) out.push_back(e);
  return out;
}

/// The 1-DOF closed form for a law named as the "law" parameter names it.
double predicted_restitution(const std::string& law, double c) {
  const cl::NormalLaw value = law == "hunt_crossley"         ? cl::NormalLaw::HuntCrossley
                              : law == "lankarani_nikravesh" ? cl::NormalLaw::LankaraniNikravesh
                              : law == "flores"              ? cl::NormalLaw::Flores
                              : law == "linear"              ? cl::NormalLaw::LinearSpringDashpot
                                                             : cl::NormalLaw::Hertz;
  return test::predicted_restitution(value, c);
}

/// The scene right after the impact, and its pair event.
struct HeadOn {
  cl::EllipsesScene scene;
  cl::Event impact;
};

/// Two discs of radius 1 (preset "Two discs head-on"), 1 cm apart, closing at
/// 10 m/s, under `law` and `c_tau`, run until the impact is over.
HeadOn head_on(const std::string& law, double c_tau, test::Values extra = {}) {
  char c_text[32];
  std::snprintf(c_text, sizeof c_text, "%.17g", c_tau);
  HeadOn run;
  extra.insert({{"law", law}, {"c_tau", c_text}});
  auto error = run.scene.reset(test::preset_params("ellipses", "Two discs head-on", extra));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = run.scene.load_state_json(nlohmann::json::parse(R"({"bodies": [
      {"x": -1.005, "y": 0, "q": 0, "vx": 5, "vy": 0, "w": 0},
      {"x": 1.005, "y": 0, "q": 0, "vx": -5, "vy": 0, "w": 0}]})"));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  std::vector<cl::Event> events;
  while (run.scene.time() < 0.1) {  // contact ends within ~5 ms; the wall is 0.4 s away
    error = run.scene.advance_to(run.scene.time() + 0.005, events);
    REQUIRE_MESSAGE(!error, error.value_or(""));
    for (const cl::Event& e : events)
      if (e.kind == "pair") {
        run.impact = e;
        return run;
      }
  }
  FAIL("no pair event within 0.1 s");
  return run;
}

}  // namespace

TEST_CASE("ellipses: disc against the wall under Hertz is elastic") {
  // Oblique hit with spin: without friction the wall force is radial, through
  // the disc's centre, so only the normal velocity turns round.
  cl::Simulation sim = simulation_from_file(R"({"scene": "ellipses",
      "params": {"n": 1, "a": 1, "b": 1, "alpha": 0, "beta": 0, "law": "hertz", "friction": 0, "rtol": 1e-11},
      "state": {"bodies": [{"x": 3, "y": 1, "q": 0, "vx": 3, "vy": 1, "w": 2}]}})");
  sim.set_sample_interval(1e-4);  // s: several samples inside the ~ms impact
  const cl::EllipsesScene& scene = ellipses_of(sim);
  const double e0 = scene.kinetic_energy();
  sim.advance(1.5);  // one wall impact at ~0.5 s, the next one ~3.7 s later
  REQUIRE_MESSAGE(!sim.failed(), sim.failure());
  const std::vector<cl::Event> walls = events_of_kind(sim, "wall");
  REQUIRE(walls.size() == 1);
  const cl::Event& hit = walls[0];

  const size_t i_total = series_index(sim, "E_total"), i_audit = series_index(sim, "E_audit"),
               i_spring = series_index(sim, "E_spring");
  double worst_total = 0, worst_audit = 0, max_spring = 0;
  for (size_t k = 0; k < sim.series().size(); ++k) {
    worst_total = std::max(worst_total, std::abs(sim.series().at(i_total, k) - e0) / e0);
    worst_audit = std::max(worst_audit, std::abs(sim.series().at(i_audit, k)) / e0);
    max_spring = std::max(max_spring, sim.series().at(i_spring, k) / e0);
  }
  const double e_end = scene.kinetic_energy();
  const double v_in = field(hit, "v_impact"), v_out = field(hit, "v_rebound");
  std::printf(
      "disc-wall Hertz, rtol 1e-11: v_impact %.12f m/s, v_rebound %.12f m/s, restitution - 1 = %.2e, duration %.3e s, "
      "max penetration %.3e m\n  max |E_total - E0| / E0 over %zu samples = %.2e (peak E_spring / E0 = %.3f), "
      "after the impact %.2e, max |E_audit| / E0 = %.2e\n",
      v_in, v_out, field(hit, "restitution") - 1, field(hit, "duration"), field(hit, "max_penetration"),
      sim.series().size(), worst_total, max_spring, std::abs(e_end - e0) / e0, worst_audit);
  // The normal speed at 3 m/s along x from (3, 1) against the radius: > 0.
  CHECK(v_in > 1);
  CHECK(max_spring > 0.1);  // the samples really went through the impact
  // Pure Hertz is conservative; what is left is the integrator's error at
  // rtol 1e-11, far below the bound.
  CHECK(worst_total < 1e-8);
  CHECK(std::abs(e_end - e0) / e0 < 1e-8);
  CHECK(worst_audit < 1e-8);
  CHECK(std::abs(field(hit, "restitution") - 1) < 1e-7);  // elastic
  CHECK(std::abs(v_out - v_in) < 1e-7 * v_in);
}

TEST_CASE("ellipses: pair impact conserves linear momentum, loses energy, audit closes") {
  // Case 0: the preset itself (discs, observers at the centres): p = (m + m_o) v
  // is linear in the state and the pair forces cancel in it exactly, so only
  // round-off is left. Case 1: two seed ellipses with off-centre observers,
  // spin and friction, hitting off-axis: p = (m + m_o) c' + m_o q' w(q) is not
  // linear in the state, so free flight itself conserves it only to the
  // integrator's tolerance (default rtol 1e-9).
  for (int which = 0; which < 2; ++which) {
    cl::Simulation sim(cl::find_scene("ellipses")->create());
    std::string name;
    if (which == 0) {
      name = "preset 'Two discs head-on' (c_tau 0.975, friction 0)";
      REQUIRE(!sim.set_params(test::preset_params("ellipses", "Two discs head-on", {})));
      REQUIRE(!sim.reset());
    } else {
      name = "two seed ellipses with observers, spin, friction 0.01, c_tau 0.8";
      const cl::SceneFileParse parsed = cl::parse_scene_file(R"({"scene": "ellipses", "params": {"c_tau": 0.8},
          "state": {"bodies": [{"x": -2.6, "y": 0.3, "q": 0.2, "vx": 4, "vy": 0.5, "w": 3},
                               {"x": 2.6, "y": -0.3, "q": 1.3, "vx": -4, "vy": 0, "w": -2}]}})");
      REQUIRE_MESSAGE(parsed.file, parsed.error);
      REQUIRE(!sim.set_params(parsed.file->params));
      REQUIRE(!sim.reset());
      REQUIRE(!sim.load_state(*parsed.file->state));
    }
    CAPTURE(name);
    sim.set_sample_interval(1e-3);
    const cl::EllipsesScene& scene = ellipses_of(sim);
    const Eigen::Vector2d p0 = scene.linear_momentum();
    double p_scale = 0;  // sum of the bodies' |p_i|
    for (size_t i = 0; i < scene.body_count(); ++i)
      p_scale += cl::linear_momentum(scene.body(), scene.coordinates(i), scene.velocities(i)).norm();
    const double e0 = scene.kinetic_energy();
    double worst_p = 0;
    while (events_of_kind(sim, "pair").empty() && sim.time() < 3) {
      sim.advance(0.005);
      REQUIRE_MESSAGE(!sim.failed(), sim.failure());
      REQUIRE(events_of_kind(sim, "wall").empty());  // the wall would add momentum
      worst_p = std::max(worst_p, (scene.linear_momentum() - p0).norm() / p_scale);
    }
    const std::vector<cl::Event> pairs = events_of_kind(sim, "pair");
    REQUIRE(pairs.size() == 1);
    const size_t i_audit = series_index(sim, "E_audit");
    double worst_audit = 0;
    for (size_t k = 0; k < sim.series().size(); ++k)
      worst_audit = std::max(worst_audit, std::abs(sim.series().at(i_audit, k)) / e0);
    const double e1 = scene.kinetic_energy() + scene.spring_energy();
    const double lost = (e0 - e1) / e0;
    std::printf(
        "pair impact, %s: t = %.4f s, v_impact %.6f m/s, restitution %.6f; max |p - p0| / sum|p_i| = %.2e; "
        "energy lost %.6f of E0 (E_diss %.6f, W_stiffness %.2e of E0); max |E_audit| / E0 = %.2e\n",
        name.c_str(), pairs[0].t, field(pairs[0], "v_impact"), field(pairs[0], "restitution"), worst_p, lost,
        scene.dissipated_energy() / e0, scene.stiffness_work() / e0, worst_audit);
    // Discs: round-off (measured exactly 0, the symmetric start). Case 1:
    // measured 2.8e-14; bounded at 1e-9 since it is not a linear invariant.
    CHECK(worst_p < (which == 0 ? 1e-13 : 1e-9));
    CHECK(lost > 1e-3);  // c_tau < 1 dissipates a visible fraction
    CHECK(scene.dissipated_energy() > 0);
    // The brief's bound; the audit is the integration error of E_diss and W_stiffness.
    CHECK(worst_audit <= 1e-6);  // measured 6e-9 (discs), 5e-9 (ellipses)
  }
}

TEST_CASE("ellipses: effective restitution of two discs head-on per law and c_tau") {
  std::printf("\nellipses, two discs head-on (m_eff = 1 kg, closing at 10 m/s): e_eff = v_rebound / v_impact "
              "[1-DOF closed form]\n%6s", "c_tau");
  for (const std::string& law : kDampedLaws) std::printf("  %-30s", law.c_str());
  std::printf("\n");
  std::vector<std::vector<double>> measured(kDampedLaws.size());
  double worst = 0;
  for (double c : kRestitutions) {
    std::printf("%6.2f", c);
    for (size_t l = 0; l < kDampedLaws.size(); ++l) {
      const cl::Event e = head_on(kDampedLaws[l], c).impact;
      const double r = field(e, "restitution"), predicted = predicted_restitution(kDampedLaws[l], c);
      std::printf("  %.8f [%.8f]        ", r, predicted);
      measured[l].push_back(r);
      worst = std::max(worst, std::abs(r - predicted));
      CAPTURE(kDampedLaws[l]);
      CAPTURE(c);
      CHECK(std::abs(field(e, "v_impact") - 10) < 1e-6);  // located onset: the closing speed
      // Same 1-DOF problem (reduced mass, relative coordinate): the scene's
      // event location at gap = 0 and rtol 1e-9 set the tolerance
      // (measured worst 1.1e-7, the linear law's clamp kink).
      CHECK(std::abs(r - predicted) < 1e-6);
    }
    std::printf("\n");
  }
  std::printf("worst |e_eff - 1-DOF closed form| = %.2e\n", worst);
  for (size_t l = 0; l < kDampedLaws.size(); ++l) {
    CAPTURE(kDampedLaws[l]);
    for (size_t j = 1; j < measured[l].size(); ++j) CHECK(measured[l][j] > measured[l][j - 1]);  // monotone
    CHECK(std::abs(measured[l].back() - 1) < 1e-7);  // c_tau = 1: no damping
  }
  for (double c : {0.5, 1.0}) {
    const double r = field(head_on("hertz", c).impact, "restitution");
    std::printf("hertz (c_tau %.1f ignored): e_eff - 1 = %.2e\n", c, r - 1);
    CHECK(std::abs(r - 1) < 1e-7);  // undamped
  }
}

TEST_CASE("ellipses: two discs head-on under every integrator") {
  // Hunt-Crossley at c_tau 0.8. The error of e_eff against the closed form
  // falls with each method's order (onsets are located on its dense output).
  const double predicted = predicted_restitution("hunt_crossley", 0.8);
  std::printf("\nellipses, two discs head-on, Hunt-Crossley c_tau 0.8: e_eff per integrator [closed form %.8f]\n",
              predicted);
  std::printf("%-9s %12s %14s %12s %14s %8s\n", "method", "dt (s)", "|e - closed|", "dt/2 (s)", "|e - closed|",
              "order");
  const struct {
    const char* name;
    double dt;
    int order;  // 0: adaptive
  } methods[] = {{"dopri5", 1e-4, 0}, {"rk4", 1e-4, 4}, {"euler", 1e-5, 1}, {"leapfrog", 1e-4, 2}};
  for (const auto& m : methods) {
    auto error_at = [&](double dt) {
      char dt_text[32];
      std::snprintf(dt_text, sizeof dt_text, "%.17g", dt);
      const cl::Event e = head_on("hunt_crossley", 0.8, {{"integrator", m.name}, {"dt", dt_text}}).impact;
      return std::abs(field(e, "restitution") - predicted);
    };
    const double e1 = error_at(m.dt), e2 = error_at(m.dt / 2);
    const double order = std::log2(e1 / e2);
    std::printf("%-9s %12.3g %14.3e %12.3g %14.3e %8.2f\n", m.name, m.dt, e1, m.dt / 2, e2, order);
    CAPTURE(m.name);
    CHECK(e2 <= 1e-3);  // the issue's bound on e_eff for every law and integrator
    // The order shows through the impact, less what the force's kinks at the
    // contact's ends take (f ~ rho^1.5 is not smooth at rho = 0): measured
    // rk4 2.95, leapfrog 2.47, euler 1.32.
    if (m.order > 0) CHECK(order >= 0.6 * m.order);
  }
}

TEST_CASE("ellipses: seed defaults run 10 s with falling energy and a closed audit") {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  const cl::EllipsesScene& scene = ellipses_of(sim);
  const double e0 = scene.kinetic_energy();
  sim.advance(10);
  REQUIRE_MESSAGE(!sim.failed(), sim.failure());
  const size_t i_total = series_index(sim, "E_total"), i_audit = series_index(sim, "E_audit"),
               i_w = series_index(sim, "W_stiffness");
  const auto& s = sim.series();
  double worst_rise = 0, worst_rise_corrected = 0, worst_audit = 0, max_w = 0;
  bool finite = true;
  for (size_t k = 0; k < s.size(); ++k) {
    for (size_t c = 0; c < s.names().size(); ++c) finite = finite && std::isfinite(s.at(c, k));
    worst_audit = std::max(worst_audit, std::abs(s.at(i_audit, k)) / e0);
    max_w = std::max(max_w, std::abs(s.at(i_w, k)) / e0);
    if (k == 0) continue;
    worst_rise = std::max(worst_rise, (s.at(i_total, k) - s.at(i_total, k - 1)) / e0);
    // E_total - W_stiffness = E0 - E_diss + audit: this one may not rise at all.
    worst_rise_corrected = std::max(worst_rise_corrected, (s.at(i_total, k) - s.at(i_w, k) - s.at(i_total, k - 1) +
                                                           s.at(i_w, k - 1)) / e0);
  }
  const size_t walls = events_of_kind(sim, "wall").size(), pairs = events_of_kind(sim, "pair").size();
  std::printf(
      "seed defaults, 10 s: %lld steps, %zu samples, %zu wall + %zu pair events; E(10 s) / E0 = %.6f; largest rise "
      "between samples: E_total %.2e, E_total - W_stiffness %.2e of E0; max |W_stiffness| %.2e, max |E_audit| %.2e of E0\n",
      sim.scene().step_count(), s.size(), walls, pairs, s.at(i_total, s.size() - 1) / e0, worst_rise,
      worst_rise_corrected, max_w, worst_audit);
  CHECK(finite);
  CHECK(s.size() >= 1000);
  CHECK(walls + pairs > 0);
  // Between samples the dissipation outweighs the Hertz stiffness's own work
  // (radii changing as an ellipse turns in contact, |W| up to 7.8e-3 of E0):
  // measured rises 5.7e-14 of E0, i.e. round-off of E_kin; bound 1e-9.
  CHECK(worst_rise <= 1e-9);
  CHECK(worst_rise_corrected <= 1e-9);
  CHECK(worst_audit <= 1e-5);  // the brief's bound at the default rtol (measured 1.1e-7)
  CHECK(s.at(i_total, s.size() - 1) < e0);
}

TEST_CASE("ellipses: a head-on impact records its force-vs-penetration loop") {
  // The area inside the loop, the integral of f dρ over the impact, is the
  // work the damping took: for two equal discs (reduced mass (m + m_o)/2,
  // no friction) the kinetic energy lost, 1/2 m_eff (v_impact^2 - v_rebound^2).
  const HeadOn run = head_on("hunt_crossley", 0.8);
  const cl::EllipsesScene& scene = run.scene;
  const std::vector<cl::Event> events = {run.impact};
  REQUIRE(scene.impact_loops());
  const auto& loops = scene.impact_loops()->loops();
  REQUIRE(loops.size() == 1);
  const cl::ImpactLoop& loop = loops.front();
  double area = 0, deepest = 0;
  for (size_t k = 1; k < loop.penetration.size(); ++k) {
    area += 0.5 * (loop.force[k] + loop.force[k - 1]) * (loop.penetration[k] - loop.penetration[k - 1]);
    deepest = std::max(deepest, loop.penetration[k]);
  }
  const double v_in = field(events[0], "v_impact"), v_out = field(events[0], "v_rebound");
  const double m_eff = 0.5 * (scene.body().m + scene.body().m_o);
  const double lost = 0.5 * m_eff * (v_in * v_in - v_out * v_out);
  MESSAGE("loop " << loop.kind << " " << loop.i << "-" << loop.j << ", " << loop.penetration.size()
                  << " points, onset " << loop.onset << " s; area " << area << " J, kinetic energy lost " << lost
                  << " J; deepest " << deepest << " m (event: " << field(events[0], "max_penetration") << " m)");
  CHECK(loop.kind == "pair");
  CHECK(loop.i == 0);
  CHECK(loop.j == 1);
  CHECK(loop.onset == doctest::Approx(events[0].t).epsilon(1e-12));
  CHECK(loop.penetration.size() >= 20);
  CHECK(loop.penetration.front() < 1e-9);
  CHECK(loop.penetration.back() < 1e-9);
  CHECK(deepest == doctest::Approx(field(events[0], "max_penetration")).epsilon(1e-6));
  CHECK(area == doctest::Approx(lost).epsilon(0.01));  // trapezoids over the integrator's steps
}
