#pragma once
// Contact geometry of ellipses, exact in and out of overlap: each pair is
// the minimum of a support-function expression over the normal's angle
// (DESIGN.md, "Contact geometry: one idea for every pair").
#include <Eigen/Core>

#include "geometry/angle_derivatives.h"
#include "geometry/angle_minimizer.h"
#include "geometry/ellipse.h"

namespace cl {

/// Where and how two bodies meet (or nearly meet).
struct ContactGeometry {
  double distance;          // m, > 0 gap, < 0 penetration depth
  Eigen::Vector2d normal;   // unit, from A towards B (wall: outward from the origin)
  Eigen::Vector2d point_a;  // support point on A (the ellipse), m
  Eigen::Vector2d point_b;  // support point on B (wall: R_W normal), m
  double radius_a;          // radius of curvature of A at point_a, m
  double radius_b;          // of B at point_b, m; wall: −R_W (concave)
  double angle;             // of the normal, rad: the warm start for the next search
};

/// F(θ) = h_A(n) + h_B(−n), n = (cos θ, sin θ), with dF/dθ and d²F/dθ² (m,
/// m/rad, m/rad²). −F(θ) is the separation of A and B along n. At every θ,
/// d²F/dθ² = ρ_A(n) + ρ_B(−n) − F, so at the minimum it is radius_a +
/// radius_b + distance: positive unless the overlap is deeper than that.
AngleDerivatives ellipse_pair_support_sum(const Ellipse& A, const Ellipse& B, double normal_angle);

/// Signed distance of two ellipses, −min_θ F(θ): the gap when apart, minus
/// the penetration depth (the shortest translation of B along the normal
/// that separates them) when overlapping. point_b − point_a = distance
/// normal. A positive distance is exact whatever the search found, even on
/// the fast path: every stationary point of F below zero is a minimum
/// (F'' > 0 there) and the directions with F < 0 form one arc, so it is the
/// only one. Only in overlap can a warm-started search sit in the wrong
/// (deeper) minimum; run the global check while distance <= 0.
ContactGeometry ellipse_ellipse(const Ellipse& A, const Ellipse& B, const ContactSearch& search);

/// The same for ellipses whose axes are already evaluated (a force
/// evaluation places each body once for all its contacts).
ContactGeometry ellipse_ellipse(const EllipseAxes& A, const EllipseAxes& B, const ContactSearch& search);

/// G(θ) = R_W − h(n(θ)) with dG/dθ and d²G/dθ² (m, m/rad, m/rad²): the gap
/// to a circular wall of radius R_W about the origin along n.
AngleDerivatives ellipse_wall_gap(const Ellipse& e, double wall_radius, double normal_angle);

/// Ellipse inside a circular wall of radius R_W (m) about the origin: gap
/// R_W − max_θ h(n(θ)) = R_W − (largest distance of the ellipse from the
/// origin), negative when the ellipse pokes through. The normal points from
/// the origin through the farthest point, point_b = R_W normal.
ContactGeometry ellipse_in_circle(const Ellipse& e, double wall_radius,
                                  const ContactSearch& search);
ContactGeometry ellipse_in_circle(const EllipseAxes& e, double wall_radius, const ContactSearch& search);

/// Coarse sample for a global wall search. Measured against a 256-angle
/// search on 200,000 random ellipses (semi-axes 0.2-3 m, aspect up to 15)
/// in walls of 4-8 m: 16 angles missed the deepest point 35 times, 24
/// angles 3 times, 32 angles never (the pair search keeps 48: its function
/// has sharper features).
constexpr int kWallSearchSamples = 32;

/// Broad phase, conservative: false only when the bounding circles are more
/// than `margin` (m) apart, so no contact closer than margin is possible.
bool may_touch(const Ellipse& A, const Ellipse& B, double margin);

/// An upper bound of the largest distance of the ellipse from the origin
/// (m), tighter than |c| + max(a, b) when the ellipse lies across the
/// radius: with p = c + a cos t e1 + b sin t e2, |p|² ≤ |c|² + 2|c| s(ĉ) +
/// max(a, b)², where s(ĉ) = sqrt(a²(ĉ·e1)² + b²(ĉ·e2)²) is the largest
/// 2 c·(a cos t e1 + b sin t e2) / (2|c|) can be.
double farthest_distance_bound(const Ellipse& e);
double farthest_distance_bound(const EllipseAxes& e);

/// Broad phase for the wall: false only when farthest_distance_bound stays
/// more than `margin` (m) inside the wall of radius R_W.
bool may_touch_wall(const Ellipse& e, double wall_radius, double margin);
bool may_touch_wall(const EllipseAxes& e, double wall_radius, double margin);

}  // namespace cl
