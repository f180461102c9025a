#pragma once
// A homogeneous ellipse (mass m, semi-axes a, b) carrying an observer point
// mass m_o fixed at s = (alpha a, beta b) in its body frame, moving in a plane
// with coordinates Q = (x, z, q): centre and angle. With u = R(q) s the
// observer's world offset and w = J u its rotation rate direction
// (J = rotation by +90 deg, so d(u)/dt = q' w, d(w)/dt = -q' u), the kinetic
// energy is
//   T = 1/2 m |c'|^2 + 1/2 I q'^2 + 1/2 m_o |c' + q' w|^2,   I = m (a^2 + b^2) / 4.
// Lagrange's equations give M(q) Q'' = F + (m_o q'^2 u, 0):
//   M = [ m+m_o   0      -m_o u_z ]      (w = (-u_z, u_x))
//       [ 0       m+m_o   m_o u_x ]
//       [ -m_o u_z  m_o u_x   I + m_o |s|^2 ]
// where the centrifugal term m_o q'^2 u acts on the translation only: in the
// rotational equation the two velocity terms, -m_o q' u.c' from d/dt(dT/dq')
// and +m_o q' c'.u from -dT/dq, cancel. F = (sum of forces, torque about the
// centre) of the contact forces.
#include <Eigen/Core>

namespace cl {

struct EllipseBody {
  double m = 1;           ///< ellipse mass, kg
  double a = 2, b = 1;    ///< semi-axes, m
  double m_o = 1;         ///< observer mass, kg
  Eigen::Vector2d s{1, 0.5};  ///< observer offset in the body frame, m

  double inertia() const { return 0.25 * m * (a * a + b * b); }  ///< about the centre, kg m^2
  double total_mass() const { return m + m_o; }
};

using Coordinates = Eigen::Vector3d;  ///< (x, z, q): m, m, rad
using Velocities = Eigen::Vector3d;   ///< (x', z', q'): m/s, m/s, rad/s

/// World offset of the observer from the centre, u = R(q) s (m).
Eigen::Vector2d observer_offset(const EllipseBody& body, double q);
/// The same from the body's first axis e1 = (cos q, sin q), already evaluated.
Eigen::Vector2d observer_offset(const EllipseBody& body, const Eigen::Vector2d& axis);
/// The mass matrix M(q) above.
Eigen::Matrix3d mass_matrix(const EllipseBody& body, double q);
/// Accelerations Q'' for generalized force F = (f_x, f_z, torque) (N, N, N m).
Velocities accelerations(const EllipseBody& body, const Coordinates& Q, const Velocities& V, const Velocities& F);
/// The same with the observer's offset u = R(q) s (m) already evaluated.
Velocities accelerations_at(const EllipseBody& body, const Eigen::Vector2d& observer, const Velocities& V,
                            const Velocities& F);
/// Kinetic energy (J).
double kinetic_energy(const EllipseBody& body, const Coordinates& Q, const Velocities& V);
/// Linear momentum of ellipse and observer (kg m/s).
Eigen::Vector2d linear_momentum(const EllipseBody& body, const Coordinates& Q, const Velocities& V);
/// Angular momentum about the origin (kg m^2/s).
double angular_momentum(const EllipseBody& body, const Coordinates& Q, const Velocities& V);
/// Velocity of a material point at world position p (m/s).
Eigen::Vector2d point_velocity(const Coordinates& Q, const Velocities& V, const Eigen::Vector2d& p);
/// z-component of (r x f).
inline double cross(const Eigen::Vector2d& r, const Eigen::Vector2d& f) { return r.x() * f.y() - r.y() * f.x(); }

}  // namespace cl
