#include "dynamics/ellipse_body.h"

#include <cmath>

#include "math/sin_cos.h"

namespace cl {

Eigen::Vector2d observer_offset(const EllipseBody& body, double q) {
  return observer_offset(body, unit_vector(q));
}

Eigen::Vector2d observer_offset(const EllipseBody& body, const Eigen::Vector2d& axis) {
  const double c = axis.x(), s = axis.y();
  return {c * body.s.x() - s * body.s.y(), s * body.s.x() + c * body.s.y()};
}

Eigen::Matrix3d mass_matrix(const EllipseBody& body, double q) {
  const Eigen::Vector2d u = observer_offset(body, q);
  const double mt = body.total_mass();
  Eigen::Matrix3d M;
  M << mt, 0, -body.m_o * u.y(),  //
      0, mt, body.m_o * u.x(),     //
      -body.m_o * u.y(), body.m_o * u.x(), body.inertia() + body.m_o * body.s.squaredNorm();
  return M;
}

Velocities accelerations(const EllipseBody& body, const Coordinates& Q, const Velocities& V, const Velocities& F) {
  return accelerations_at(body, observer_offset(body, Q.z()), V, F);
}

Velocities accelerations_at(const EllipseBody& body, const Eigen::Vector2d& u, const Velocities& V,
                            const Velocities& F) {
  // Without an observer M is diagonal (the same numbers as below, sooner: bodies on threads, discs).
  if (body.m_o == 0) return {F.x() / body.m, F.y() / body.m, F.z() / body.inertia()};
  const Eigen::Vector2d w(-u.y(), u.x());  // d u / dq
  const Eigen::Vector2d force = F.head<2>() + body.m_o * V.z() * V.z() * u;  // plus the observer's centrifugal pull
  // M = [[m_t 1, m_o w], [m_o wᵀ, J]]: eliminating the linear accelerations
  // a = (f − m_o w q̈)/m_t leaves q̈ (J − m_o² |w|²/m_t) = τ − m_o w·f/m_t,
  // where the bracket is positive (the kinetic energy is).
  const double mt = body.total_mass();
  const double J = body.inertia() + body.m_o * body.s.squaredNorm();
  const double q_dd = (F.z() - body.m_o * w.dot(force) / mt) / (J - body.m_o * body.m_o * w.squaredNorm() / mt);
  Velocities a;
  a << (force - body.m_o * q_dd * w) / mt, q_dd;
  return a;
}

double kinetic_energy(const EllipseBody& body, const Coordinates& Q, const Velocities& V) {
  return 0.5 * V.dot(mass_matrix(body, Q.z()) * V);
}

Eigen::Vector2d linear_momentum(const EllipseBody& body, const Coordinates& Q, const Velocities& V) {
  const Eigen::Vector2d u = observer_offset(body, Q.z());
  const Eigen::Vector2d w(-u.y(), u.x());
  return body.total_mass() * V.head<2>() + body.m_o * V.z() * w;
}

double angular_momentum(const EllipseBody& body, const Coordinates& Q, const Velocities& V) {
  const Eigen::Vector2d c = Q.head<2>(), v = V.head<2>();
  const Eigen::Vector2d u = observer_offset(body, Q.z());
  const Eigen::Vector2d w(-u.y(), u.x());
  const Eigen::Vector2d p_o = c + u, v_o = v + V.z() * w;
  return body.m * cross(c, v) + body.inertia() * V.z() + body.m_o * cross(p_o, v_o);
}

Eigen::Vector2d point_velocity(const Coordinates& Q, const Velocities& V, const Eigen::Vector2d& p) {
  const Eigen::Vector2d r = p - Q.head<2>();
  return V.head<2>() + V.z() * Eigen::Vector2d(-r.y(), r.x());
}

}  // namespace cl
