// A body on a thread (world/thread.h): the pull that holds it, the stretch,
// and the snap taut, against closed forms.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "world/thread.h"

namespace {

cl::EllipseBody disc(double mass, double radius) {
  cl::EllipseBody body;
  body.m = mass;
  body.m_o = 0;
  body.a = body.b = radius;
  body.s = Eigen::Vector2d::Zero();
  return body;
}

}  // namespace

TEST_CASE("thread pull: the tension of a hanging ball is m g; swinging through the bottom, m (g + v²/L)") {
  const cl::Thread thread{true, Eigen::Vector2d(0.5, 1), 0.2};
  const cl::EllipseBody ball = disc(0.26, 0.02);
  const double g = 9.81;
  const cl::Coordinates Q(0.5, 0.8, 0);
  const cl::Velocities A_free(0, -g, 0);  // gravity alone
  for (const double v : {0.0, 0.725}) {
    const cl::Velocities V(v, 0, 0);
    const cl::ThreadPull pull = cl::thread_pull(thread, ball, Q, V, A_free);
    const double tension = pull.multiplier * thread.length;  // N
    const double expected = ball.total_mass() * (g + v * v / thread.length);
    const cl::Velocities A = A_free - pull.multiplier * pull.response;
    std::printf("thread pull at v = %.3f m/s: tension %.12f N (closed form %.12f), acceleration (%.2e, %.6f) m/s²\n", v,
                tension, expected, A.x(), A.y());
    CHECK(std::abs(tension - expected) <= 1e-12 * expected);
    CHECK(std::abs(A.x()) <= 1e-12);
    CHECK(std::abs(A.y() - v * v / thread.length) <= 1e-12 * (g + v * v / thread.length));  // centripetal, up
  }
}

TEST_CASE("thread pull: a thread that would have to push (a ball above its pivot, too slow) has mu < 0") {
  const cl::Thread thread{true, Eigen::Vector2d(0, 0), 1};
  const cl::EllipseBody ball = disc(1, 0.05);
  const double g = 10;
  // At the top, v² < g L: gravity pulls it in faster than the circle needs.
  const cl::ThreadPull slow = cl::thread_pull(thread, ball, {0, 1, 0}, {2, 0, 0}, {0, -g, 0});
  const cl::ThreadPull fast = cl::thread_pull(thread, ball, {0, 1, 0}, {4, 0, 0}, {0, -g, 0});
  std::printf("thread at the top: mu = %.6f N/m at v² = 4 (m (v²/L - g) = -6), %.6f N/m at v² = 16 (6)\n", slow.multiplier,
              fast.multiplier);
  CHECK(slow.multiplier == doctest::Approx(-6).epsilon(1e-12));
  CHECK(fast.multiplier == doctest::Approx(6).epsilon(1e-12));
}

TEST_CASE("thread drift: a body off its circle or with a radial speed past 1e-10 is put back, tangentially") {
  const cl::Thread thread{true, Eigen::Vector2d(1, 2), 0.5};
  CHECK_FALSE(cl::thread_drifted(thread, {1.3, 1.6, 0}, {0.8, 0.6, 0}));  // on the circle, tangential
  CHECK(cl::thread_drifted(thread, {1.3 * (1 + 1e-9), 1.6, 0}, {0.8, 0.6, 0}));
  CHECK(cl::thread_drifted(thread, {1.3, 1.6, 0}, {0.8 + 1e-9, 0.6, 0}));
  cl::Coordinates Q(1 + 0.3 * 1.001, 2 - 0.4 * 1.001, 0.7);
  cl::Velocities V(0.8 + 0.06, 0.6 - 0.08, 2);  // 0.1 m/s outwards on top of 1 m/s along the circle
  cl::project_on_thread(thread, Q, V);
  const Eigen::Vector2d r = Q.head<2>() - thread.pivot;
  std::printf("projected: |r| - L = %.2e m, r.v = %.2e m²/s, v = (%.12f, %.12f), q and w kept (%.1f, %.1f)\n",
              r.norm() - thread.length, r.dot(V.head<2>()), V.x(), V.y(), Q.z(), V.z());
  CHECK(std::abs(r.norm() - thread.length) <= 1e-15);
  CHECK(std::abs(r.dot(V.head<2>())) <= 1e-15);
  CHECK(V.x() == doctest::Approx(0.8));
  CHECK(V.y() == doctest::Approx(0.6));
  CHECK(Q.z() == 0.7);
  CHECK(V.z() == 2);
  CHECK_FALSE(cl::thread_drifted(thread, Q, V));
}

TEST_CASE("thread stretch and snap: the outward radial speed is reversed times e, the energy lost is (1 − e²) m v_r² / 2") {
  const cl::Thread thread{true, Eigen::Vector2d(0, 0), 1};
  const cl::EllipseBody ball = disc(2, 0.05);
  CHECK(cl::thread_stretch(thread, {0.6, -0.8, 0}) == doctest::Approx(0).scale(1));
  CHECK(cl::thread_stretch(thread, {0, -1.5, 0}) == doctest::Approx(0.5));
  for (const double e : {0.0, 0.5, 1.0}) {
    cl::Coordinates Q(0, -1 - 1e-9, 0);  // a hair past the length, as a located snap leaves it
    cl::Velocities V(3, -2, 0);           // 2 m/s outwards (down), 3 m/s along the circle
    const cl::ThreadSnap snap = cl::snap_thread(thread, ball, e, Q, V);
    std::printf("snap with e = %.1f: radial %.3f -> %.6f m/s, tangential %.3f, energy lost %.9f J (closed form %.9f)\n", e,
                snap.radial_speed, -V.y(), V.x(), snap.energy_lost, 0.5 * (1 - e * e) * 2 * 4);
    CHECK(snap.radial_speed == doctest::Approx(2));
    CHECK(-V.y() == doctest::Approx(-e * 2));
    CHECK(V.x() == doctest::Approx(3));
    CHECK(snap.energy_lost == doctest::Approx(0.5 * (1 - e * e) * 2 * 4));
    CHECK(std::abs(Q.y() + 1) <= 1e-15);  // back on the circle
  }
  // Moving inwards, nothing happens.
  cl::Coordinates Q(0, -1, 0);
  cl::Velocities V(0, 1, 0);
  const cl::ThreadSnap none = cl::snap_thread(thread, ball, 0, Q, V);
  CHECK(none.energy_lost == 0);
  CHECK(V.y() == 1);
}
