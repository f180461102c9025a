// Seed 004: a mass on a thread of length L that can go slack. Every check
// here measures a quantity, prints it, and compares it with a closed form
// derived below, within a stated tolerance.
//
// Closed forms (mass m, thread length L, gravity g, phi from the downward
// vertical, speed v0 at the lowest point):
//   energy while taut:   v^2 = v0^2 - 2 g L (1 - cos phi)
//   tension:             T = m (v^2 / L + g cos phi) = m (v0^2/L - 2 g + 3 g cos phi)
//   slack (T = 0):       cos phi_s = (2 g L - v0^2) / (3 g L),  v_s^2 = -g L cos phi_s
//     (slack happens for 2 g L < v0^2 < 5 g L)
//   olympiad case v0^2 = g L (2 + sqrt 3): cos phi_s = -1/sqrt 3 (125.26 deg),
//     v_s^2 = g L / sqrt 3; the free parabola from there passes through the
//     nail, where by energy v^2 = v_s^2 + 2 g (L / sqrt 3) = sqrt 3 g L.
//   slack time:          t_s = integral_0^phi_s L dphi / sqrt(v0^2 - 2 g L (1 - cos phi))
//     (the integrand is smooth: the speed stays >= v_s > 0 on the way)
//   snap taut with thread restitution e: the radial velocity v_r is reversed
//     and scaled by e, so speed_after^2 = speed^2 - (1 - e^2) v_r^2 and the
//     energy drops by (1 - e^2) m v_r^2 / 2.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "core/simulation.h"
#include "scenes/pendulum.h"

namespace {

constexpr double kL = 1.1, kG = 10;
const double kPi = std::acos(-1.0);

cl::ParamValues pendulum_params(const std::map<std::string, std::string>& values) {
  cl::ParamValues p(cl::pendulum_description().params);
  for (const auto& [name, value] : values) {
    const auto error = p.set(name, value);
    REQUIRE_MESSAGE(!error, *error);
  }
  return p;
}

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

/// v0 for v0^2 = k g L.
double v0_for(double k) { return std::sqrt(k * kG * kL); }

struct Sample {
  double t, x, y, r, phi, vx, vy, speed, tension, taut, e_kin, e_pot, e_total;
};
Sample sample_of(const cl::Scene& scene) {
  std::vector<double> v;
  scene.sample(v);
  REQUIRE(v.size() == 13);
  return {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12]};
}

/// Runs a fresh scene until the first event of `kind` (or t_max); events so far in `events`.
std::optional<cl::Event> run_until_event(cl::PendulumScene& scene, const std::string& kind, double t_max,
                                         std::vector<cl::Event>& events, double chunk = 0.01) {
  while (scene.time() < t_max) {
    const size_t before = events.size();
    const auto error = scene.advance_to(std::min(t_max, scene.time() + chunk), events);
    REQUIRE_MESSAGE(!error, *error);
    for (size_t i = before; i < events.size(); ++i)
      if (events[i].kind == kind) return events[i];
  }
  return std::nullopt;
}

/// Slack time by quadrature (composite 8-point Gauss-Legendre on `panels` panels).
double slack_time_quadrature(double v0, int panels) {
  static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363};
  static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};
  const double cos_s = (2 * kG * kL - v0 * v0) / (3 * kG * kL);
  const double phi_s = std::acos(cos_s);
  auto f = [&](double phi) { return kL / std::sqrt(v0 * v0 - 2 * kG * kL * (1 - std::cos(phi))); };
  const double h = phi_s / panels;
  double sum = 0;
  for (int p = 0; p < panels; ++p) {
    const double mid = (p + 0.5) * h, half = 0.5 * h;
    for (int i = 0; i < 4; ++i) sum += half * w[i] * (f(mid - half * x[i]) + f(mid + half * x[i]));
  }
  return sum;
}

}  // namespace

TEST_CASE("taut phase conserves energy: small swing and full loop, dopri5 and rk4") {
  struct Case {
    const char* name;
    double v0;
  };
  const Case cases[] = {{"small swing, v0 = 0.3 sqrt(gL)", 0.3 * std::sqrt(kG * kL)},
                        {"full loop, v0 = 1.05 sqrt(5gL)", 1.05 * std::sqrt(5 * kG * kL)}};
  struct Method {
    const char* name;
    std::map<std::string, std::string> values;
  };
  const Method methods[] = {{"dopri5 rtol 1e-10", {{"integrator", "dopri5"}, {"rtol", "1e-10"}}},
                            {"rk4 dt 1e-3", {{"integrator", "rk4"}, {"dt", "1e-3"}}}};
  for (const Case& c : cases) {
    for (const Method& m : methods) {
      auto values = m.values;
      values["v0"] = num(c.v0);
      cl::PendulumScene scene;
      REQUIRE(!scene.reset(pendulum_params(values)));
      std::vector<cl::Event> events;
      const double e0 = sample_of(scene).e_total;
      double drift = 0, tension_error = 0, min_taut = 1;
      for (int k = 1; k <= 2000; ++k) {  // 20 s
        REQUIRE(!scene.advance_to(k * 0.01, events));
        const Sample s = sample_of(scene);
        drift = std::max(drift, std::abs(s.e_total - e0) / (kG * kL));
        const double cos_phi = -s.y / kL;
        tension_error = std::max(tension_error, std::abs(s.tension - (c.v0 * c.v0 / kL - 2 * kG + 3 * kG * cos_phi)) / kG);
        min_taut = std::min(min_taut, s.taut);
      }
      MESSAGE(c.name << ", " << m.name << ": max |E - E0| / (m g L) over 20 s = " << drift
                     << ", max |T - T(phi)| / (m g) = " << tension_error << ", " << scene.step_count()
                     << " steps, " << events.size() << " events");
      CHECK(events.empty());  // the thread stays taut throughout
      CHECK(min_taut == 1);
      CHECK(drift <= 1e-6);
      CHECK(tension_error <= 1e-6);
    }
  }
}

