// Questions measured on a run (run/question_meter.h): each answer is the run
// summary or a series at the question's time, from the run's own start; a
// question asked before its time has no answer, one whose quantity has none
// yet (no impact) is taken as NaN; a new start measures afresh.
#include <cmath>

#include <doctest/doctest.h>

#include "run/question_meter.h"
#include "run/simulation.h"
#include "scenes/registry.h"
#include "support/scene_params.h"

namespace {

/// Two equal discs head-on (the preset), the impulse law with restitution `e`, no friction.
cl::Simulation head_on(const std::string& e) {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  sim.set_sample_interval(0.005);  // the app's
  cl::ParamValues p = test::scene_params("ellipses", {{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"},
                                                       {"layout", "head_on"}, {"v_max", "5"}, {"friction", "0"},
                                                       {"g", "0"}, {"law", "impulse"}, {"e", e}});
  REQUIRE(!sim.set_params(p));
  REQUIRE(!sim.reset());
  return sim;
}

/// Hooks `meter` to `sim` as the app does: a new meter at every start.
void watch(cl::Simulation& sim, std::optional<cl::QuestionMeter>& meter, const std::vector<cl::Question>& questions) {
  sim.on_start = [&] { meter.emplace(sim.scene(), questions); };
  sim.on_event = [&](const cl::Event& e) { meter->observe(e); };
  sim.on_sample = [&](const std::vector<double>& s) { meter->sample(sim.scene(), s); };
  sim.on_start();
}

}  // namespace

TEST_CASE("a question's quantity is a run-summary quantity or a series; another is refused, named with the known ones") {
  cl::Simulation sim = head_on("0.7");
  const std::vector<cl::SeriesSpec> known = cl::question_quantities(sim.scene());
  for (const char* name : {"e_first", "max_penetration", "E_lost", "t_first_event", "x0", "vx1"})
    CHECK_MESSAGE(!cl::question_problem({"?", name, 1, 0.1}, known), name);
  for (const char* name : {"t", "e_last", "x7"}) {
    const std::optional<std::string> problem = cl::question_problem({"?", name, 1, 0.1}, known);
    REQUIRE(problem);
    MESSAGE(*problem);
    CHECK(problem->find(std::string("'") + name + "' is not measured in this scene") != std::string::npos);
    CHECK(problem->find("e_first, ") != std::string::npos);
  }
}

TEST_CASE("the answers are the run's restitution, energy lost and free flight at the questions' times") {
  const double e = 0.7;
  cl::Simulation sim = head_on("0.7");
  std::vector<double> start;
  sim.scene().sample(start);
  const std::vector<cl::SeriesSpec> series = sim.scene().series();
  const double x0 = start[*cl::find_series(series, "x0")], v = start[*cl::find_series(series, "vx0")];
  const double energy = start[*cl::find_series(series, "E_total")];
  const double t_hit = (-x0 - 1) / v;  // the discs (radius 1 m) meet at x = -1 m and 1 m
  MESSAGE("x0 = " << x0 << " m, v = " << v << " m/s, impact at " << t_hit << " s, energy " << energy << " J");
  REQUIRE(t_hit > 0.2);

  std::optional<cl::QuestionMeter> meter;
  const std::vector<cl::Question> questions = {{"restitution too early", "e_first", 0.2, 0.05},
                                               {"where is disc 1?", "x0", 0.2, 0.01},
                                               {"restitution", "e_first", 2 * t_hit, 0.05},
                                               {"energy lost", "E_lost", 2 * t_hit, 0.1}};
  watch(sim, meter, questions);
  sim.advance_on_grid(0.1);
  CHECK(!meter->readings()[0].taken);  // not yet at 0.2 s
  sim.advance_on_grid(0.2);
  const auto& r = meter->readings();
  CHECK(r[0].taken);
  CHECK(std::isnan(r[0].value));  // no impact by 0.2 s: no restitution
  CHECK(r[1].taken);
  CHECK(r[1].value == doctest::Approx(x0 + 0.2 * v).epsilon(1e-9));  // free flight
  CHECK(r[1].quantity.unit == "m");
  CHECK(!r[2].taken);
  sim.advance_on_grid(2 * t_hit);
  REQUIRE(meter->readings()[2].taken);
  MESSAGE("e_first measured " << meter->readings()[2].value << " (e = " << e << "), E_lost "
                              << meter->readings()[3].value << " J (closed form " << (1 - e * e) * energy << " J)");
  CHECK(meter->readings()[2].value == doctest::Approx(e).epsilon(1e-9));
  // Equal masses meeting head-on lose (1 - e²) of their kinetic energy, all of it here.
  CHECK(meter->readings()[3].value == doctest::Approx((1 - e * e) * energy).epsilon(1e-6));

  // A new start measures afresh.
  REQUIRE(!sim.reset());
  CHECK(!meter->readings()[1].taken);
  sim.advance_on_grid(0.2);
  CHECK(meter->readings()[1].value == doctest::Approx(x0 + 0.2 * v).epsilon(1e-9));
}
