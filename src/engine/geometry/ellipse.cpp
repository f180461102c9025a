#include "geometry/ellipse.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

// The direction n in body coordinates: u = n·e1, v = n·e2. The support
// value is c·n + s with s = sqrt(q), q = a²u² + b²v² (s is the support
// value of the same ellipse centred at the origin).
struct BodyComponents {
  double u, v;
};

BodyComponents body_components(const EllipseAxes& e, const Eigen::Vector2d& n) {
  return {n.dot(e.e1), n.dot(e.e2)};
}

double squared_shape_support(const Ellipse& e, BodyComponents d) {
  return e.a * e.a * d.u * d.u + e.b * e.b * d.v * d.v;
}

}  // namespace

EllipseAxes::EllipseAxes(const Ellipse& e)
    : shape(e), e1(unit_vector(e.angle)), e2(-e1.y(), e1.x()) {}

double support_value(const Ellipse& e, const Eigen::Vector2d& normal) {
  return e.center.dot(normal) + std::sqrt(squared_shape_support(e, body_components(EllipseAxes(e), normal)));
}

Eigen::Vector2d support_point(const Ellipse& e, const Eigen::Vector2d& normal) {
  return support_point(EllipseAxes(e), normal);
}

Eigen::Vector2d support_point(const EllipseAxes& axes, const Eigen::Vector2d& normal) {
  // p maximises p·n on the boundary c + a cos t e1 + b sin t e2, where
  // (a cos t, b sin t) ∝ (a²u, b²v): the gradient of h with respect to n.
  const Ellipse& e = axes.shape;
  const BodyComponents d = body_components(axes, normal);
  const double s = std::sqrt(squared_shape_support(e, d));
  return e.center + (e.a * e.a * d.u * axes.e1 + e.b * e.b * d.v * axes.e2) / s;
}

double support_radius_of_curvature(const Ellipse& e, const Eigen::Vector2d& normal) {
  return support_radius_of_curvature(EllipseAxes(e), normal);
}

double support_radius_of_curvature(const EllipseAxes& axes, const Eigen::Vector2d& normal) {
  const Ellipse& e = axes.shape;
  const double q = squared_shape_support(e, body_components(axes, normal));
  return e.a * e.a * e.b * e.b / (q * std::sqrt(q));
}

AngleDerivatives support_derivatives(const Ellipse& e, double normal_angle) {
  return support_derivatives(EllipseAxes(e), unit_vector(normal_angle));
}

AngleDerivatives support_derivatives(const EllipseAxes& axes, const Eigen::Vector2d& n) {
  // With n = (cos θ, sin θ) and t = dn/dθ = (−sin θ, cos θ):
  //   u = n·e1, v = n·e2  =>  du/dθ = t·e1 = −v,  dv/dθ = t·e2 = u.
  //   q = a²u² + b²v²    =>  q' = 2(b² − a²)uv,  q'' = 2(b² − a²)(u² − v²).
  //   s = sqrt(q)        =>  s' = q'/(2s) = (b² − a²)uv/s,
  //                          s'' = (q''/2 − s'²)/s = ((b² − a²)(u² − v²) − s'²)/s.
  //   h = c·n + s        =>  h' = c·t + s',  h'' = −c·n + s''.
  // The centre term drops out of h + h'' = s + s'', which simplifies (using
  // u² + v² = 1) to a²b²/s³: the radius of curvature, as it must, since for
  // any convex curve ds/dθ = h + h''.
  const Ellipse& e = axes.shape;
  const Eigen::Vector2d t(-n.y(), n.x());
  const BodyComponents d = body_components(axes, n);
  const double s = std::sqrt(squared_shape_support(e, d));
  const double b2_minus_a2 = e.b * e.b - e.a * e.a;
  const double ds = b2_minus_a2 * d.u * d.v / s;
  const double d2s = (b2_minus_a2 * (d.u * d.u - d.v * d.v) - ds * ds) / s;
  return {e.center.dot(n) + s, e.center.dot(t) + ds, -e.center.dot(n) + d2s};
}

Eigen::Vector2d support_point(const Ellipse& e, double normal_angle) {
  return support_point(e, unit_vector(normal_angle));
}

double support_radius_of_curvature(const Ellipse& e, double normal_angle) {
  return support_radius_of_curvature(e, unit_vector(normal_angle));
}

double bounding_radius(const Ellipse& e) { return std::max(e.a, e.b); }

}  // namespace cl
