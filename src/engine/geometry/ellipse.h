#pragma once
// A rigid ellipse in the plane and its support function, the one object
// every ellipse contact is built from (DESIGN.md, "Contact geometry").
#include <Eigen/Core>

#include "geometry/angle_derivatives.h"
#include "math/sin_cos.h"

namespace cl {

/// An ellipse: centre (m), orientation of its first body axis e1 (rad,
/// anticlockwise from x), semi-axis a along e1 and b along e2 (m, > 0).
struct Ellipse {
  Eigen::Vector2d center;
  double angle;
  double a, b;
};

/// An ellipse with its body axes e1, e2 evaluated once: the form the
/// contact searches use, since they evaluate its support function dozens of
/// times per state and the sines and cosines were most of their cost.
struct EllipseAxes {
  explicit EllipseAxes(const Ellipse& e);
  Ellipse shape;
  Eigen::Vector2d e1, e2;
};

/// Support value h(n) = max over the ellipse of p·n = c·n + sqrt(a²(n·e1)² + b²(n·e2)²),
/// m, for a unit direction n.
double support_value(const Ellipse& e, const Eigen::Vector2d& normal);

/// The boundary point whose outward normal is the unit vector n (m):
/// c + (a²(n·e1) e1 + b²(n·e2) e2) / sqrt(a²(n·e1)² + b²(n·e2)²).
Eigen::Vector2d support_point(const Ellipse& e, const Eigen::Vector2d& normal);

/// Radius of curvature of the boundary at the support point of the unit
/// direction n, m: a²b² / (a²(n·e1)² + b²(n·e2)²)^{3/2}.
double support_radius_of_curvature(const Ellipse& e, const Eigen::Vector2d& normal);

/// h(θ) = h(n(θ)) with n(θ) = (cos θ, sin θ), and dh/dθ (m/rad), d²h/dθ²
/// (m/rad²). The radius of curvature equals h + d²h/dθ².
AngleDerivatives support_derivatives(const Ellipse& e, double normal_angle);

/// The same for the direction n = n(θ) given as a unit vector: derivatives
/// along dn/dθ = (−n_y, n_x).
AngleDerivatives support_derivatives(const EllipseAxes& e, const Eigen::Vector2d& normal);

/// support_point and support_radius_of_curvature with the axes evaluated once.
Eigen::Vector2d support_point(const EllipseAxes& e, const Eigen::Vector2d& normal);
double support_radius_of_curvature(const EllipseAxes& e, const Eigen::Vector2d& normal);

/// support_point at n(θ), θ in rad.
Eigen::Vector2d support_point(const Ellipse& e, double normal_angle);

/// support_radius_of_curvature at n(θ), θ in rad.
double support_radius_of_curvature(const Ellipse& e, double normal_angle);

/// Radius of the smallest circle about the centre that holds the ellipse,
/// max(a, b) (m): the conservative bound for a broad phase.
double bounding_radius(const Ellipse& e);

}  // namespace cl
