// The contact-law inspector: measured restitution against the closed form,
// the loop's work against the kinetic energy lost, and its notes.
#include <cmath>

#include <doctest/doctest.h>

#include "run/impact_inspection.h"
#include "run/simulation.h"
#include "scenes/registry.h"

namespace {

/// Two discs head-on (ellipses scene), run for `until` s.
cl::ImpactInspection head_on(const std::vector<std::pair<std::string, std::string>>& sets, double until = 2) {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  cl::ParamValues p = sim.params();
  for (const auto& [name, value] :
       std::vector<std::pair<std::string, std::string>>{{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"},
                                                        {"layout", "head_on"}, {"v_max", "5"}, {"friction", "0"}})
    REQUIRE_FALSE(p.set(name, value));
  for (const auto& [name, value] : sets) REQUIRE_FALSE(p.set(name, value));
  REQUIRE_FALSE(sim.set_params(p));
  REQUIRE_FALSE(sim.reset());
  sim.advance(until);
  return cl::inspect_impacts(sim);
}

}  // namespace

TEST_CASE("inspector: head-on discs measure the closed form, and the loop's work is the energy lost") {
  const cl::ImpactInspection in = head_on({{"law", "hunt_crossley"}, {"c_tau", "0.8"}});
  CHECK(in.law == "hunt_crossley");
  CHECK(in.asked_name == "c_tau");
  CHECK(in.asked == 0.8);
  REQUIRE(in.impacts.size() >= 1);
  const cl::InspectedImpact& pair = in.impacts.front();  // the discs meet first (t ~ 0.9 s)
  CHECK(pair.kind == "pair");
  CHECK(pair.i == 0);  // the two discs, counted from 0
  CHECK(pair.j == 1);
  // Each disc carries 1 kg + its 1 kg observer: m_eff = 1 kg for the pair.
  const double lost = 0.5 * 1.0 * pair.v_in * pair.v_in * (1 - pair.e_measured * pair.e_measured);
  MESSAGE("e measured " << pair.e_measured << " vs closed form " << in.e_closed_form << "; loop work "
                        << pair.loop_area << " J vs kinetic energy lost " << lost << " J");
  CHECK(pair.e_measured == doctest::Approx(in.e_closed_form).epsilon(1e-4));
  CHECK(pair.loop_area == doctest::Approx(lost).epsilon(0.02));  // the loop is thinned to <= 512 points
  CHECK(pair.max_penetration > 0);
  CHECK(pair.duration > 0);
  CHECK(in.notes.size() == 1);  // c_tau is not the restitution HC gives; no impact is off the closed form
}

TEST_CASE("inspector: notes say where a law cannot give what was asked, and why impacts measure off") {
  const cl::ImpactInspection hc = head_on({{"law", "hunt_crossley"}, {"c_tau", "0.3"}});
  REQUIRE_FALSE(hc.notes.empty());
  MESSAGE(hc.notes.front());
  CHECK(hc.notes.front().find("cannot give a restitution below 0.488") != std::string::npos);
  CHECK(hc.notes.front().find("Flores") != std::string::npos);

  const cl::ImpactInspection impulse = head_on({{"law", "impulse"}, {"e", "0.7"}});
  CHECK(impulse.asked_name == "e");
  REQUIRE_FALSE(impulse.impacts.empty());
  CHECK(impulse.impacts.front().e_measured == doctest::Approx(0.7).epsilon(1e-9));
  CHECK(std::isnan(impulse.impacts.front().loop_area));
  CHECK(impulse.notes.empty());

  // The seed case: random start, spin and friction, oblique hits on ellipses.
  cl::Simulation seed(cl::find_scene("ellipses")->create());
  REQUIRE_FALSE(seed.reset());
  seed.advance(3);
  const cl::ImpactInspection off = cl::inspect_impacts(seed);
  REQUIRE_FALSE(off.notes.empty());
  MESSAGE(off.notes.back());
  CHECK(off.notes.back().find("friction") != std::string::npos);
}
