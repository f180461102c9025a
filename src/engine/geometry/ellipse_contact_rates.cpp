#include "geometry/ellipse_contact_rates.h"

#include <cmath>

namespace cl {
namespace {

// One body's support along the unit direction d, as a function of ψ, the
// angle of d relative to the body's axis: s(ψ) is the support value of the
// same ellipse about the origin (support_derivatives gives s, s', s''), and
// its radius of curvature ρ = a²b²/s³ has ρ' = −3ρ s'/s.
struct SupportTerms {
  double ds;        // s', m/rad
  double d2s;       // s'', m/rad²
  double d_radius;  // ρ', m/rad
};

SupportTerms support_terms(const EllipseAxes& e, const Eigen::Vector2d& d) {
  EllipseAxes about_origin = e;
  about_origin.shape.center.setZero();
  const AngleDerivatives s = support_derivatives(about_origin, d);
  const double a = e.shape.a, b = e.shape.b;
  const double radius = a * a * (b * b) / (s.value * s.value * s.value);
  return {s.d_dtheta, s.d2_dtheta2, -3 * radius * s.d_dtheta / s.value};
}

}  // namespace

ContactRates ellipse_ellipse_rates(const EllipseAxes& A, const EllipseMotion& motion_a, const EllipseAxes& B,
                                   const EllipseMotion& motion_b, const Eigen::Vector2d& n) {
  // F_θ = c_A·t + s_A'(θ − φ_A) − c_B·t + s_B'(θ + π − φ_B), t = dn/dθ;
  // F_θθ = −c_A·n + s_A'' + c_B·n + s_B''; F_θt differentiates c and φ only.
  const Eigen::Vector2d t(-n.y(), n.x());
  const SupportTerms sa = support_terms(A, n), sb = support_terms(B, -n);
  const double f_tt = (B.shape.center - A.shape.center).dot(n) + sa.d2s + sb.d2s;
  const double f_t_time = (motion_a.velocity - motion_b.velocity).dot(t) - motion_a.spin * sa.d2s - motion_b.spin * sb.d2s;
  ContactRates rates;
  rates.normal_angle = -f_t_time / f_tt;
  rates.radius_a = sa.d_radius * (rates.normal_angle - motion_a.spin);
  rates.radius_b = sb.d_radius * (rates.normal_angle - motion_b.spin);
  return rates;
}

ContactRates ellipse_in_circle_rates(const EllipseAxes& e, const EllipseMotion& motion, const Eigen::Vector2d& n) {
  // h_θ = c·t + s'(θ − φ) = 0 at the farthest point; h_θθ = −c·n + s''.
  const Eigen::Vector2d t(-n.y(), n.x());
  const SupportTerms s = support_terms(e, n);
  const double h_tt = -e.shape.center.dot(n) + s.d2s;
  const double h_t_time = motion.velocity.dot(t) - motion.spin * s.d2s;
  ContactRates rates;
  rates.normal_angle = -h_t_time / h_tt;
  rates.radius_a = s.d_radius * (rates.normal_angle - motion.spin);
  return rates;
}

}  // namespace cl
