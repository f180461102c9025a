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

#include "run/simulation.h"
#include "scenes/pendulum.h"
#include "support/scene_params.h"

namespace {

constexpr double kL = 1.1, kG = 10;
const double kPi = std::acos(-1.0);

std::string num(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

/// v0 for v0^2 = k g L.
double v0_for(double k) { return std::sqrt(k * kG * kL); }

struct Sample {
  double t, x, y, r, phi, vx, vy, speed, tension, taut, e_kin, e_pot, e_total, e_snaps;
};
Sample sample_of(const cl::Scene& scene) {
  std::vector<double> v;
  scene.sample(v);
  REQUIRE(v.size() == 14);
  return {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13]};
}

/// Runs a fresh scene until the first event of `kind` (or t_max); events so far in `events`.
std::optional<cl::Event> run_until_event(cl::PendulumScene& scene, const std::string& kind, double t_max,
                                         std::vector<cl::Event>& events, double chunk = 0.01) {
  while (scene.time() < t_max) {
    const size_t before = events.size();
    const auto error = scene.advance_to(std::min(t_max, scene.time() + chunk), events);
    REQUIRE_MESSAGE(!error, error.value_or(""));
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
      REQUIRE(!scene.reset(test::scene_params("pendulum", values)));
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
      MESSAGE(std::string(c.name) << ", " << std::string(m.name) << ": max |E - E0| / (m g L) over 20 s = " << drift
                     << ", max |T - T(phi)| / (m g) = " << tension_error << ", " << scene.step_count()
                     << " steps, " << events.size() << " events");
      CHECK(events.empty());  // the thread stays taut throughout
      CHECK(min_taut == 1);
      // Measured 1.5e-11 (small swing) to 7.8e-9 (loop, rk4): 1e-7 leaves >10x
      // headroom over the worst case, no more, so a real loss of accuracy shows.
      CHECK(drift <= 1e-7);
      // T error = (v^2 error) / L = 2 (E error) / (m L): twice the energy bound.
      CHECK(tension_error <= 2e-7);
    }
  }
}

TEST_CASE("slack angle and speed match the closed form") {
  const double ks[] = {2.5, 2.8, 2 + std::sqrt(3.0), 3.2, 4.0, 4.5, 4.9};
  for (double k : ks) {
    const double v0 = v0_for(k);
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(test::scene_params("pendulum", {{"v0", num(v0)}})));
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
    // Default rtol 1e-9: the state at the event is good to ~1e-9 relative
    // (measured <= 5e-10 rad, 2.3e-10 m/s, 1.3e-10 s). 1e-8 is 20x that.
    CHECK(std::abs(phi_error) <= 1e-8);
    CHECK(std::abs(speed_error) <= 1e-8);
    CHECK(std::abs(slack->t - t_ref) <= 1e-8);
  }
}

TEST_CASE("olympiad: the free flight passes through the nail at speed sqrt(g L sqrt 3)") {
  cl::PendulumScene scene;  // the defaults are the olympiad case
  REQUIRE(!scene.reset(test::scene_params("pendulum", {})));
  std::vector<cl::Event> events;
  const auto nail = run_until_event(scene, "nail", 3, events);
  REQUIRE(nail);
  const double expected = std::sqrt(kG * kL * std::sqrt(3.0));
  MESSAGE("nail event at t = " << nail->t << ": distance " << nail->fields[3] << " m, speed " << nail->fields[1]
                               << " (expected " << expected << ", error " << nail->fields[1] - expected << ")");
  // The miss distance is the slack position's error carried along the
  // parabola: ~rtol L = 1e-9 m (measured 2.4e-10). The brief asks < 1e-6 m;
  // 1e-8 m still leaves 40x headroom.
  CHECK(nail->fields[3] < 1e-8);
  // Energy conservation along the exact parabola: only the slack state's error remains.
  CHECK(std::abs(nail->fields[1] - expected) <= 1e-8);
  REQUIRE(events.size() == 2);  // slack, then nail: no spurious snaps before
  CHECK(events[0].kind == "slack");
}

