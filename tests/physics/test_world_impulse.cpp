// The impulse law of the world (law = impulse, restitution e) in the scenes
// built on it. Each check measures, prints and holds to a stated tolerance:
// * two discs head-on rebound at exactly e times the closing speed, and the
//   energy lost, (1 - e²)/2 m_eff v², lands in E_diss (the audit closes);
// * spinning ellipses with observer masses: every pair impulse keeps the
//   linear momentum, and every impact's measured restitution is e (the
//   generalized impulse through the mass matrix, rotation included);
// * the street with e = 1 keeps the energy over 10 s of bounces;
// * the street with e = 0.5: the bounces come ever faster as the ellipse
//   settles (a Zeno series, which impulses cannot end); the run stops
//   there, at once, saying why.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include <doctest/doctest.h>

#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "scenes/registry.h"
#include "scenes/street.h"
#include "support/scene_params.h"

namespace {

cl::Simulation simulation(const std::string& scene, const cl::ParamValues& params) {
  cl::Simulation sim(cl::find_scene(scene)->create());
  auto error = sim.set_params(params);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = sim.reset();
  REQUIRE_MESSAGE(!error, error.value_or(""));
  return sim;
}

double field(const cl::Simulation& sim, const cl::Event& e, const std::string& name) {
  const auto& fields = sim.description().event_fields;
  return e.fields[std::find(fields.begin(), fields.end(), name) - fields.begin()];
}

}  // namespace

TEST_CASE("impulse: two discs head-on rebound at e exactly, the lost energy in E_diss") {
  std::printf("\nimpulse law, two discs head-on closing at 10 m/s (m_eff = 1 kg):\n%6s %14s %14s %14s\n", "e",
              "measured e", "E_diss (J)", "(1-e^2)/2 m v^2");
  for (double e : {0.0, 0.5, 0.8, 1.0}) {
    cl::Simulation sim = simulation(
        "ellipses", test::preset_params("ellipses", "Two discs head-on", {{"law", "impulse"}, {"e", std::to_string(e)}}));
    sim.advance(1);  // the pair meets at 0.88 s; the wall is farther
    REQUIRE_MESSAGE(!sim.failed(), sim.failure());
    REQUIRE(sim.events().events().size() == 1);
    const cl::Event& impact = sim.events().events().front();
    const auto& scene = dynamic_cast<const cl::EllipsesScene&>(sim.scene());
    const double measured = field(sim, impact, "restitution"), lost = 0.5 * (1 - e * e) * 1.0 * 10 * 10;
    std::printf("%6.2f %14.12f %14.10f %14.10f\n", e, measured, scene.dissipated_energy(), lost);
    CHECK(field(sim, impact, "v_impact") == doctest::Approx(10).epsilon(1e-9));
    CHECK(std::abs(measured - e) <= 1e-12);
    CHECK(std::abs(scene.dissipated_energy() - lost) <= 1e-9 * 50);
    CHECK(std::abs(scene.kinetic_energy() + scene.dissipated_energy() - 50) <= 1e-9 * 50);
  }
}

TEST_CASE("impulse: spinning ellipses keep momentum through pair impulses and get e at every impact") {
  cl::Simulation sim = simulation("ellipses", test::preset_params("ellipses", "Billiard break",
                                                                  {{"law", "impulse"}, {"e", "0.9"}, {"w_max", "0"}}));
  const auto& scene = dynamic_cast<const cl::EllipsesScene&>(sim.scene());
  const Eigen::Vector2d p0 = scene.linear_momentum();
  const double e0 = scene.kinetic_energy();
  double worst_momentum = 0, worst_e = 0;
  size_t pairs = 0, seen = 0;
  bool wall_hit = false;
  while (sim.time() < 2 && !wall_hit) {
    sim.advance(0.001);
    REQUIRE_MESSAGE(!sim.failed(), sim.failure());
    const auto& events = sim.events().events();
    for (; seen < events.size(); ++seen) {
      worst_e = std::max(worst_e, std::abs(field(sim, events[seen], "restitution") - 0.9));
      if (events[seen].kind == "wall") wall_hit = true;
      else ++pairs;
    }
    if (!wall_hit) worst_momentum = std::max(worst_momentum, (scene.linear_momentum() - p0).norm() / p0.norm());
  }
  const double audit = std::abs(scene.kinetic_energy() + scene.dissipated_energy() - e0) / e0;
  std::printf("impulse law, billiard break of 20 ellipses, e = 0.9: %zu pair impacts before the first wall hit at "
              "%.3f s; largest |dp| / p0 %.2e; largest |e_measured - e| %.2e; |E_kin + E_diss - E0| / E0 %.2e\n",
              pairs, sim.time(), worst_momentum, worst_e, audit);
  CHECK(pairs >= 10);
  CHECK(worst_momentum <= 1e-12);
  CHECK(worst_e <= 1e-9);
  CHECK(audit <= 1e-12);
}

TEST_CASE("impulse: the street with e = 1 keeps the energy; with e = 0.5 the settling stops the run at once") {
  {
    cl::Simulation sim = simulation("street", test::scene_params("street", {{"law", "impulse"}, {"e", "1"}}));
    const auto& scene = dynamic_cast<const cl::StreetScene&>(sim.scene());
    sim.advance(10);
    REQUIRE_MESSAGE(!sim.failed(), sim.failure());
    const double e0 = scene.kinetic_energy() + scene.potential_energy() + scene.dissipated_energy();
    const double drift = std::abs(scene.energy_audit()) / e0;
    std::printf("impulse law, the seed's street, e = 1, 10 s: %zu impacts; |E_audit| / E %.2e\n",
                sim.events().events().size(), drift);
    CHECK(sim.events().events().size() >= 5);
    CHECK(drift <= 1e-9);
  }
  {
    cl::Simulation sim = simulation("street", test::scene_params("street", {{"law", "impulse"}, {"e", "0.5"}}));
    const auto start = std::chrono::steady_clock::now();
    sim.advance(10);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("impulse law, the seed's street, e = 0.5: stopped at t = %.4f s after %zu impacts (%.3f s of CPU): %s\n",
                sim.time(), sim.events().events().size(), seconds, sim.failure().c_str());
    REQUIRE(sim.failed());
    CHECK(sim.failure().find("impulse contact cannot hold") != std::string::npos);
    CHECK(sim.time() < 10);
  }
}
