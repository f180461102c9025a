// world/energy.cpp: the energies a world reports, against their definitions
// (dynamics/ellipse_body.h): T = 1/2 Vᵀ M(q) V with the observer's share,
// V_g = −g·(m c + m_o (c + u)), summed over the bodies.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "dynamics/ellipse_body.h"
#include "world/world.h"

TEST_CASE("energy: kinetic and potential energy of ellipses with observers match their closed forms") {
  cl::WorldModel m;
  m.n = 2;
  m.body = cl::EllipseBody{1.5, 1, 0.5, 0.4, {0.6, 0.2}};  // m (kg), a, b (m), m_o (kg), s (m)
  m.boundary.kind = cl::BoundaryKind::None;
  m.gravity = {0.3, -9.81};
  m.mass_factors = {1, 2};
  cl::Vec y(12);
  y << -3, 1, 0.7, 3, -2, -1.1,   // Q_0, Q_1: m, m, rad
      1, -2, 3, -0.5, 0.25, 4;    // V_0, V_1: m/s, m/s, rad/s
  cl::World world;
  REQUIRE_FALSE(world.start(m, 0, y));
  double kinetic = 0, potential = 0;
  for (int i = 0; i < 2; ++i) {
    cl::EllipseBody body = m.body;
    body.m *= m.mass_factors[i];
    body.m_o *= m.mass_factors[i];
    const Eigen::Vector3d Q = y.segment<3>(3 * i), V = y.segment<3>(6 + 3 * i);
    kinetic += 0.5 * V.dot(cl::mass_matrix(body, Q.z()) * V);
    // The observer's offset u = R(q) s.
    const Eigen::Vector2d u(std::cos(Q.z()) * body.s.x() - std::sin(Q.z()) * body.s.y(),
                            std::sin(Q.z()) * body.s.x() + std::cos(Q.z()) * body.s.y());
    potential -= m.gravity.dot(body.m * Q.head<2>() + body.m_o * (Q.head<2>() + u));
  }
  std::printf("energy: kinetic %.15g J (closed form %.15g), potential %.15g J (%.15g)\n", world.kinetic_energy(),
              kinetic, world.potential_energy(), potential);
  CHECK(std::abs(world.kinetic_energy() - kinetic) <= 1e-12 * std::abs(kinetic));
  CHECK(std::abs(world.potential_energy() - potential) <= 1e-12 * std::abs(potential));
  CHECK(world.dissipated_energy() == 0);
  CHECK(world.spring_energy() == 0);
}