TEST_CASE("slack time converges as dopri5's rtol shrinks and with order 4 as rk4's dt halves") {
  const double v0 = v0_for(2 + std::sqrt(3.0));
  const double t_ref = slack_time_quadrature(v0, 400);
  const double t_ref2 = slack_time_quadrature(v0, 800);
  MESSAGE("reference slack time " << num(t_ref) << " s (400 vs 800 panels differ by " << t_ref - t_ref2 << ")");
  auto slack_time = [&](const std::map<std::string, std::string>& values) {
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(test::scene_params("pendulum", values)));
    std::vector<cl::Event> events;
    const auto slack = run_until_event(scene, "slack", 3, events, 3.0);
    REQUIRE(slack);
    return slack->t;
  };
  CHECK(std::abs(t_ref - t_ref2) <= 1e-14);  // the reference itself is exact to rounding

  // dopri5: the error follows the tolerance (global error ~ rtol x the time
  // scale t_s ~ 0.5 s), not strictly monotonically (an adaptive run can be lucky).
  const double rtols[] = {1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11};
  std::vector<double> errors;
  for (double rtol : rtols) {
    const double t = slack_time({{"v0", num(v0)}, {"rtol", num(rtol)}});
    errors.push_back(std::abs(t - t_ref));
    MESSAGE("dopri5 rtol " << rtol << ": slack time error " << t - t_ref << " s (error / rtol = "
                           << errors.back() / rtol << " s)");
  }
  for (size_t i = 0; i < errors.size(); ++i) {
    CAPTURE(rtols[i]);
    CHECK(errors[i] <= rtols[i] * 1.0);  // |dt| <= rtol x 1 s: twice t_s, measured <= 0.09 x rtol
  }
  // Errors decrease: every run at rtol <= 1e-9 beats every run at rtol >= 1e-7,
  // and the tightest is 1e-3 of the loosest (measured 6e-5).
  const double worst_tight = std::max({errors[4], errors[5], errors[6]});
  const double best_loose = std::min({errors[0], errors[1], errors[2]});
  CHECK(worst_tight < best_loose);
  CHECK(errors[6] <= 1e-3 * errors[0]);

  // rk4: global error and the cubic Hermite dense output used to locate the
  // event are both O(dt^4). The interpolation error also depends on where in
  // its step the event falls (factor s^2 (1-s)^2), which scatters the order
  // from one halving to the next; a least-squares slope over five step sizes
  // averages that out. Below dt ~ 1e-3 the error (~1e-11 s) meets the
  // projection back onto |r| = L (at 1e-10 relative drift), so stop above.
  std::vector<double> log_dt, log_err;
  double previous = 0;
  for (double dt : {0.04, 0.02, 0.01, 0.005, 0.0025}) {
    const double error = slack_time({{"v0", num(v0)}, {"integrator", "rk4"}, {"dt", num(dt)}}) - t_ref;
    const double order = previous != 0 ? std::log2(std::abs(previous / error)) : NAN;
    MESSAGE("rk4 dt " << dt << ": slack time error " << error << " s, observed order " << order);
    if (previous != 0) {
      CAPTURE(dt);
      CHECK(order >= 3.0);  // single halvings scatter by the interpolation position
      CHECK(order <= 5.0);
    }
    previous = error;
    log_dt.push_back(std::log(dt));
    log_err.push_back(std::log(std::abs(error)));
  }
  const double n = static_cast<double>(log_dt.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (size_t i = 0; i < log_dt.size(); ++i) {
    sx += log_dt[i];
    sy += log_err[i];
    sxx += log_dt[i] * log_dt[i];
    sxy += log_dt[i] * log_err[i];
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  MESSAGE("rk4 least-squares order over dt = 0.04 .. 0.0025: " << slope);
  CHECK(slope >= 3.6);  // order 4, +/- 0.4 for the scatter described above (measured 3.8)
  CHECK(slope <= 4.4);
}

TEST_CASE("snap taut: the radial speed is removed (e = 0) or reversed times e, energy drops by (1 - e^2) m v_r^2 / 2") {
  // v0^2 = 3.2 g L: slack at 113.6 deg, then the parabola meets the circle again.
  const double v0 = v0_for(3.2);
  for (double e : {0.0, 0.5, 1.0}) {
    const auto values = std::map<std::string, std::string>{{"v0", num(v0)}, {"e_thread", num(e)}};
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(test::scene_params("pendulum", values)));
    std::vector<cl::Event> events;
    const auto taut = run_until_event(scene, "taut", 3, events);
    REQUIRE(taut);
    REQUIRE(events.front().kind == "slack");
    const cl::Event& slack = events.front();

    // Independent flight from the slack event: position on the circle at
    // phi_s, velocity tangential (counter-clockwise), then the exact parabola.
    const double phi_s = slack.fields[0], tau = taut->t - slack.t;
    const double x0 = kL * std::sin(phi_s), y0 = -kL * std::cos(phi_s);
    const double vx0 = slack.fields[1] * std::cos(phi_s), vy0 = slack.fields[1] * std::sin(phi_s);
    const double x = x0 + vx0 * tau, y = y0 + vy0 * tau - 0.5 * kG * tau * tau;
    const double vx = vx0, vy = vy0 - kG * tau;
    const double phi = taut->fields[0];
    const double v_r = vx * std::sin(phi) - vy * std::cos(phi);  // along n = (sin phi, -cos phi), outwards
    const double speed2 = vx * vx + vy * vy;
    const double expected_after2 = speed2 - (1 - e * e) * v_r * v_r;
    const double after2 = taut->fields[2] * taut->fields[2];

    // Energies measured on a second run just before and just after the snap.
    cl::PendulumScene probe;
    REQUIRE(!probe.reset(test::scene_params("pendulum", values)));
    std::vector<cl::Event> probe_events;
    REQUIRE(!probe.advance_to(taut->t - 1e-7, probe_events));
    const Sample before = sample_of(probe);
    const double e_before = before.e_total;
    REQUIRE(!probe.advance_to(taut->t + 1e-7, probe_events));
    const Sample after = sample_of(probe);
    const double e_after = after.e_total;
    const double expected_loss = 0.5 * (1 - e * e) * v_r * v_r;

    MESSAGE("e = " << e << ": snap at t = " << taut->t << ", phi = " << phi * 180 / kPi << " deg; |r| - L on the "
                   << "independent parabola " << std::hypot(x, y) - kL << " m; speed " << taut->fields[1] << " vs "
                   << std::sqrt(speed2) << "; v_r = " << v_r << "; speed_after^2 " << after2 << " vs "
                   << expected_after2 << "; energy lost " << e_before - e_after << " J vs " << expected_loss
                   << " J; the snaps' series " << before.e_snaps << " -> " << after.e_snaps << " J");
    CHECK(v_r > 0);  // the mass was flying outwards when the thread caught it
    // Carried from the slack state (~1e-10) along a 0.5 s parabola: 1e-8 is ~20x that.
    CHECK(std::abs(std::hypot(x, y) - kL) <= 1e-8);
    CHECK(std::abs(std::atan2(x, -y) - phi) <= 1e-8);
    CHECK(std::abs(taut->fields[1] - std::sqrt(speed2)) <= 1e-8);
    CHECK(std::abs(after2 - expected_after2) <= 1e-7 * speed2);
    // 0.2 us of taut integration after the snap adds nothing measurable; the
    // rest is the state's ~1e-10 relative error times E ~ 10 J.
    CHECK(std::abs((e_before - e_after) - expected_loss) <= 1e-8 * kG * kL);
    // The plotted E_snaps says where it went: 0 before the first snap, the loss after (m = 1).
    CHECK(before.e_snaps == 0);
    CHECK(std::abs(after.e_snaps - expected_loss) <= 1e-8 * kG * kL);
    CHECK(std::abs((after.e_total + after.e_snaps) - before.e_total) <= 1e-8 * kG * kL);
  }
}

