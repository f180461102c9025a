// Fitting contact parameters to a bouncing ball (fit/): the pile's
// "Bouncing ball (phyphox)" preset against bounce times and heights the
// engine made with known parameters. Proves the onsets the fit reads, that
// c_τ comes back without noise, e from the shipped phyphox-format file,
// c_τ from the shipped Tracker-format file, the warning when stiffness and
// c_τ are fitted from bounce times alone, and the coverage of the standard
// errors over 100 noise draws.
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include <doctest/doctest.h>

#include "fit/fit_mapping.h"
#include "fit/least_squares_fit.h"
#include "fit/run_residuals.h"
#include "io/measured_table.h"
#include "run/simulation.h"
#include "scenes/registry.h"
#include "support/scene_params.h"

namespace {

const char* const kPreset = "bouncing_ball";

cl::RunFit bounce_fit(const test::Values& extra, std::vector<std::string> varied) {
  return {cl::find_scene("pile")->create, test::preset_params("pile", kPreset, extra), std::move(varied),
          {cl::FitTarget::Kind::EventTimes, "bounce", {}, {}}};
}

/// The first `n` bounce onsets (s) of the preset with `extra`.
std::vector<double> bounce_times(const test::Values& extra, size_t n) {
  cl::Simulation sim(cl::find_scene("pile")->create());
  REQUIRE_FALSE(sim.set_params(test::preset_params("pile", kPreset, extra)));
  REQUIRE_FALSE(sim.reset());
  std::vector<double> times;
  sim.on_event = [&](const cl::Event& e) {
    if (e.kind == "bounce" && times.size() < n) times.push_back(e.t);
  };
  while (times.size() < n && sim.time() < 20) sim.advance(0.1);
  REQUIRE(times.size() == n);
  return times;
}

cl::FitResult fit(const cl::RunFit& run, const std::vector<cl::FitParameter>& parameters) {
  cl::FitOptions options;
  options.jobs = 2;
  options.nuisance_parameters = run.nuisance_parameters();
  return cl::fit_least_squares(
      [&run](const std::vector<double>& v, Eigen::VectorXd& r) { return run.residuals(v, r); }, parameters, options);
}

cl::MeasuredTable shipped(const std::string& name) {
  std::ifstream in(std::string(CONTACTLAB_TESTS_DIR) + "/../assets/measured/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const cl::MeasuredTableParse parsed = cl::parse_measured_table(text.str());
  INFO(parsed.error);
  REQUIRE(parsed.table);
  return *parsed.table;
}

void map_shipped(cl::RunFit& run, const std::string& file, const std::string& map) {
  std::vector<cl::ColumnMapping> mappings;
  REQUIRE_FALSE(cl::parse_column_mappings(map, mappings));
  const auto scene = run.create();
  std::vector<std::string> notes;
  const auto error = cl::read_fit_target(shipped(file), mappings, scene->description(), scene->series(), run.target, notes);
  INFO(error.value_or(""));
  REQUIRE_FALSE(error);
}

}  // namespace

TEST_CASE("fit: the ball's first bounce begins when it has fallen h - r, at sqrt(2 g (h - r))") {
  cl::Simulation sim(cl::find_scene("pile")->create());
  REQUIRE_FALSE(sim.set_params(test::preset_params("pile", kPreset)));
  REQUIRE_FALSE(sim.reset());
  std::vector<cl::Event> bounces;
  sim.on_event = [&](const cl::Event& e) { bounces.push_back(e); };
  sim.advance(0.3);
  REQUIRE(bounces.size() == 1);
  const double fall = 0.3 - 0.02, g = 9.81;  // m, m/s²
  const double t = std::sqrt(2 * fall / g), v = std::sqrt(2 * g * fall);
  MESSAGE("onset " << bounces[0].t << " s (free fall " << t << "), approach " << bounces[0].fields[0] << " m/s (" << v
                   << ")");
  CHECK(bounces[0].t == doctest::Approx(t).epsilon(1e-6));        // the step's interpolation: within (10 µs)² g
  CHECK(bounces[0].fields[0] == doctest::Approx(v).epsilon(1e-4));  // the speed a step into the contact
}

TEST_CASE("fit: c_tau comes back from noise-free bounce times within 1e-3") {
  cl::RunFit run = bounce_fit({}, {"c_tau"});
  run.target.times = bounce_times({{"c_tau", "0.85"}}, 10);
  const cl::FitResult result = fit(run, {{"c_tau", 0.3, 1, false, 0.6}});
  MESSAGE("c_tau = " << result.values[0] << " (true 0.85) after " << result.evaluations << " runs");
  CHECK(result.outcome == cl::FitOutcome::Converged);
  CHECK(std::abs(result.values[0] - 0.85) < 1e-3);
}

TEST_CASE("fit: e = 0.8 from the shipped phyphox-format file of bounce times (1 ms timing noise)") {
  cl::RunFit run = bounce_fit({{"law", "impulse"}}, {"e", "emit_height"});
  map_shipped(run, "bouncing_ball_phyphox.csv", "Time=bounce");
  CHECK(run.target.times.size() == 13);
  const cl::FitResult result = fit(run, {{"e", 0.5, 1, false, 0.6}, {"emit_height", 0.1, 1, false, 0.5}});
  MESSAGE("e = " << result.values[0] << " ± " << result.standard_errors[0] << ", drop height " << result.values[1]
                 << " ± " << result.standard_errors[1] << " m, timing residuals " << result.sigma * 1e3 << " ms");
  CHECK(result.outcome == cl::FitOutcome::Converged);
  CHECK(std::abs(result.values[0] - 0.8) < 0.005);
  CHECK(result.sigma == doctest::Approx(1e-3).epsilon(0.5));  // the noise it was made with
}

TEST_CASE("fit: c_tau = 0.9 from the shipped Tracker-format file of heights (1 mm noise, 60 frames/s)") {
  cl::RunFit run = bounce_fit({}, {"c_tau", "emit_height"});
  map_shipped(run, "bouncing_ball_tracker.txt", "t=t,y=com_height");
  const cl::FitResult result = fit(run, {{"c_tau", 0.5, 1, false, 0.7}, {"emit_height", 0.1, 1, false, 0.4}});
  MESSAGE("c_tau = " << result.values[0] << " ± " << result.standard_errors[0] << ", drop height "
                     << result.values[1] << " m, height residuals " << result.sigma * 1e3 << " mm");
  CHECK(result.outcome == cl::FitOutcome::Converged);
  CHECK(std::abs(result.values[0] - 0.9) < 0.005);
  CHECK(result.sigma == doctest::Approx(1e-3).epsilon(0.5));
}

TEST_CASE("fit: stiffness and c_tau from bounce times alone trade off, and the fit says so") {
  cl::RunFit run = bounce_fit({}, {"k_h", "c_tau"});
  run.target.times = bounce_times({}, 10);
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 1e-3);
  for (double& t : run.target.times) t += noise(rng);
  const cl::FitResult result = fit(run, {{"k_h", 1e4, 1e8, true, 1e5}, {"c_tau", 0.5, 1, false, 0.7}});
  MESSAGE("k_h = " << result.values[0] << ", c_tau = " << result.values[1] << ", correlation "
                   << result.correlation(0, 1));
  bool warned = false;
  for (const cl::FitWarning& w : result.warnings)
    warned |= (w.kind == cl::FitWarning::Kind::TradeOff || w.kind == cl::FitWarning::Kind::Singular ||
               w.kind == cl::FitWarning::Kind::NoEffect) && (w.i == 0 || w.j == 0);
  CHECK(warned);
}

