// Ellipses inside a typed wall f(x, y) = 0 (scene "ellipses", boundary =
// typed): the world's ellipse–typed-wall pair, run by the same stepping loop
// as the circular wall. Each check measures, prints, and holds to a stated
// tolerance:
// * a circle typed as x² + y² − R² gives the run of the circular wall of
//   radius R from the same state: the typed wall's distance is exact to
//   ~1e-12 m on a smooth curve, so the two runs have the same impacts and
//   differ by no more than the integration error;
// * in a diamond |x| + |y| = 8 (four corners) under Hunt–Crossley with
//   friction the energy audit closes and no body gets through the wall;
// * pure Hertz without friction in the typed oval keeps the energy.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "scenes/registry.h"
#include "support/scene_params.h"

namespace {

const cl::EllipsesScene& ellipses_of(const cl::Simulation& sim) {
  return dynamic_cast<const cl::EllipsesScene&>(sim.scene());
}

cl::Simulation simulation(const test::Values& values) {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  auto error = sim.set_params(test::scene_params("ellipses", values));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = sim.reset();
  REQUIRE_MESSAGE(!error, error.value_or(""));
  return sim;
}

size_t events_of_kind(const cl::Simulation& sim, const std::string& kind) {
  size_t count = 0;
  for (const cl::Event& e : sim.events().events()) count += e.kind == kind;
  return count;
}

/// Largest |E_audit| over the recorded samples, relative to E0.
double worst_audit(const cl::Simulation& sim, double e0) {
  const auto& s = sim.series();
  const auto& names = s.names();
  const size_t audit = std::find(names.begin(), names.end(), "E_audit") - names.begin();
  double worst = 0;
  for (size_t k = 0; k < s.size(); ++k) worst = std::max(worst, std::abs(s.at(audit, k)) / e0);
  return worst;
}

}  // namespace

/// Largest distance between the bodies' centres (m) and angles (rad) of two runs.
std::pair<double, double> largest_difference(const cl::Simulation& one, const cl::Simulation& other) {
  const cl::EllipsesScene& a = ellipses_of(one);
  const cl::EllipsesScene& b = ellipses_of(other);
  double position = 0, angle = 0;
  for (size_t i = 0; i < a.body_count(); ++i) {
    position = std::max(position, (a.coordinates(i).head<2>() - b.coordinates(i).head<2>()).norm());
    angle = std::max(angle, std::abs(a.coordinates(i).z() - b.coordinates(i).z()));
  }
  return {position, angle};
}

TEST_CASE("ellipses in a typed wall: a typed circle runs as the circular wall") {
  // One system with one step, so the step counts compare the walls' geometry alone.
  cl::Simulation circle = simulation({{"stepping", "global"}});
  cl::Simulation typed =
      simulation({{"boundary", "typed"}, {"wall", "x^2 + y^2 - 6.5^2"}, {"view", "8"}, {"stepping", "global"}});
  // The integration error of the circular run: the same start at a 100 times tighter tolerance.
  cl::Simulation reference = simulation({{"rtol", "1e-11"}, {"stepping", "global"}});
  // The same start: the circular run's state loaded into the typed one.
  const auto error = typed.load_state(circle.scene().state_json());
  REQUIRE_MESSAGE(!error, error.value_or(""));
  for (cl::Simulation* sim : {&circle, &typed, &reference}) {
    sim->advance(2);
    REQUIRE_MESSAGE(!sim->failed(), sim->failure());
  }
  const auto [position, angle] = largest_difference(circle, typed);
  const auto [position_error, angle_error] = largest_difference(circle, reference);
  const size_t walls_a = events_of_kind(circle, "wall"), walls_b = events_of_kind(typed, "wall");
  const size_t pairs_a = events_of_kind(circle, "pair"), pairs_b = events_of_kind(typed, "pair");
  std::printf("typed circle vs circular wall, seed case, 2 s: %zu/%zu wall and %zu/%zu pair impacts; largest "
              "difference %.2e m in position, %.2e rad in angle (the circular run's own integration error at rtol "
              "1e-9: %.2e m, %.2e rad); %lld vs %lld steps\n",
              walls_a, walls_b, pairs_a, pairs_b, position, angle, position_error, angle_error,
              circle.scene().step_count(), typed.scene().step_count());
  CHECK(walls_a > 0);
  CHECK(walls_a == walls_b);
  CHECK(pairs_a == pairs_b);
  // The typed circle's distance is exact to ~1e-12 m: the runs differ by no more than the integration error.
  CHECK(position <= 3 * position_error);
  CHECK(angle <= 3 * angle_error);
  CHECK(typed.scene().step_count() <= 1.2 * circle.scene().step_count());  // its radius of curvature is smooth
}