TEST_CASE("with e_thread = 1 energy is conserved through every snap") {
  cl::PendulumScene scene;
  REQUIRE(!scene.reset(test::scene_params("pendulum", {{"v0", num(v0_for(3.2))}, {"e_thread", "1"}})));
  std::vector<cl::Event> events;
  const double e0 = sample_of(scene).e_total;
  double drift = 0;
  for (int k = 1; k <= 2000; ++k) {  // 20 s
    REQUIRE(!scene.advance_to(k * 0.01, events));
    drift = std::max(drift, std::abs(sample_of(scene).e_total - e0) / (kG * kL));
  }
  const auto snaps = std::count_if(events.begin(), events.end(), [](const cl::Event& e) { return e.kind == "taut"; });
  double worst_snap = 0;  // |speed_after - speed| at each snap: an elastic bounce keeps the speed
  for (const cl::Event& e : events)
    if (e.kind == "taut") worst_snap = std::max(worst_snap, std::abs(e.fields[2] - e.fields[1]));
  MESSAGE("e_thread = 1 over 20 s: " << snaps << " snaps, max |E - E0| / (m g L) " << drift
                                     << ", max |speed_after - speed| " << worst_snap << " m/s");
  CHECK(snaps >= 10);  // the billiard inside the circle really bounces
  // Flights are exact parabolas and snaps exact reflections: only the first
  // taut phase (rtol 1e-9) and rounding remain. 1e-8 is 10x rtol.
  CHECK(drift <= 1e-8);
  CHECK(worst_snap <= 1e-11);  // a reflection changes the speed only by rounding (measured 3.6e-15)
}

