// Newton's cradle: balls on threads in the world. Every check measures a
// quantity, prints it, and compares it with a closed form or an independent
// integration, within a stated tolerance.
//
// Closed forms (ball mass m, thread length L, gravity g, pull-back angle θ):
//   speed at the bottom:  v_in = sqrt(2 g L (1 − cos θ))
//   impulse law, e = 1, equal balls: each collision swaps the two balls'
//     velocities, so k balls in give exactly k balls out at v_in and the
//     others at rest; momentum k m v_in and energy k m v_in² / 2 are kept.
//   a thread's tension at rest: m g; swinging through the bottom at v: m (g + v² / L).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "contact/hertz_stiffness.h"
#include "scenes/cradle.h"
#include "support/scene_params.h"
#include "world/world.h"

namespace {

constexpr double kDegree = 3.141592653589793 / 180;

struct Cradle {
  cl::CradleScene scene;
  std::vector<cl::Event> events;

  explicit Cradle(const test::Values& values) {
    const auto error = scene.reset(test::scene_params("cradle", values));
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
  void advance(double t) {
    const auto error = scene.advance_to(t, events, nullptr);
    REQUIRE_MESSAGE(!error, error.value_or(""));
  }
  double energy() const { return scene.mechanical_energy(); }
};

double speed_at_bottom(double g, double L, double angle_deg) {
  return std::sqrt(2 * g * L * (1 - std::cos(angle_deg * kDegree)));
}

}  // namespace

TEST_CASE("cradle, impulse law with e = 1: k balls in, exactly k balls out at the incoming speed, the rest at rest") {
  const double g = 9.81, L = 0.2, angle = 30;
  const double v_in = speed_at_bottom(g, L, angle);  // m/s
  for (int k = 1; k <= 3; ++k) {
    Cradle cradle({{"n", "5"}, {"k", std::to_string(k)}, {"angle", "30"}, {"law", "impulse"}, {"e", "1"}});
    // Before the first impact (a quarter swing, 0.228 s) and just after the chain of impulses ends.
    cradle.advance(0.2);
    const double e_before = cradle.energy();
    cradle.advance(0.3);
    REQUIRE(!cradle.events.empty());
    const double t_last = cradle.events.back().t;
    Cradle again({{"n", "5"}, {"k", std::to_string(k)}, {"angle", "30"}, {"law", "impulse"}, {"e", "1"}});
    again.advance(t_last + 1e-7);
    const int n = again.scene.ball_count();
    double worst_out = 0, worst_rest = 0;
    for (int i = 0; i < n; ++i) {
      const double v = again.scene.velocity(i).x();
      if (i >= n - k)
        worst_out = std::max(worst_out, std::abs(v - v_in));
      else
        worst_rest = std::max(worst_rest, std::abs(v));
    }
    const double mass = 0.26;  // kg, the default ball
    const double p_chain = again.scene.momentum(), e_chain = again.energy();
    std::printf("cradle impulse k=%d: %zu impulses by %.9f s; out |v - v_in| <= %.2e m/s (v_in = %.6f), rest |v| <= %.2e m/s;"
                " momentum after %.12f (k m v_in = %.12f), energy %.12f -> %.12f J\n",
                k, cradle.events.size(), t_last, worst_out, v_in, worst_rest, p_chain, k * mass * v_in,
                e_before, e_chain);
    // Each incoming ball's momentum passes from ball to ball through the n − k at rest: k (n − k) impulses.
    CHECK(cradle.events.size() == static_cast<size_t>(k * (n - k)));
    CHECK(worst_out <= 1e-9);
    CHECK(worst_rest <= 1e-9);
    CHECK(std::abs(p_chain - k * mass * v_in) <= 1e-9 * k * mass * v_in);
    CHECK(std::abs(e_chain - e_before) <= 1e-9 * e_before);
    CHECK(std::abs(e_chain - 0.5 * k * mass * v_in * v_in) <= 1e-9 * e_before);
  }
}

TEST_CASE("cradle, impulse law with e = 1: energy kept over ten swings, the threads' lengths held") {
  Cradle cradle({{"n", "5"}, {"k", "2"}, {"angle", "30"}, {"law", "impulse"}, {"e", "1"}});
  const double e0 = cradle.energy();
  cradle.advance(10);
  double stretch = 0;  // m, the worst |distance from the pivot − L|
  for (int i = 0; i < cradle.scene.ball_count(); ++i) {
    const cl::Thread& thread = cradle.scene.world().model().threads[i];
    stretch = std::max(stretch, std::abs((cradle.scene.position(i) - thread.pivot).norm() - thread.length));
  }
  const double drift = std::abs(cradle.energy() - e0) / e0;
  std::printf("cradle impulse, 10 s: %zu impulses, energy drift %.2e (relative), thread length off by <= %.2e m\n",
              cradle.events.size(), drift, stretch);
  CHECK(drift <= 1e-9);
  CHECK(stretch <= 1e-9);
}

TEST_CASE("cradle, thread tension: m g at rest, m (g + v²/L) through the bottom") {
  Cradle cradle({{"n", "2"}, {"k", "1"}, {"angle", "30"}, {"gap", "0.01"}, {"law", "impulse"}});
  const double g = 9.81, L = 0.2, m = 0.26;
  const double at_rest = cradle.scene.tension(1);
  // The swinging ball passes the bottom at a quarter period (small angles: 0.2244 s; at 30°, a little later):
  // find it as the moment of the largest speed.
  double best_speed = 0, tension_there = 0;
  for (double t = 0.20; t < 0.26; t += 1e-4) {
    cradle.advance(t);
    const double v = cradle.scene.velocity(0).norm();
    if (v > best_speed) {
      best_speed = v;
      tension_there = cradle.scene.tension(0);
    }
  }
  const double expected = m * (g + best_speed * best_speed / L);
  std::printf("cradle tension: at rest %.9f N (m g = %.9f), at the bottom %.6f N at %.6f m/s (m (g + v²/L) = %.6f)\n",
              at_rest, m * g, tension_there, best_speed, expected);
  CHECK(std::abs(at_rest - m * g) <= 1e-9 * m * g);
  CHECK(std::abs(tension_there - expected) <= 1e-3 * expected);  // the sampled moment is within 1e-4 s of the bottom
}

// Three equal steel discs in a line without gravity or threads: the first
// at v hits the two others, which touch. The world's final velocities must
// match a direct integration of the 1D Hertz chain m x_i'' = f_{i-1,i} − f_{i,i+1},
// f = k δ^{3/2} for overlap δ > 0, by classical RK4 at two fixed steps.
TEST_CASE("cradle physics: a Hertz chain of three balls matches a direct integration of the 1D chain to 1e-6") {
  const double R = 0.02, m = 0.26, v = 1;  // m, kg, m/s
  const cl::ElasticMaterial steel{2e11, 0.3};
  const double k0 = cl::hertz_stiffness(steel, R, steel, R, R).stiffness;  // N/m^1.5
  const double clearance = 2 * R * cl::CradleScene::kTouchingClearance;
  const double x0[3] = {-2 * R - 1e-4, 0, 2 * R + clearance};  // m: the first 0.1 mm away

  cl::WorldModel model;
  model.n = 3;
  model.body.m = m;
  model.body.m_o = 0;
  model.body.a = model.body.b = R;
  model.body.s = Eigen::Vector2d::Zero();
  model.body_material = steel;
  model.contact.impulse = false;
  model.contact.law = cl::NormalLaw::Hertz;
  model.contact.stepper.rtol = 1e-12;
  model.contact.stepper.atol = 1e-16;
  cl::Vec y = cl::Vec::Zero(18);
  for (int i = 0; i < 3; ++i) y[3 * i] = x0[i];
  y[9] = v;
  cl::World world;
  REQUIRE(!world.start(model, 0, y));
  cl::WorldEvents events;
  REQUIRE(!world.advance_to(2e-3, events));
  double world_v[3];
  for (int i = 0; i < 3; ++i) world_v[i] = world.velocities(i).x();

  // The direct integration: state [x0, x1, x2, v0, v1, v2].
  auto chain = [&](double h) {
    using State = Eigen::Matrix<double, 6, 1>;
    auto rate = [&](const State& s) {
      State d;
      d.head<3>() = s.tail<3>();
      double f[2];
      for (int j = 0; j < 2; ++j) {
        const double overlap = 2 * R - (s[j + 1] - s[j]);
        f[j] = overlap > 0 ? k0 * std::pow(overlap, 1.5) : 0;
      }
      d[3] = -f[0] / m;
      d[4] = (f[0] - f[1]) / m;
      d[5] = f[1] / m;
      return d;
    };
    State s;
    s << x0[0], x0[1], x0[2], v, 0, 0;
    for (double t = 0; t < 2e-3; t += h) {
      const State a = rate(s), b = rate(s + 0.5 * h * a), c = rate(s + 0.5 * h * b), d = rate(s + h * c);
      s += h / 6 * (a + 2 * b + 2 * c + d);
    }
    return Eigen::Vector3d(s.tail<3>());
  };
  const Eigen::Vector3d coarse = chain(2e-9), fine = chain(1e-9);
  double worst = 0;
  for (int i = 0; i < 3; ++i) worst = std::max(worst, std::abs(world_v[i] - fine[i]));
  std::printf("Hertz chain of 3 (k0 = %.4e N/m^1.5): world v = (%.9f, %.9f, %.9f), direct v = (%.9f, %.9f, %.9f) m/s;"
              " |world - direct| <= %.2e, direct at h and h/2 differ by %.2e; %zu impacts\n",
              k0, world_v[0], world_v[1], world_v[2], fine[0], fine[1], fine[2], worst, (coarse - fine).cwiseAbs().maxCoeff(),
              events.impacts.size());
  CHECK((coarse - fine).cwiseAbs().maxCoeff() <= 1e-7 * v);  // the reference has converged past the tolerance below
  CHECK(worst <= 1e-6 * v);
  // Momentum and energy through the chain.
  CHECK(std::abs(world_v[0] + world_v[1] + world_v[2] - v) <= 1e-9 * v);
  CHECK(std::abs(world_v[0] * world_v[0] + world_v[1] * world_v[1] + world_v[2] * world_v[2] - v * v) <= 1e-8 * v * v);
  // The touching row spreads the impact: the first ball bounces back, the middle one keeps a little.
  CHECK(world_v[0] < 0);
  CHECK(world_v[2] < v);
}

TEST_CASE("cradle physics: 1 mm gaps between Hertz balls bring the ideal cradle back") {
  const double g = 9.81, L = 0.2;
  const double v_in = speed_at_bottom(g, L, 30);
  for (int k = 1; k <= 2; ++k) {
    double out_touching = 0, rest_touching = 0;
    for (const char* gap : {"0", "0.001"}) {
      Cradle cradle({{"n", "5"}, {"k", std::to_string(k)}, {"angle", "30"}, {"gap", gap}, {"law", "hertz"}});
      cradle.advance(0.3);  // after the first round of impacts, before the outgoing balls come back
      const int n = cradle.scene.ball_count();
      // Compared at the same moment with an ideal cradle run alike (impulse law, e = 1).
      Cradle ideal({{"n", "5"}, {"k", std::to_string(k)}, {"angle", "30"}, {"gap", gap}, {"law", "impulse"}, {"e", "1"}});
      ideal.advance(0.3);
      double out = 0, rest = 0;  // m/s: the worst departure from the ideal of the balls that leave, and of those that stay
      for (int i = 0; i < n; ++i) {
        const double dv = std::abs(cradle.scene.velocity(i).x() - ideal.scene.velocity(i).x());
        (i >= n - k ? out : rest) = std::max(i >= n - k ? out : rest, dv);
      }
      std::printf("cradle Hertz k=%d gap %s m: at 0.3 s, balls leaving off the ideal by <= %.3e m/s, balls staying by"
                  " <= %.3e m/s (v_in = %.4f m/s)\n",
                  k, gap, out, rest, v_in);
      if (std::string(gap) == "0") {
        out_touching = out;
        rest_touching = rest;
      } else {
        // Separate binary impacts of equal Hertz balls swap velocities; what is left comes from
        // impacts a little off the bottom and the touching pairs the gap leaves behind (k = 2).
        CHECK(out <= 2e-3 * v_in);
        CHECK(rest <= 2e-3 * v_in);
        CHECK(std::max(out, rest) < 0.25 * std::max(out_touching, rest_touching));
      }
    }
  }
}

TEST_CASE("cradle, impulse law with e = 1 and a ball three times as heavy: v/2 and 3v/2 after the impact") {
  // m1 = 3 m at v on m at rest: v1' = (m1 − m) / (m1 + m) v = v / 2, v2' = 2 m1 / (m1 + m) v = 3 v / 2.
  const double v_in = speed_at_bottom(9.81, 0.2, 30);
  Cradle cradle({{"n", "2"}, {"k", "1"}, {"angle", "30"}, {"m1_ratio", "3"}, {"law", "impulse"}, {"e", "1"}});
  cradle.advance(0.3);
  REQUIRE(cradle.events.size() == 1);
  Cradle again({{"n", "2"}, {"k", "1"}, {"angle", "30"}, {"m1_ratio", "3"}, {"law", "impulse"}, {"e", "1"}});
  again.advance(cradle.events[0].t + 1e-7);
  const double v1 = again.scene.velocity(0).x(), v2 = again.scene.velocity(1).x();
  std::printf("heavy first ball, impulse: v1' = %.12f (v/2 = %.12f), v2' = %.12f (3v/2 = %.12f) m/s\n", v1, v_in / 2, v2,
              1.5 * v_in);
  CHECK(std::abs(v1 - v_in / 2) <= 1e-9);
  CHECK(std::abs(v2 - 1.5 * v_in) <= 1e-9);
}

TEST_CASE("cradle threads: released above 90° a thread goes slack, snaps taut (e_thread = 0), and the energy lost is E_diss") {
  // At 120° from rest the tension m g cos 120° would be negative: the ball falls free until the
  // thread is taut again, where the snap takes its radial speed (energy (1 − e²) m v_r² / 2).
  Cradle cradle({{"n", "2"}, {"k", "1"}, {"angle", "120"}, {"gap", "0.01"}, {"law", "hertz"}, {"e_thread", "0"}});
  const double e0 = cradle.energy();
  cradle.advance(2);
  int slack = 0, taut = 0;
  for (const cl::Event& e : cradle.events) {
    slack += e.kind == "slack";
    taut += e.kind == "taut";
  }
  const double lost = cradle.scene.world().dissipated_energy();
  const double audit = (cradle.energy() + lost - e0) / e0;
  std::printf("cradle at 120°, e_thread = 0: %d slack, %d taut events in 2 s; energy lost %.6f J of %.6f J; "
              "E_mech + E_diss - E_0 = %.2e E_0\n",
              slack, taut, lost, e0, audit);
  CHECK(slack >= 1);
  CHECK(taut >= 1);
  CHECK(lost > 0.1 * e0);  // the first snap alone takes most of the fall's radial speed
  CHECK(std::abs(audit) <= 1e-6);
}

TEST_CASE("cradle summary for a sweep: the last ball's largest swing speed is the ideal v_in with 1 mm gaps, less when touching") {
  // What a sweep over the gap plots: sqrt(2 E_max / m) of ball n, its speed through the bottom.
  const double v_in = speed_at_bottom(9.81, 0.2, 30);
  double touching = 0, gapped = 0;
  for (const char* gap : {"0", "0.001"}) {
    Cradle cradle({{"n", "5"}, {"k", "1"}, {"angle", "30"}, {"gap", gap}, {"law", "hertz"}});
    cradle.advance(0.6);  // the last ball out and back to its turning point
    const auto values = cradle.scene.summary_values();
    REQUIRE(values.size() == 1);
    CHECK(values[0].first.name == "v_last");
    (std::string(gap) == "0" ? touching : gapped) = values[0].second;
    std::printf("cradle summary: gap %s m, the last ball's largest swing speed %.6f m/s (v_in %.6f m/s, ratio %.5f)\n",
                gap, values[0].second, v_in, values[0].second / v_in);
  }
  // Measured: 0.024 % short with the gaps, 1.1 % short touching (the balls share the impact: some stay in motion).
  CHECK(std::abs(gapped / v_in - 1) <= 1e-3);
  CHECK(touching / v_in < 0.995);
}
