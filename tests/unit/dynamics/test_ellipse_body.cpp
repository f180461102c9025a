// EllipseBody (src/engine/dynamics/ellipse_body.h) measured against its own
// definition. The hand-derived 3x3 mass matrix must reproduce
//   T = 1/2 m |c'|^2 + 1/2 I q'^2 + 1/2 m_o |c' + q' w|^2,
//   w = J R(q) s (J = rotation by +90 deg), I = m (a^2 + b^2) / 4,
// for every state, and be symmetric positive definite. Free motion (F = 0)
// integrated by Dopri5 must then conserve the kinetic energy, the linear
// momentum m c' + m_o (c' + q' w) and the angular momentum about the origin:
// with the centrifugal term m_o q'^2 u left out (or misplaced in the
// rotational row) the centre of mass would accelerate and all three drift
// at O(1), so ~1e-9 drifts prove the term.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include <Eigen/Eigenvalues>
#include <doctest/doctest.h>

#include "dynamics/ellipse_body.h"
#include "integrators/dopri5.h"

namespace {

constexpr double kPi = 3.141592653589793;

/// T straight from the definition, with w built by hand (not observer_offset).
double kinetic_energy_by_definition(const cl::EllipseBody& body, double q, const cl::Velocities& V) {
  const double c = std::cos(q), s = std::sin(q);
  const Eigen::Vector2d u(c * body.s.x() - s * body.s.y(), s * body.s.x() + c * body.s.y());
  const Eigen::Vector2d w(-u.y(), u.x());
  const Eigen::Vector2d v = V.head<2>(), v_o = v + V.z() * w;
  const double I = 0.25 * body.m * (body.a * body.a + body.b * body.b);
  return 0.5 * body.m * v.squaredNorm() + 0.5 * I * V.z() * V.z() + 0.5 * body.m_o * v_o.squaredNorm();
}

cl::EllipseBody random_body(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> mass(0.01, 10), axis(0.1, 5), unit(-1, 1);
  cl::EllipseBody body;
  body.m = mass(rng);
  body.m_o = mass(rng);
  body.a = axis(rng);
  body.b = axis(rng);
  double alpha = unit(rng), beta = unit(rng);
  const double r = std::hypot(alpha, beta);
  if (r > 1) alpha /= r, beta /= r;  // the observer lies inside the ellipse
  body.s = Eigen::Vector2d(alpha * body.a, beta * body.b);
  return body;
}

}  // namespace

TEST_CASE("ellipse body: V^T M V / 2 equals the kinetic energy of ellipse and observer") {
  std::mt19937_64 rng(20240603);
  std::uniform_real_distribution<double> speed(-20, 20), angle(-4 * kPi, 4 * kPi);
  double worst = 0;
  for (int k = 0; k < 10000; ++k) {
    const cl::EllipseBody body = random_body(rng);
    const double q = angle(rng);
    const cl::Velocities V(speed(rng), speed(rng), speed(rng));
    const double T = kinetic_energy_by_definition(body, q, V);
    const double quadratic = 0.5 * V.dot(cl::mass_matrix(body, q) * V);
    const cl::Coordinates Q(speed(rng), speed(rng), q);
    worst = std::max({worst, std::abs(quadratic - T) / T, std::abs(cl::kinetic_energy(body, Q, V) - T) / T});
  }
  MESSAGE("worst |V^T M V / 2 - T| / T over 10,000 random bodies and states: " << worst);
  // Both are a handful of products of O(1) numbers: round-off, a few ulp of T.
  CHECK(worst < 1e-13);
}