TEST_CASE("no NaN, no stall, no negative tension over 60 s for v0 in [0, 30] and e_thread in {0, 0.5, 1}") {
  long long most_steps = 0;
  size_t most_events = 0;
  double worst_wall = 0, worst_pull = INFINITY, worst_outside = -INFINITY, worst_gain = -INFINITY, worst_balance = 0;
  int failures = 0, short_runs = 0;
  for (double e : {0.0, 0.5, 1.0}) {
    for (int i = 0; i <= 20; ++i) {
      const double v0 = 1.5 * i;
      cl::Simulation sim(std::make_unique<cl::PendulumScene>());
      REQUIRE(!sim.set_params(test::scene_params("pendulum", {{"v0", num(v0)}, {"e_thread", num(e)}})));
      REQUIRE(!sim.reset());
      const double e0 = 0.5 * v0 * v0 - kG * kL;  // per unit mass (m = 1)
      const double scale = 0.5 * v0 * v0 + kG * kL;
      sim.on_sample = [&](const std::vector<double>& v) {
        // v: t x y r phi vx vy speed tension taut E_kin E_pot E_total E_snaps
        if (v[9] == 1) {
          // Unclamped tension / m = (v^2 + r.g) / L = (speed^2 - g y) / L: a
          // taut thread must pull, never push.
          worst_pull = std::min(worst_pull, (v[7] * v[7] - kG * v[2]) / kL / kG);
        }
        worst_outside = std::max(worst_outside, v[3] / kL - 1);
        worst_gain = std::max(worst_gain, (v[12] - e0) / scale);
        worst_balance = std::max(worst_balance, std::abs(v[12] + v[13] - e0) / scale);  // E + what the snaps took
      };
      const auto start = std::chrono::steady_clock::now();
      sim.advance(60);
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      worst_wall = std::max(worst_wall, wall);
      most_steps = std::max(most_steps, sim.scene().step_count());
      most_events = std::max(most_events, sim.events().total());
      if (sim.failed()) {
        ++failures;
        MESSAGE("v0 = " << v0 << ", e = " << e << ": " << sim.failure());
      }
      if (sim.time() < 60) ++short_runs;
    }
  }
  MESSAGE("63 runs of 60 s: most steps " << most_steps << ", most events " << most_events << ", slowest " << worst_wall
                                         << " s wall; smallest taut tension " << worst_pull
                                         << " m g; largest |r|/L - 1 " << worst_outside
                                         << "; largest energy gain " << worst_gain << " (of v0^2/2 + g L)"
                                         << "; largest |E_total + E_snaps - E0| " << worst_balance);
  CHECK(failures == 0);
  CHECK(short_runs == 0);
  // A stall (events repeating without progress) would run into millions of
  // steps; the worst measured is ~4e4 for 60 s.
  CHECK(most_steps <= 500000);
  CHECK(worst_pull >= -1e-12);  // the taut test is exactly this quantity's sign
  CHECK(worst_outside <= 1e-9);  // |r| <= L: the thread never stretches
  // Snaps only lose energy; integration at rtol 1e-9 may add ~1e-9 per period.
  CHECK(worst_gain <= 1e-6);
  // The energy the snaps took, added back, is the start's: the plotted E_snaps accounts for every drop.
  CHECK(worst_balance <= 1e-7);  // measured 4.8e-9 (rtol 1e-9)
}