TEST_CASE("fit: over 100 draws of 1 mm noise on video heights, the true values lie within 2 standard errors 90-99 times") {
  // Heights as a tracked video gives them (60 frames/s for 1.5 s, 90
  // points), of a softer, coarser ball than the preset's (k_h 1e5: impacts
  // of ~2 ms, steps of 50 µs; a run takes ~5 ms, the statistics do not
  // depend on it). With σ estimated from 88 degrees of freedom, "within 2
  // standard errors" holds with probability 95 %.
  const double c_tau = 0.85, height = 0.3;  // the truth (–, m)
  cl::RunFit run = bounce_fit({{"k_h", "100000"}, {"dt", "0.00005"}}, {"c_tau", "emit_height"});
  run.target = {cl::FitTarget::Kind::Series, "com_height", {}, {}};
  for (int frame = 0; frame < 90; ++frame) run.target.times.push_back(frame / 60.0);
  std::vector<double> clean;
  REQUIRE_FALSE(run.model_at_data({c_tau, height}, clean));
  std::mt19937_64 rng(20261129);
  std::normal_distribution<double> noise(0, 1e-3);
  int covered_c_tau = 0, covered_height = 0, converged = 0;
  const int draws = 100;
  for (int draw = 0; draw < draws; ++draw) {
    run.target.values = clean;
    for (double& y : run.target.values) y += noise(rng);
    const cl::FitResult result = fit(run, {{"c_tau", 0.5, 1, false, 0.7}, {"emit_height", 0.1, 1, false, 0.4}});
    converged += result.outcome == cl::FitOutcome::Converged;
    covered_c_tau += std::abs(result.values[0] - c_tau) <= 2 * result.standard_errors[0];
    covered_height += std::abs(result.values[1] - height) <= 2 * result.standard_errors[1];
  }
  MESSAGE("converged " << converged << "/" << draws << "; true value within 2 standard errors: c_tau " << covered_c_tau
                       << ", drop height " << covered_height << " (95 expected)");
  CHECK(converged == draws);
  CHECK(covered_c_tau >= 90);
  CHECK(covered_c_tau <= 99);
  CHECK(covered_height >= 90);
  CHECK(covered_height <= 99);
}
