// Seed 001 (scene "street"): an ellipse with an observer mass thrown onto a
// street y = s(x). Each check measures, prints, and holds the result to the
// physics it must obey within a stated tolerance:
// * a disc on a flat street under pure Hertz (c_tau = 1, no friction) is an
//   elastic bouncing ball: every flight has the same apex height
//   y + vy^2 / 2g over 20 bounces;
// * the seed's defaults: 5 s without failure or NaN, the mechanical energy
//   E_total - W_stiffness never rises, the audit E_total + E_diss -
//   W_stiffness - E_total(0) stays ~0, impacts are recorded with their loops;
// * a disc dropped into a pit of its own radius is a conformal contact: the
//   run stops with a message instead of producing NaN;
// * bad inputs are refused with a message and change nothing.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "scenes/street.h"
#include "support/scene_params.h"

namespace {

size_t column(const cl::StreetScene& scene, const std::string& name) {
  const auto specs = scene.series();
  for (size_t k = 0; k < specs.size(); ++k)
    if (specs[k].name == name) return k;
  FAIL("no series " << name);
  return 0;
}

}  // namespace

TEST_CASE("street: a disc bouncing on a flat street under Hertz keeps its apex height for 20 bounces") {
  // The Hertz force rho^{3/2} is not smooth at the onset, so each impact costs
  // the integrator more than its tolerance per step: the drift is measured at
  // the default rtol and at 1e-11 and must shrink with it.
  const double g = 9.8;
  double drift_at_default = 0;
  for (const char* rtol : {"1e-9", "1e-11"}) {
    cl::StreetScene scene;
    auto error = scene.reset(test::preset_params("street", "Disc on a flat street", {{"rtol", rtol}}));
    REQUIRE_MESSAGE(!error, error.value_or(""));
    std::vector<cl::Event> events;
    std::vector<double> apexes;  // y + vy^2 / 2g of each flight, m
    size_t impacts_seen = 0;
    while (apexes.size() < 21 && scene.time() < 60) {
      error = scene.advance_to(scene.time() + 0.01, events);
      REQUIRE_MESSAGE(!error, error.value_or(""));
      // First sample in flight after each impact (and the start): the flight's apex height.
      const cl::Coordinates Q = scene.coordinates();
      const cl::Velocities V = scene.velocities();
      if ((apexes.empty() || events.size() > impacts_seen) && Q.y() - 1 > 1e-3) {  // clear of the street (radius 1 m)
        apexes.push_back(Q.y() + V.y() * V.y() / (2 * g));
        impacts_seen = events.size();
      }
    }
    REQUIRE(apexes.size() == 21);
    double drift = 0;
    for (double h : apexes) drift = std::max(drift, std::abs(h - apexes[0]));
    double worst_restitution = 0;
    for (const cl::Event& e : events) worst_restitution = std::max(worst_restitution, std::abs(e.fields[5] - 1));
    MESSAGE("rtol " << std::string(rtol) << ": apex height " << apexes[0] << " m; max drift over 20 bounces " << drift << " m; "
                    << events.size() << " impacts, max |e - 1| " << worst_restitution << "; " << scene.step_count()
                    << " steps");
    CHECK(apexes[0] == doctest::Approx(3).epsilon(1e-12));  // dropped from rest at y0 = 3 m
    CHECK(events.size() == 20);
    if (std::string(rtol) == "1e-9") {
      drift_at_default = drift;
      CHECK(drift < 1e-5 * 3);  // measured 2.0e-6 m (flights in closed form; 1.2e-5 m integrated)
      CHECK(worst_restitution < 1e-6);
    } else {
      CHECK(drift < 1e-7);  // measured 2.0e-8 m
      // In proportion to the tolerance: measured 1/99 of the drift at 1e-9.
      CHECK(drift < 0.02 * drift_at_default);
      CHECK(worst_restitution < 1e-8);
    }
  }
}