TEST_CASE("changing live parameters while taut does not start a flight") {
  // Regression: apply_live restarted the phase through set_state, which took
  // a rounding-sized inward radial velocity for the start of a free flight
  // and logged a spurious 'taut' snap moments later.
  for (const char* integrator : {"dopri5", "rk4"}) {
    cl::Simulation sim(std::make_unique<cl::PendulumScene>());
    REQUIRE(!sim.set_params(
        test::scene_params("pendulum", {{"v0", num(1.05 * std::sqrt(5 * kG * kL))}, {"integrator", integrator}})));
    REQUIRE(!sim.reset());
    for (int k = 0; k < 500; ++k) {
      REQUIRE(!sim.set_params(test::scene_params(
          "pendulum", {{"v0", num(1.05 * std::sqrt(5 * kG * kL))}, {"integrator", integrator}, {"trail", k % 2 ? "2" : "3"}})));
      sim.advance(0.01);
    }
    MESSAGE(std::string(integrator) << ": 500 live changes over 5 s of a full loop: " << sim.events().total() << " events");
    CHECK(sim.events().total() == 0);
  }
}

TEST_CASE("rk4 with a coarse step stays taut on a full loop") {
  // Regression: the projection back onto |r| = L went through set_state,
  // which started a free flight whenever rounding left the radial velocity
  // pointing inwards: spurious 'taut' events and a tension drop to zero.
  for (double dt : {1e-3, 0.01, 0.02}) {
    cl::PendulumScene scene;
    REQUIRE(!scene.reset(test::scene_params(
        "pendulum", {{"v0", num(1.05 * std::sqrt(5 * kG * kL))}, {"integrator", "rk4"}, {"dt", num(dt)}})));
    std::vector<cl::Event> events;
    double min_taut = 1;
    for (int k = 1; k <= 1000; ++k) {
      REQUIRE(!scene.advance_to(k * 0.01, events));
      min_taut = std::min(min_taut, sample_of(scene).taut);
    }
    MESSAGE("rk4 dt " << dt << ", 10 s of a full loop: " << events.size() << " events");
    CHECK(events.empty());
    CHECK(min_taut == 1);
  }
}

TEST_CASE("JSON state: loads a state within reach, rejects a mass farther than L") {
  cl::PendulumScene scene;
  REQUIRE(!scene.reset(test::scene_params("pendulum", {})));
  std::vector<cl::Event> events;
  REQUIRE(!scene.advance_to(0.3, events));
  const nlohmann::json before = scene.state_json();

  const double far = kL * (1 + 1e-6);
  const auto error = scene.load_state_json({{"t", 1}, {"x", 0}, {"y", -far}, {"vx", 1}, {"vy", 0}});
  REQUIRE(error);
  MESSAGE("rejected: " << *error);
  CHECK(error->find("farther than L") != std::string::npos);
  CHECK(scene.state_json() == before);  // nothing changed
  for (const nlohmann::json& bad : {nlohmann::json::array(), nlohmann::json{{"t", 0}, {"x", 0}, {"y", -1}, {"vx", 0}},
                                    nlohmann::json{{"t", -1}, {"x", 0}, {"y", -1}, {"vx", 0}, {"vy", 0}},
                                    nlohmann::json{{"t", 0}, {"x", "0"}, {"y", -1}, {"vx", 0}, {"vy", 0}}}) {
    CAPTURE(bad.dump());
    CHECK(scene.load_state_json(bad));
    CHECK(scene.state_json() == before);
  }

  // On the circle: taut, moving on.
  REQUIRE(!scene.load_state_json({{"t", 2}, {"x", kL}, {"y", 0}, {"vx", 0}, {"vy", 5}}));
  CHECK(scene.taut());
  CHECK(scene.time() == 2);
  // Inside the circle: a free flight; the first 0.1 s follow the parabola exactly.
  REQUIRE(!scene.load_state_json({{"t", 0}, {"x", 0.3}, {"y", 0.2}, {"vx", -1}, {"vy", 0.5}}));
  CHECK(!scene.taut());
  REQUIRE(!scene.advance_to(0.1, events));
  const Sample s = sample_of(scene);
  const double x = 0.3 - 0.1, y = 0.2 + 0.05 - 0.5 * kG * 0.01;
  MESSAGE("flight from a loaded state after 0.1 s: (" << s.x << ", " << s.y << ") vs (" << x << ", " << y << ")");
  CHECK(std::abs(s.x - x) <= 1e-15);
  CHECK(std::abs(s.y - y) <= 1e-15);
}
