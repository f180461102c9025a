#include "geometry/ellipse_contact.h"

#include <cmath>

namespace cl {
namespace {

AngleDerivatives pair_support_sum(const EllipseAxes& A, const EllipseAxes& B, const Eigen::Vector2d& n) {
  // h_B(−n(θ)) = h_B(n(θ + π)), whose θ-derivatives are those of h_B at θ + π.
  const AngleDerivatives h_a = support_derivatives(A, n);
  const AngleDerivatives h_b = support_derivatives(B, Eigen::Vector2d(-n));
  return {h_a.value + h_b.value, h_a.d_dtheta + h_b.d_dtheta, h_a.d2_dtheta2 + h_b.d2_dtheta2};
}

AngleDerivatives wall_gap(const EllipseAxes& e, double wall_radius, const Eigen::Vector2d& n) {
  const AngleDerivatives h = support_derivatives(e, n);
  return {wall_radius - h.value, -h.d_dtheta, -h.d2_dtheta2};
}

}  // namespace

AngleDerivatives ellipse_pair_support_sum(const Ellipse& A, const Ellipse& B, double normal_angle) {
  return pair_support_sum(EllipseAxes(A), EllipseAxes(B), unit_vector(normal_angle));
}

ContactGeometry ellipse_ellipse(const Ellipse& A, const Ellipse& B, const ContactSearch& search) {
  return ellipse_ellipse(EllipseAxes(A), EllipseAxes(B), search);
}

ContactGeometry ellipse_ellipse(const EllipseAxes& a, const EllipseAxes& b, const ContactSearch& search) {
  const AngleMinimum minimum = minimize_over_angle(
      [&](double, const Eigen::Vector2d& n) { return pair_support_sum(a, b, n); }, search);
  const Eigen::Vector2d& n = minimum.direction;
  return {-minimum.value,
          n,
          support_point(a, n),
          support_point(b, Eigen::Vector2d(-n)),
          support_radius_of_curvature(a, n),
          support_radius_of_curvature(b, Eigen::Vector2d(-n)),
          minimum.angle};
}

AngleDerivatives ellipse_wall_gap(const Ellipse& e, double wall_radius, double normal_angle) {
  return wall_gap(EllipseAxes(e), wall_radius, unit_vector(normal_angle));
}

ContactGeometry ellipse_in_circle(const Ellipse& e, double wall_radius,
                                  const ContactSearch& search) {
  return ellipse_in_circle(EllipseAxes(e), wall_radius, search);
}

ContactGeometry ellipse_in_circle(const EllipseAxes& axes, double wall_radius, const ContactSearch& search) {
  const AngleMinimum minimum = minimize_over_angle(
      [&](double, const Eigen::Vector2d& n) { return wall_gap(axes, wall_radius, n); }, search);
  const Eigen::Vector2d& n = minimum.direction;
  return {minimum.value,       n, support_point(axes, n), wall_radius * n,
          support_radius_of_curvature(axes, n), -wall_radius, minimum.angle};
}

bool may_touch(const Ellipse& A, const Ellipse& B, double margin) {
  return (B.center - A.center).norm() <= bounding_radius(A) + bounding_radius(B) + margin;
}

double farthest_distance_bound(const Ellipse& e) { return farthest_distance_bound(EllipseAxes(e)); }

double farthest_distance_bound(const EllipseAxes& axes) {
  const Ellipse& e = axes.shape;
  const double u = e.center.dot(axes.e1), v = e.center.dot(axes.e2);  // |c| ĉ·e1, |c| ĉ·e2
  const double r = bounding_radius(e);
  return std::sqrt(e.center.squaredNorm() + 2 * std::sqrt(e.a * e.a * u * u + e.b * e.b * v * v) + r * r);
}

bool may_touch_wall(const Ellipse& e, double wall_radius, double margin) {
  return may_touch_wall(EllipseAxes(e), wall_radius, margin);
}

bool may_touch_wall(const EllipseAxes& e, double wall_radius, double margin) {
  return farthest_distance_bound(e) >= wall_radius - margin;
}

}  // namespace cl