TEST_CASE("street: the seed's defaults run 5 s with falling energy, a closed audit and recorded impacts") {
  cl::StreetScene scene;
  std::vector<cl::Event> events;
  std::vector<double> values;
  scene.sample(values);
  const size_t e_total = column(scene, "E_total"), w_k = column(scene, "W_stiffness"), audit = column(scene, "E_audit");
  const double e0 = values[e_total];
  double worst_audit = 0, worst_rise = 0, previous = e0;
  bool finite = true;
  while (scene.time() < 5 - 1e-9) {
    const auto error = scene.advance_to(scene.time() + 0.01, events);
    REQUIRE_MESSAGE(!error, error.value_or(""));
    scene.sample(values);
    for (double v : values) finite = finite && std::isfinite(v);
    worst_audit = std::max(worst_audit, std::abs(values[audit]));
    const double mechanical = values[e_total] - values[w_k];
    worst_rise = std::max(worst_rise, mechanical - previous);
    previous = mechanical;
  }
  const cl::ImpactLoopLog* log = scene.impact_loops();
  REQUIRE(log);
  MESSAGE("E_total(0) " << e0 << " J, at 5 s " << values[e_total] << " J, E_diss " << scene.dissipated_energy()
                        << " J, W_stiffness " << scene.stiffness_work() << " J; max |E_audit| " << worst_audit
                        << " J (" << worst_audit / e0 << " of E0); max rise of E_total - W_stiffness between samples "
                        << worst_rise << " J; " << events.size() << " impacts, " << log->loops().size() << " loops, "
                        << scene.step_count() << " steps, " << scene.contact_evaluations() << " contact evaluations");
  CHECK(finite);
  CHECK(worst_audit < 1e-6 * e0);
  CHECK(worst_rise < 1e-6 * e0);
  CHECK(values[e_total] < 0.6 * e0);
  REQUIRE(events.size() >= 3);
  REQUIRE(log->loops().size() >= events.size());
  for (size_t k = 0; k < events.size(); ++k) {
    const cl::ImpactLoop& loop = log->loops()[k];
    double deepest = 0, strongest = 0;
    for (size_t p = 0; p < loop.penetration.size(); ++p) {
      deepest = std::max(deepest, loop.penetration[p]);
      strongest = std::max(strongest, loop.force[p]);
    }
    MESSAGE("impact " << k << " at " << events[k].t << " s, x " << events[k].fields[0] << " m: v_impact "
                      << events[k].fields[1] << " m/s, max penetration " << events[k].fields[2] << " m, duration "
                      << events[k].fields[3] << " s, restitution " << events[k].fields[5] << "; loop of "
                      << loop.penetration.size() << " points, peak force " << strongest << " N");
    CHECK(events[k].kind == "street");
    CHECK(loop.kind == "street");
    CHECK(loop.onset == events[k].t);
    CHECK(loop.penetration.size() >= 20);
    CHECK(deepest == doctest::Approx(events[k].fields[2]).epsilon(1e-9));
    CHECK(strongest > 0);
    CHECK(events[k].fields[5] > 0.5);  // c_tau 0.9: well short of the seed's 63 % loss
    CHECK(events[k].fields[5] < 1);
  }
}

TEST_CASE("street: a conformal contact stops the run with a message, not NaN") {
  // A disc of radius 1 m dropped into a circular pit of radius 1 m: 1/R1 + 1/R2 = 0.
  cl::StreetScene scene;
  auto error = scene.reset(test::scene_params("street", {{"street", "1 - sqrt(max(1 - x^2, 0))"}, {"a", "1"},
                                                         {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"q0", "0"},
                                                         {"w0", "0"}, {"x0", "0"}, {"y0", "1.5"}, {"vy0", "0"}}));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  std::vector<cl::Event> events;
  std::optional<std::string> failure;
  while (!failure && scene.time() < 2) failure = scene.advance_to(scene.time() + 0.01, events);
  REQUIRE(failure);
  MESSAGE(*failure);
  CHECK(failure->find("conformal") != std::string::npos);
  std::vector<double> values;
  scene.sample(values);
  for (double v : values) CHECK(std::isfinite(v));
}

TEST_CASE("street: bad inputs are refused with a message and change nothing") {
  cl::StreetScene scene;
  const nlohmann::json before = scene.state_json();
  struct Case {
    std::map<std::string, std::string> values;
    const char* expected;
  };
  const Case cases[] = {
      {{{"street", "sin(x"}}, "position"},
      {{{"street", "0.1*x^2 +"}}, "position"},
      {{{"street", "log(x)"}}, "not finite"},
      {{{"street", "1/(x - 3)"}}, "not continuous"},  // a pole: s jumps from -inf to +inf
      {{{"street", "sign(x) - (12 + x)"}}, "not continuous"},  // issue 15: these hung over 117 s without a row
      {{{"street", "rint(x)"}}, "not continuous"},
      {{{"street", "x < 0 ? -5 : 0"}}, "not continuous"},
      {{{"street", "atan2(x, -1) - 5"}}, "not continuous"},
      {{{"street", "x + y"}}, "x only"},
      {{{"alpha", "0.9"}, {"beta", "0.9"}}, "outside the ellipse"},
      {{{"y0", "0.5"}}, "starts in the street"},
      {{{"x0", "60"}, {"y0", "45"}}, "starts in the street"},  // issue 15: the street is at 56.6 m there
  };
  for (const Case& c : cases) {
    const auto error = scene.reset(test::scene_params("street", c.values));
    REQUIRE(error);
    MESSAGE(c.values.begin()->first << " = " << c.values.begin()->second << " -> " << *error);
    CHECK(error->find(c.expected) != std::string::npos);
    CHECK(scene.state_json() == before);
  }
  // Negative masses and moduli never reach the scene: the parameter list refuses them.
  cl::ParamValues p(cl::street_description().params);
  for (const char* name : {"m", "m_o", "E_e", "E_s", "a"}) {
    const auto error = p.set(name, "-1");
    REQUIRE(error);
    MESSAGE(std::string(name) << " = -1 -> " << *error);
  }
  CHECK(p == cl::ParamValues(cl::street_description().params));
  // A typed street the ellipse then lands on.
  const auto error = scene.reset(test::preset_params("street", "Drop into a valley"));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  CHECK(scene.street().text() == "0.1*x^2");
  std::vector<cl::Event> events;
  REQUIRE(!scene.advance_to(2, events));
  CHECK(!events.empty());
}

