#include "geometry/ellipse_contact.h"

#include <cmath>

namespace cl {
namespace {

constexpr double kPi = 3.141592653589793;

}  // namespace

AngleDerivatives ellipse_pair_support_sum(const Ellipse& A, const Ellipse& B, double normal_angle) {
  // h_B(−n(θ)) = h_B(n(θ + π)), whose θ-derivatives are those of h_B at θ + π.
  const AngleDerivatives h_a = support_derivatives(A, normal_angle);
  const AngleDerivatives h_b = support_derivatives(B, normal_angle + kPi);
  return {h_a.value + h_b.value, h_a.d_dtheta + h_b.d_dtheta, h_a.d2_dtheta2 + h_b.d2_dtheta2};
}

ContactGeometry ellipse_ellipse(const Ellipse& A, const Ellipse& B, const ContactSearch& search) {
  const AngleMinimum minimum = minimize_over_angle(
      [&](double theta) { return ellipse_pair_support_sum(A, B, theta); }, search);
  const Eigen::Vector2d n = unit_vector(minimum.angle);
  return {-minimum.value,
          n,
          support_point(A, n),
          support_point(B, Eigen::Vector2d(-n)),
          support_radius_of_curvature(A, n),
          support_radius_of_curvature(B, Eigen::Vector2d(-n)),
          minimum.angle};
}

AngleDerivatives ellipse_wall_gap(const Ellipse& e, double wall_radius, double normal_angle) {
  const AngleDerivatives h = support_derivatives(e, normal_angle);
  return {wall_radius - h.value, -h.d_dtheta, -h.d2_dtheta2};
}

ContactGeometry ellipse_in_circle(const Ellipse& e, double wall_radius,
                                  const ContactSearch& search) {
  const AngleMinimum minimum = minimize_over_angle(
      [&](double theta) { return ellipse_wall_gap(e, wall_radius, theta); }, search);
  const Eigen::Vector2d n = unit_vector(minimum.angle);
  return {minimum.value,       n, support_point(e, n), wall_radius * n,
          support_radius_of_curvature(e, n), -wall_radius, minimum.angle};
}

bool may_touch(const Ellipse& A, const Ellipse& B, double margin) {
  return (B.center - A.center).norm() <= bounding_radius(A) + bounding_radius(B) + margin;
}

bool may_touch_wall(const Ellipse& e, double wall_radius, double margin) {
  return e.center.norm() + bounding_radius(e) >= wall_radius - margin;
}

}  // namespace cl
