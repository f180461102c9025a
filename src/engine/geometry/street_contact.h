#pragma once
// An ellipse above a street y = s(x), by the common-normal formulation of
// DESIGN.md. With P(x) = (x, s(x)), ν(x) the street's upward normal, T(x)
// its tangent and p(x) the ellipse's support point in direction −ν(x) (its
// lowest point seen from the street's tangent at x):
//   g(x) = (p(x) − P(x))·ν(x)   separation of the ellipse from the tangent at x,
//   F(x) = (p(x) − P(x))·T(x)   the common-normal residual.
// Because p' and P' are both along T, g'(x) = −κ w F and
//   F'(x) = w (κ (ρ_E + g) − 1),   w = sqrt(1 + s'²), ρ_E the ellipse's radius at p,
// so the stationary points of g are the roots of F: the pairs (p, P) joined
// by a common normal. At a root |g| = |p − P|, so the least g over the roots
// is the distance to the street when clear of it, and minus the deepest
// penetration (along the common normal) when not. Roots are searched, not
// g minimised: on a hump (κ < 0) the contact is a maximum of g over x (the
// tangents of a hump pass above it), and on a flat street g is constant
// while F is not.
#include <optional>

#include <Eigen/Core>

#include "geometry/ellipse.h"
#include "geometry/street.h"

namespace cl {

/// g, F and dF/dx at one street abscissa.
struct CommonNormalResidual {
  StreetPoint street;
  Eigen::Vector2d ellipse_point;  ///< p(x), m
  double ellipse_radius = 0;      ///< ρ_E at p, m
  double gap = 0;                 ///< g(x), m
  double residual = 0;            ///< F(x), m
  double d_residual = 0;          ///< dF/dx, dimensionless
};

CommonNormalResidual common_normal_residual(const Ellipse& e, const Street& street, double x);

/// How to search. With a warm x (the contact found one step earlier) the
/// root there is followed by safeguarded Newton steps; global_check adds a
/// sample of F at `samples` + 1 points over the window |x − x_c| <=
/// bounding radius + margin under the ellipse and refines every sign
/// change, so another, deeper contact is never missed.
struct StreetSearch {
  std::optional<double> warm_x;
  bool global_check = true;
  int samples = 64;
  double margin = 1;  ///< m, how far beyond the bounding circle the window reaches
};

/// The contact of an ellipse with the street.
struct StreetContact {
  bool found = false;   ///< a common normal in the window; if false, gap is a lower bound
  double gap = 0;       ///< m: > 0 clear, < 0 penetration depth along the common normal
  double x = 0;         ///< street abscissa of the contact, m
  Eigen::Vector2d street_point{0, 0};   ///< P, m
  Eigen::Vector2d ellipse_point{0, 0};  ///< p, m (p − P = gap · normal)
  Eigen::Vector2d normal{0, 1};         ///< ν at P, unit, from the street towards the ellipse
  double ellipse_radius = 0;            ///< ρ_E at p, m (> 0)
  /// Signed radius of the street at P as the ellipse sees it, −1/κ (m): > 0 on
  /// a hump (convex), < 0 in a valley (concave), +inf where flat.
  double street_radius = 0;
  std::optional<double> nonfinite_x;    ///< where the street could not be evaluated
};

StreetContact ellipse_street(const Ellipse& e, const Street& street, const StreetSearch& search);

}  // namespace cl
