// Impulse and spring-dashpot contacts of seed 003, one pair at a time.
#include <doctest/doctest.h>

#include "particles/impulse_contact.h"
#include "particles/spring_dashpot_contact.h"

using Eigen::Vector3d;

TEST_CASE("impulse contact: momentum kept, normal speed reversed by e, centre of mass kept by projections") {
  const double m_a = 1, m_b = 3, e = 0.6, k_p = 0.4;
  Vector3d x_a(0, 0, 0), x_b(0.5, 0.2, 0.1), v_a(2, 0.5, 0), v_b(-1, 0, 0.3);
  const Vector3d n = (x_b - x_a).normalized();
  const Vector3d p0 = m_a * v_a + m_b * v_b, c0 = (m_a * x_a + m_b * x_b) / (m_a + m_b);
  const double closing0 = (v_b - v_a).dot(n), depth0 = 0.6 - (x_b - x_a).norm();
  const cl::ImpulseOutcome o = cl::collide_spheres(x_a, v_a, 1 / m_a, x_b, v_b, 1 / m_b, 0.3, 0.3, e, k_p);
  CHECK(o.touching);
  CHECK(o.impact);
  CHECK((m_a * v_a + m_b * v_b - p0).norm() < 1e-15);
  CHECK((v_b - v_a).dot(n) == doctest::Approx(-e * closing0).epsilon(1e-14));
  CHECK(((m_a * x_a + m_b * x_b) / (m_a + m_b) - c0).norm() < 1e-15);
  CHECK(0.6 - (x_b - x_a).norm() == doctest::Approx((1 - k_p) * depth0).epsilon(1e-12));
}

TEST_CASE("impulse contact: a separating pair gets no impulse, only the projection") {
  Vector3d x_a(0, 0, 0), x_b(0, 0, 0.5), v_a(0, 0, -1), v_b(0, 0, 1);
  const Vector3d v_a0 = v_a, v_b0 = v_b;
  const cl::ImpulseOutcome o = cl::collide_spheres(x_a, v_a, 1, x_b, v_b, 1, 0.3, 0.3, 1, 0.5);
  CHECK(o.touching);
  CHECK(!o.impact);
  CHECK(v_a == v_a0);
  CHECK(v_b == v_b0);
  CHECK(x_b.z() - x_a.z() == doctest::Approx(0.55));  // half of the 0.1 m overlap removed
}

TEST_CASE("impulse contact: zero relative velocity in overlap is freed by projections alone") {
  Vector3d x_a(0, 0, 0), x_b(0, 0, 0.4), v(0, 0, 0), w(0, 0, 0);
  for (int k = 0; k < 60; ++k) cl::collide_spheres(x_a, v, 1, x_b, w, 1, 0.3, 0.3, 0.5, 0.2);
  CHECK(x_b.z() - x_a.z() == doctest::Approx(0.6).epsilon(1e-5));  // overlap shrinks by 0.8 per pass
  CHECK(v.norm() == 0);
}

TEST_CASE("impulse contact with a plane: reflection by e, projection out of the plane") {
  Vector3d x(1, 0, 0.1), v(2, 0, -3);
  const cl::ImpulseOutcome o = cl::collide_sphere_plane(x, v, 0.3, Vector3d::UnitZ(), 0, 0.5, 1);
  CHECK(o.impact);
  CHECK(v.z() == doctest::Approx(1.5));
  CHECK(v.x() == 2);
  CHECK(x.z() == doctest::Approx(0.3));
  // The wall x = 4 with its normal pointing to -x (offset -4): a sphere at x = 3.9 overlaps it by 0.2.
  Vector3d y(3.9, 0, 1), u(1, 0, 0);
  CHECK(cl::collide_sphere_plane(y, u, 0.3, -Vector3d::UnitX(), -4, 1, 0).impact);
  CHECK(u.x() == -1);
}

TEST_CASE("spring-dashpot contact: k_s delta + k_d delta_rate, never pulling") {
  CHECK(cl::spring_dashpot_force(0.01, 0, 8000, 100) == doctest::Approx(80));
  CHECK(cl::spring_dashpot_force(0.01, 0.5, 8000, 100) == doctest::Approx(130));
  CHECK(cl::spring_dashpot_force(0.01, -2, 8000, 100) == 0);  // separating fast: the dashpot would pull
  CHECK(cl::spring_energy(0.01, 8000) == doctest::Approx(0.4));
}