TEST_CASE("ellipse body: mass matrix is symmetric positive definite") {
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> angle(-kPi, kPi);
  double worst_asymmetry = 0, smallest_ratio = 1;
  for (int k = 0; k < 10000; ++k) {
    const cl::EllipseBody body = random_body(rng);
    const Eigen::Matrix3d M = cl::mass_matrix(body, angle(rng));
    worst_asymmetry = std::max(worst_asymmetry, (M - M.transpose()).cwiseAbs().maxCoeff());
    const Eigen::Vector3d lambda = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(M).eigenvalues();
    smallest_ratio = std::min(smallest_ratio, lambda.minCoeff() / lambda.maxCoeff());
  }
  MESSAGE("largest |M - M^T| entry: " << worst_asymmetry << ", smallest lambda_min / lambda_max: " << smallest_ratio);
  CHECK(worst_asymmetry == 0);  // built symmetric entry by entry
  // T > 0 for any motion: det M = (m + m_o) [(m + m_o)(I + m_o|s|^2) - m_o^2 |s|^2] > 0.
  CHECK(smallest_ratio > 0);
}

TEST_CASE("ellipse body: free motion conserves energy, linear and angular momentum (centrifugal term)") {
  // The seed's body (a = 2, b = 1, m = m_o = 1, observer at (a/2, b/2)) and
  // an off-centre heavy observer, both spinning fast while drifting.
  struct Case {
    const char* name;
    cl::EllipseBody body;
    cl::Coordinates Q;
    cl::Velocities V;
  };
  cl::EllipseBody seed;
  cl::EllipseBody heavy;
  heavy.m = 0.3;
  heavy.m_o = 5;
  heavy.a = 1.5;
  heavy.b = 0.4;
  heavy.s = Eigen::Vector2d(-0.9 * 1.5, 0.3 * 0.4);
  const Case cases[] = {{"seed body", seed, {0.3, -1.2, 0.7}, {3.0, -1.5, 15.0}},
                        {"heavy off-centre observer", heavy, {-2.0, 0.5, -1.0}, {-0.5, 4.0, -9.0}}};
  for (const Case& c : cases) {
    const cl::EllipseBody body = c.body;
    const cl::OdeRhs rhs = [&](double, const cl::Vec& y, cl::Vec& dydt) {
      dydt.head<3>() = y.tail<3>();
      dydt.tail<3>() = cl::accelerations(body, y.head<3>(), y.tail<3>(), cl::Velocities::Zero());
    };
    cl::Vec y(6);
    y << c.Q, c.V;
    const double T0 = cl::kinetic_energy(body, c.Q, c.V);
    const Eigen::Vector2d p0 = cl::linear_momentum(body, c.Q, c.V);
    const double L0 = cl::angular_momentum(body, c.Q, c.V);
    // Scales for relative drifts: |p| and |L| can be small by accident.
    const double p_scale = std::sqrt(2 * body.total_mass() * T0);
    cl::Dopri5 solver(cl::Dopri5Options{1e-12, 1e-14});
    solver.start(0, y, rhs);
    double dT = 0, dp = 0, dL = 0, L_scale = std::abs(L0);
    const double t_end = 5;  // s: ~10 turns of the seed body at 15 rad/s
    while (solver.t() < t_end) {
      REQUIRE(solver.step(rhs, t_end));
      const cl::Coordinates Q = solver.y().head<3>();
      const cl::Velocities V = solver.y().tail<3>();
      // |L| about the origin grows with the distance travelled: scale by it.
      L_scale = std::max(L_scale, Q.head<2>().norm() * p_scale);
      dT = std::max(dT, std::abs(cl::kinetic_energy(body, Q, V) - T0) / T0);
      dp = std::max(dp, (cl::linear_momentum(body, Q, V) - p0).norm() / p_scale);
      dL = std::max(dL, std::abs(cl::angular_momentum(body, Q, V) - L0));
    }
    dL /= L_scale;
    std::printf("free motion, %s, %g s, %lld steps: max drift |dT|/T0 = %.2e, |dp|/sqrt(2 M T0) = %.2e, |dL|/L_scale = %.2e\n",
                c.name, t_end, solver.accepted_steps(), dT, dp, dL);
    const std::string name = c.name;
    CAPTURE(name);
    // rtol 1e-12 over a few thousand steps: the integration error, ~1e-11;
    // a missing or misplaced centrifugal term drifts at O(1).
    CHECK(dT < 1e-9);
    CHECK(dp < 1e-9);
    CHECK(dL < 1e-9);
  }
}
