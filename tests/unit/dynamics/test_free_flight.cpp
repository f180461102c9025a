// Free flight in closed form (dynamics/free_flight.h): the centre of mass on
// its parabola, a constant spin, energy and momentum as gravity dictates,
// flights that compose, and point_reach bounding how far a point gets.
#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include <doctest/doctest.h>

#include "dynamics/ellipse_body.h"
#include "dynamics/free_flight.h"
#include "support/ellipse.h"

namespace {

const Eigen::Vector2d kGravity(0, -9.81);

cl::EllipseBody body_with_observer() { return test::ellipse(2, 1.5, 0.5, 0.7, {0.9, -0.3}); }

Eigen::Vector2d mass_centre(const cl::EllipseBody& body, const cl::Coordinates& Q) {
  return Q.head<2>() + body.m_o / body.total_mass() * cl::observer_offset(body, Q.z());
}

double energy(const cl::EllipseBody& body, const cl::Coordinates& Q, const cl::Velocities& V) {
  return cl::kinetic_energy(body, Q, V) - body.total_mass() * kGravity.dot(mass_centre(body, Q));
}

}  // namespace

TEST_CASE("free flight: the centre of mass on its parabola, the spin constant, energy kept") {
  const cl::EllipseBody body = body_with_observer();
  const cl::Coordinates Q0(0.3, 2, 0.4);
  const cl::Velocities V0(1.5, 3, 2.5);
  const Eigen::Vector2d c0 = mass_centre(body, Q0);
  const Eigen::Vector2d cv0 = cl::linear_momentum(body, Q0, V0) / body.total_mass();
  double worst_centre = 0, worst_energy = 0, worst_spin = 0;
  for (double t : {0.01, 0.1, 0.37, 1.0, 2.5}) {
    cl::Coordinates Q = Q0;
    cl::Velocities V = V0;
    cl::advance_free_flight(body, kGravity, t, Q, V);
    const Eigen::Vector2d expected = c0 + cv0 * t + 0.5 * kGravity * t * t;
    worst_centre = std::max(worst_centre, (mass_centre(body, Q) - expected).norm());
    worst_spin = std::max({worst_spin, std::abs(Q.z() - (Q0.z() + V0.z() * t)), std::abs(V.z() - V0.z())});
    worst_energy = std::max(worst_energy, std::abs(energy(body, Q, V) - energy(body, Q0, V0)));
  }
  MESSAGE("centre of mass off its parabola by " << worst_centre << " m, spin by " << worst_spin
                                                 << ", energy by " << worst_energy << " J");
  CHECK(worst_centre < 1e-12);
  CHECK(worst_spin < 1e-12);
  CHECK(worst_energy < 1e-11);  // of ~100 J
}

TEST_CASE("free flight: two flights make one, and no observer means the centre itself flies") {
  const cl::EllipseBody body = body_with_observer();
  cl::Coordinates Q(0, 0, 1), Q_once(0, 0, 1);
  cl::Velocities V(2, 1, -3), V_once(2, 1, -3);
  cl::advance_free_flight(body, kGravity, 0.3, Q, V);
  cl::advance_free_flight(body, kGravity, 0.45, Q, V);
  cl::advance_free_flight(body, kGravity, 0.75, Q_once, V_once);
  MESSAGE("0.3 s + 0.45 s against 0.75 s: " << (Q - Q_once).norm() << " m, " << (V - V_once).norm() << " m/s");
  CHECK((Q - Q_once).norm() < 1e-13);
  CHECK((V - V_once).norm() < 1e-13);

  cl::EllipseBody plain = body;
  plain.m_o = 0;
  cl::Coordinates P(1, 2, 0);
  cl::Velocities W(0.5, 4, 7);
  cl::advance_free_flight(plain, kGravity, 0.5, P, W);
  CHECK(P.x() == doctest::Approx(1.25).epsilon(1e-14));
  CHECK(P.y() == doctest::Approx(2 + 4 * 0.5 - 0.5 * 9.81 * 0.25).epsilon(1e-14));
  CHECK(W.y() == doctest::Approx(4 - 9.81 * 0.5).epsilon(1e-14));
}

TEST_CASE("point_reach bounds how far the body's farthest point flies") {
  const cl::EllipseBody body = body_with_observer();
  const double reach_radius = cl::farthest_point(body);
  const cl::Coordinates Q0(0, 0, 0.2);
  const cl::Velocities V0(3, -1, 6);
  const double kinetic = cl::kinetic_energy(body, Q0, V0);
  double worst_share = 0;
  for (double dt : {1e-3, 0.01, 0.05, 0.2}) {
    cl::Coordinates Q = Q0;
    cl::Velocities V = V0;
    cl::advance_free_flight(body, kGravity, dt, Q, V);
    // The ellipse's rim points and the observer: none may move farther than the bound.
    double moved = (cl::observer_offset(body, Q.z()) + Q.head<2>() - cl::observer_offset(body, Q0.z()) -
                    Q0.head<2>()).norm();
    for (int k = 0; k < 64; ++k) {
      const double s = 2 * M_PI * k / 64;
      const Eigen::Vector2d local(body.a * std::cos(s), body.b * std::sin(s));
      const auto world = [&](const cl::Coordinates& q) {
        return Eigen::Vector2d(q.head<2>() + Eigen::Rotation2Dd(q.z()) * local);
      };
      moved = std::max(moved, (world(Q) - world(Q0)).norm());
    }
    const double bound = cl::point_reach(body, reach_radius, kinetic, body.total_mass(), kGravity.norm(), dt);
    worst_share = std::max(worst_share, moved / bound);
    CHECK(moved <= bound);
  }
  MESSAGE("the farthest a point moved, as a share of point_reach: " << worst_share);
}
