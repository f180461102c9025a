#pragma once
// An ellipse against a wall f(x, y) = 0 typed by the user (inside: f < 0).
// The clearance of a point is its signed distance to the curve (> 0 inside);
// the contact is the boundary point of the ellipse with the smallest
// clearance, found as a minimum over ONE angle, the outward normal angle θ
// of the ellipse's boundary (DESIGN.md, "Contact geometry: one idea for
// every pair"): g(θ) = clearance(support_point(n(θ))).
#include "geometry/angle_minimizer.h"
#include "geometry/ellipse.h"
#include "geometry/ellipse_contact.h"
#include "geometry/implicit_curve.h"

namespace cl {

/// The deepest point of an ellipse inside a typed wall: the boundary point
/// with the smallest clearance.
///   distance  m, that clearance: > 0 gap, < 0 the point is that far
///             through the wall.
///   normal    unit, from point_a towards the wall: minus the wall's inward
///             normal at point_b (point_b − point_a = distance normal).
///   point_a   m, the ellipse's boundary point; point_b m, its nearest
///             curve point.
///   radius_a  m, the ellipse's radius of curvature at point_a.
///   radius_b  m, the wall's signed radius of curvature at point_b, from
///             f's second differences: −R on a circle of radius R (concave
///             seen from inside), > 0 on a bump into the inside, huge (of
///             either sign: >= 1.7e9 m measured on the diamond's edges;
///             +inf if the curvature comes out exactly 0) where the wall is
///             flat, and 0, which hertz_stiffness refuses, at a corner or
///             cusp (closest() found no smooth foot point there).
///   angle     rad in [−π, π], the outward normal angle θ of point_a: the
///             warm start for the next search. normal = n(angle) at a
///             smooth minimum; not at a kink of the clearance (where two
///             nearest curve points meet, e.g. beside a cusp).
/// `search` as for the other pairs: a coarse sample of `samples` boundary
/// points with every bracketed minimum refined, and/or a descent from the
/// warm angle. kWallSearchSamples (32) missed no deeper minimum on 10,200
/// random poses in the seed walls (circle, diamond, astroid) checked by
/// brute force. Each evaluation is one call of ImplicitCurve::closest:
/// measured on those walls, a global search costs samples + 6-9 of them, a
/// warm one 1 mm and 1 mrad after the last step 1-5. The distance is exact
/// to the curve's own accuracy: ~1e-12 m on smooth parts, chord_error()
/// near corners and cusps (where closest() falls back on, or is misled by,
/// the polyline).
ContactGeometry ellipse_in_implicit_wall(const Ellipse& e, const ImplicitCurve& wall, const ContactSearch& search);

/// A lower bound (m) of the smallest clearance of any point of the ellipse:
/// the clearance of its centre minus max(a, b), the clearance being
/// 1-Lipschitz, with the centre's distance taken from the polylines and
/// lowered by chord_error(). Costs one polyline query, no refinement on f.
double implicit_wall_clearance_bound(const Ellipse& e, const ImplicitCurve& wall);

/// Broad phase for a typed wall, conservative: false only when
/// implicit_wall_clearance_bound is more than `margin` (m), so no point of
/// the ellipse is within margin of the wall.
bool may_touch_implicit_wall(const Ellipse& e, const ImplicitCurve& wall, double margin);

}  // namespace cl