TEST_CASE("street: a saved state reloads into a fresh scene and the run goes on the same") {
  // Saved at t = 1 s, after the first impact and in flight until ~2.4 s.
  cl::StreetScene original;
  auto error = original.reset(test::scene_params("street", {}));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  std::vector<cl::Event> events;
  error = original.advance_to(1.0, events);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  REQUIRE(events.size() == 1);
  const nlohmann::json saved = original.state_json();

  cl::StreetScene reloaded;
  error = reloaded.reset(test::scene_params("street", {}));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = reloaded.load_state_json(saved);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  CHECK(reloaded.time() == 1.0);
  for (cl::StreetScene* scene : {&original, &reloaded}) {
    error = scene->advance_to(2.0, events);
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
  std::vector<double> a, b;
  original.sample(a);
  reloaded.sample(b);
  double worst = 0;
  for (const char* name : {"x", "y", "q", "vx", "vy", "w"}) {
    const size_t k = column(original, name);
    worst = std::max(worst, std::abs(a[k] - b[k]));
  }
  MESSAGE("state saved at 1 s and reloaded: coordinates and velocities at 2 s differ by " << worst);
  CHECK(worst < 1e-8);  // two integrations of the same flight at rtol 1e-9

  // A state inside the street, or not a state at all, is refused and changes nothing.
  nlohmann::json sunk = saved;
  sunk["y"] = -5.0;
  const auto refused = reloaded.load_state_json(sunk);
  REQUIRE(refused);
  MESSAGE("refused: " << *refused);
  CHECK(reloaded.load_state_json(nlohmann::json::parse(R"({"x": "left"})")));
  CHECK(reloaded.time() == 2.0);
}

TEST_CASE("street: a row of four discs hits the street and each other, the audit closes, and a state of four reloads") {
  cl::StreetScene scene;
  cl::ParamValues params = test::scene_params("street", {});
  for (const cl::Preset& preset : scene.presets(params))
    if (preset.id == "discs") test::set_all(params, preset.values);
  REQUIRE(params.integer("count") == 4);
  auto error = scene.reset(params);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  const double e0 = scene.kinetic_energy() + scene.potential_energy() + scene.spring_energy();  // J
  // Saved in flight (a state with a contact closed cannot start: the world starts apart), reloaded, run on alike.
  std::vector<cl::Event> events;
  error = scene.advance_to(0.3, events);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  const nlohmann::json saved = scene.state_json();
  REQUIRE(saved["bodies"].size() == 4);
  cl::StreetScene reloaded;
  REQUIRE_FALSE(reloaded.reset(params));
  error = reloaded.load_state_json(saved);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  std::vector<cl::Event> reloaded_events;
  REQUIRE_FALSE(reloaded.advance_to(4.0, reloaded_events));
  error = scene.advance_to(4.0, events);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  std::map<std::string, int> kinds;
  for (const cl::Event& e : events) ++kinds[e.kind];
  MESSAGE("four discs, 4 s: " << kinds["street"] << " street impacts, " << kinds["pair"] << " pair impacts, audit residual "
                              << scene.energy_audit() << " J of " << e0 << " J");
  CHECK(kinds["street"] >= 4);
  CHECK(kinds["pair"] >= 1);
  const size_t field_i = scene.description().event_fields.size() - 2;  // the bodies, after the impact's fields
  for (const cl::Event& e : events) {
    if (e.kind != "pair") continue;
    CHECK(e.fields[field_i] >= 0);
    CHECK(e.fields[field_i + 1] > e.fields[field_i]);
  }
  CHECK(std::abs(scene.energy_audit()) <= 1e-4 * std::abs(e0));
  CHECK(events.size() == reloaded_events.size());
  std::vector<double> a, b;
  scene.sample(a);
  reloaded.sample(b);
  double worst = 0;
  for (const char* name : {"x", "y", "vx", "x1", "y1", "vx1", "x2", "y2", "x3", "y3", "vx3"})
    worst = std::max(worst, std::abs(a[column(scene, name)] - b[column(reloaded, name)]));
  MESSAGE("saved at 0.3 s and reloaded: the four discs at 4 s differ by " << worst);
  CHECK(worst < 1e-6);  // two integrations from the same state at rtol 1e-9, through 20 impacts

  // Four bodies 0.9 m apart with radius 0.5 m overlap: refused, naming the pair, and nothing changes.
  cl::ParamValues crowded = params;
  test::set_all(crowded, {{"spacing", "0.9"}});
  const auto refused = reloaded.reset(crowded);
  REQUIRE(refused);
  MESSAGE("refused: " << *refused);
  CHECK(refused->find("1") != std::string::npos);
  CHECK(reloaded.time() == 4.0);
}