TEST_CASE("ellipses in a typed wall: a diamond's corners keep the bodies in and the audit closed") {
  cl::Simulation sim = simulation({{"boundary", "typed"}, {"wall", "abs(x) + abs(y) - 8"}, {"view", "10"}, {"n", "3"},
                                   {"a", "1"}, {"b", "0.6"}, {"v_max", "8"}, {"w_max", "4"}, {"c_tau", "0.8"}});
  const cl::EllipsesScene& scene = ellipses_of(sim);
  const double e0 = scene.kinetic_energy();
  double deepest = 0;  // largest penetration into the wall over the samples, m
  for (int k = 0; k < 500; ++k) {
    sim.advance(0.01);
    REQUIRE_MESSAGE(!sim.failed(), sim.failure());
    for (size_t i = 0; i < scene.body_count(); ++i)
      deepest = std::max(deepest, -scene.world().exact_gap(static_cast<int>(i), -1));
  }
  const double audit = worst_audit(sim, e0);
  const size_t walls = events_of_kind(sim, "wall");
  std::printf("3 ellipses in the diamond |x| + |y| = 8, HC c_tau 0.8, 5 s: %zu wall and %zu pair impacts; E(5 s) / E0 "
              "= %.4f; deepest penetration %.2e m (b = 0.6 m); max |E_audit| %.2e of E0\n",
              walls, events_of_kind(sim, "pair"), (scene.kinetic_energy() + scene.spring_energy()) / e0, deepest, audit);
  CHECK(walls >= 10);
  CHECK(deepest < 0.1 * 0.6);  // no tunnelling: the compliant contact's penetration stays small against the body
  CHECK(audit <= 1e-5);         // the circular wall's bound at the default rtol
  CHECK(scene.kinetic_energy() + scene.spring_energy() < 0.9 * e0);
}

TEST_CASE("ellipses in a typed wall: pure Hertz without friction keeps the energy in the oval") {
  cl::Simulation sim = simulation({{"boundary", "typed"}, {"n", "2"}, {"a", "1.5"}, {"b", "0.8"}, {"law", "hertz"},
                                   {"c_tau", "1"}, {"friction", "0"}});
  const cl::EllipsesScene& scene = ellipses_of(sim);
  const double e0 = scene.kinetic_energy();
  sim.advance(5);
  REQUIRE_MESSAGE(!sim.failed(), sim.failure());
  const double drift = std::abs(scene.kinetic_energy() + scene.spring_energy() - scene.stiffness_work() - e0) / e0;
  const size_t walls = events_of_kind(sim, "wall");
  std::printf("2 ellipses in the oval x^2/81 + y^2/36 = 1, Hertz, no friction, 5 s: %zu wall impacts; |E - W_k - E0| "
              "/ E0 = %.2e; dissipated %.2e J\n",
              walls, drift, scene.dissipated_energy());
  CHECK(walls >= 5);
  CHECK(drift <= 1e-6);
  CHECK(std::abs(scene.dissipated_energy()) <= 1e-9 * e0);
}

TEST_CASE("ellipses in a typed wall: the implicit scene's balls under gravity, under every compliant law") {
  // Preset "Balls in a typed wall": five discs of radius 0.3 m, g = 9.8, the circle of 15 m.
  std::printf("\nfive discs under gravity in the typed circle x^2 + y^2 = 15^2, 5 s:\n%-20s %8s %8s %16s %16s %14s\n",
              "law", "walls", "pairs", "max |E_audit|/E0", "E(5 s) / E0", "deepest (m)");
  for (const char* law : {"hunt_crossley", "hertz", "lankarani_nikravesh", "flores", "linear", "impulse"}) {
    cl::Simulation sim(cl::find_scene("ellipses")->create());
    auto error = sim.set_params(test::preset_params("ellipses", "Balls in a typed wall", {{"law", law}}));
    REQUIRE_MESSAGE(!error, error.value_or(""));
    error = sim.reset();
    REQUIRE_MESSAGE(!error, error.value_or(""));
    const cl::EllipsesScene& scene = ellipses_of(sim);
    const cl::World& world = scene.world();
    const double lift = 9.8 * 15 * 5;  // J: n m g R, so the energies count from the wall's lowest point
    const double e0 = world.kinetic_energy() + world.potential_energy() + lift;
    double deepest = 0;
    for (int k = 0; k < 500; ++k) {
      sim.advance(0.01);
      REQUIRE_MESSAGE(!sim.failed(), law << ": " << sim.failure());
      for (size_t i = 0; i < scene.body_count(); ++i)
        deepest = std::max(deepest, -world.exact_gap(static_cast<int>(i), -1));
    }
    const auto& s = sim.series();
    const auto& names = s.names();
    const size_t audit = std::find(names.begin(), names.end(), "E_audit") - names.begin();
    const size_t total = std::find(names.begin(), names.end(), "E_total") - names.begin();
    double worst = 0;
    for (size_t k = 0; k < s.size(); ++k) worst = std::max(worst, std::abs(s.at(audit, k)) / e0);
    const double e_end = (s.at(total, s.size() - 1) + lift) / e0;
    std::printf("%-20s %8zu %8zu %16.2e %16.4f %14.2e\n", law, events_of_kind(sim, "wall"), events_of_kind(sim, "pair"),
                worst, e_end, deepest);
    CAPTURE(law);
    CHECK(events_of_kind(sim, "wall") >= 5);
    CHECK(worst <= 1e-6);       // the audit closes under every law (default rtol)
    CHECK(deepest < 0.1 * 0.3);  // no ball gets through the wall
  }
}