TEST_CASE("slack angle and speed match the closed form") {
  const double ks[] = {2.5, 2.8, 2 + std::sqrt(3.0), 3.2, 4.0, 4.5, 4.9};
  for (double k : ks) {
    const double v0 = v0_for(k);
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(pendulum_params({{"v0", num(v0)}})));
    std::vector<cl::Event> events;
    const auto slack = run_until_event(scene, "slack", 3, events);
    REQUIRE(slack);
    const double cos_s = (2 - k) / 3;
    const double phi_s = std::acos(cos_s), v_s = std::sqrt(-kG * kL * cos_s);
    const double phi_error = slack->fields[0] - phi_s, speed_error = slack->fields[1] - v_s;
    const double t_ref = slack_time_quadrature(v0, 400);
    MESSAGE("v0^2 = " << k << " gL: slack at t = " << slack->t << " (quadrature " << t_ref << ", error "
                      << slack->t - t_ref << " s), phi = " << slack->fields[0] * 180 / kPi << " deg (error "
                      << phi_error << " rad), speed " << slack->fields[1] << " (error " << speed_error << " m/s)");
    CHECK(std::abs(phi_error) <= 1e-6);
    CHECK(std::abs(speed_error) <= 1e-6);
    CHECK(std::abs(slack->t - t_ref) <= 1e-6);
  }
}

TEST_CASE("olympiad: the free flight passes through the nail at speed sqrt(g L sqrt 3)") {
  cl::PendulumScene scene;  // the defaults are the olympiad case
  REQUIRE(!scene.reset(pendulum_params({})));
  std::vector<cl::Event> events;
  const auto nail = run_until_event(scene, "nail", 3, events);
  REQUIRE(nail);
  const double expected = std::sqrt(kG * kL * std::sqrt(3.0));
  MESSAGE("nail event at t = " << nail->t << ": distance " << nail->fields[3] << " m, speed " << nail->fields[1]
                               << " (expected " << expected << ", error " << nail->fields[1] - expected << ")");
  for (const cl::Event& e : events) MESSAGE("  event " << e.kind << " t = " << e.t);
  CHECK(nail->fields[3] < 1e-6);
  CHECK(std::abs(nail->fields[1] - expected) <= 1e-6);
}

TEST_CASE("slack time converges as dopri5's rtol shrinks and with order 4 as rk4's dt halves") {
  const double v0 = v0_for(2 + std::sqrt(3.0));
  const double t_ref = slack_time_quadrature(v0, 400);
  const double t_ref2 = slack_time_quadrature(v0, 800);
  MESSAGE("reference slack time " << num(t_ref) << " s (400 vs 800 panels differ by " << t_ref - t_ref2 << ")");
  auto slack_time = [&](const std::map<std::string, std::string>& values) {
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(pendulum_params(values)));
    std::vector<cl::Event> events;
    const auto slack = run_until_event(scene, "slack", 3, events, 3.0);
    REQUIRE(slack);
    return slack->t;
  };
  std::vector<double> errors;
  for (double rtol : {1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11}) {
    const double t = slack_time({{"v0", num(v0)}, {"rtol", num(rtol)}});
    errors.push_back(std::abs(t - t_ref));
    MESSAGE("dopri5 rtol " << rtol << ": slack time error " << t - t_ref << " s");
  }
  std::vector<double> rk_errors;
  for (double dt : {0.02, 0.01, 0.005, 0.0025, 0.00125}) {
    const double t = slack_time({{"v0", num(v0)}, {"integrator", "rk4"}, {"dt", num(dt)}});
    rk_errors.push_back(t - t_ref);
    const size_t n = rk_errors.size();
    MESSAGE("rk4 dt " << dt << ": slack time error " << t - t_ref << " s"
                      << (n > 1 ? ", observed order " + num(std::log2(std::abs(rk_errors[n - 2] / rk_errors[n - 1]))) : ""));
  }
}

TEST_CASE("no NaN, no stall over 60 s for v0 in [0, 30] and e_thread in {0, 0.5, 1}") {
  long long most_steps = 0;
  size_t most_events = 0;
  double worst_wall = 0;
  for (double e : {0.0, 0.5, 1.0}) {
    for (int i = 0; i <= 20; ++i) {
      const double v0 = 1.5 * i;
      cl::Simulation sim(std::make_unique<cl::PendulumScene>());
      REQUIRE(!sim.set_params(pendulum_params({{"v0", num(v0)}, {"e_thread", num(e)}})));
      REQUIRE(!sim.reset());
      const auto start = std::chrono::steady_clock::now();
      sim.advance(60);
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      worst_wall = std::max(worst_wall, wall);
      most_steps = std::max(most_steps, sim.scene().step_count());
      most_events = std::max(most_events, sim.events().total());
      CAPTURE(v0);
      CAPTURE(e);
      CHECK(!sim.failed());
      CHECK(sim.time() >= 60);
    }
  }
  MESSAGE("63 runs of 60 s: most steps " << most_steps << ", most events " << most_events << ", slowest "
                                         << worst_wall << " s wall");
}
