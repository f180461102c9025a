#pragma once
// How an ellipse contact moves with its bodies: the rate of the normal's
// angle and of the radii of curvature at the support points, in closed form.
// The Hertz stiffness k0(R1, R2) changes as the contact point slides round
// the bodies; the energy audit needs dk0/dt at every force evaluation,
// which a central difference got from two more contact searches.
#include <Eigen/Core>

#include "geometry/ellipse.h"

namespace cl {

/// A rigid ellipse's motion: its centre's velocity and its spin.
struct EllipseMotion {
  Eigen::Vector2d velocity{0, 0};  ///< m/s
  double spin = 0;                 ///< rad/s
};

/// Rates of a contact whose normal is n = (cos θ, sin θ).
struct ContactRates {
  double normal_angle = 0;  ///< dθ/dt, rad/s
  double radius_a = 0;      ///< d(radius of curvature of A at its support point)/dt, m/s
  double radius_b = 0;      ///< the same for B (0 for a circular wall), m/s
};

/// For the stationary θ of F(θ) = h_A(n) + h_B(−n) (geometry/ellipse_contact.h,
/// ellipse_ellipse): F_θ(θ(t), t) = 0 gives dθ/dt = −F_θt / F_θθ, and each
/// radius ρ(ψ) = a²b²/s(ψ)³ moves with its relative angle ψ = θ − φ.
ContactRates ellipse_ellipse_rates(const EllipseAxes& A, const EllipseMotion& motion_a, const EllipseAxes& B,
                                   const EllipseMotion& motion_b, const Eigen::Vector2d& normal);

/// For the stationary θ of the ellipse's support h(n) against a circular
/// wall about the origin (ellipse_in_circle): the wall's radius is fixed.
ContactRates ellipse_in_circle_rates(const EllipseAxes& e, const EllipseMotion& motion, const Eigen::Vector2d& normal);

}  // namespace cl
