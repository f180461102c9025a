#include "world/pair_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geometry/ellipse_contact.h"
#include "geometry/ellipse_implicit_contact.h"
#include "geometry/street_contact.h"

namespace cl {
namespace {

constexpr int kPairSearchSamples = 48;    // the pair function has sharper features than a wall's
constexpr int kStreetSearchSamples = 64;  // street abscissae under the ellipse

std::optional<double> warm_start(const ContactState& c) { return c.has_warm ? std::optional(c.warm) : std::nullopt; }

/// A body–boundary contact from the angle-minimised geometry; the force acts at the body's point.
PairGeometry from_angle_search(const ContactGeometry& g) {
  PairGeometry p;
  p.searched = true;
  p.gap = g.distance;
  p.normal = g.normal;
  p.point_a = g.point_a;
  p.point_b = g.point_b;
  p.point = g.point_a;
  p.radius_a = g.radius_a;
  p.radius_b = g.radius_b;
  p.warm = g.angle;
  return p;
}

/// The angle search a PairSearch asks for, with `samples` for its global check.
ContactSearch angle_search(const ContactState& c, PairSearch search, int samples) {
  ContactSearch s{warm_start(c), search == PairSearch::Global || !c.has_warm, samples};
  s.one_newton_step = search == PairSearch::Nearby && c.has_warm;
  return s;
}

PairGeometry ellipse_circle_wall(const WorldModel& model, const EllipseAxes& A, const ContactState& c,
                                 PairSearch search, double margin) {
  const double radius = model.boundary.radius;
  if (!may_touch_wall(A, radius, margin)) {
    PairGeometry p;
    p.gap = radius - farthest_distance_bound(A);
    return p;
  }
  // A local minimum of the gap is a farthest point q of the ellipse from the
  // wall's centre O. The ellipse lies in a disc of its largest radius of
  // curvature ρ tangent at q (Blaschke), which reaches no farther from O
  // than |q| when |q| >= ρ: so a minimum with gap <= R − ρ is the global one,
  // and the followed minimum needs no sampled check.
  if (search == PairSearch::Global && c.has_warm) {
    const ContactGeometry followed = ellipse_in_circle(A, radius, angle_search(c, PairSearch::Follow, kWallSearchSamples));
    const double a = A.shape.a, b = A.shape.b;
    const double roundest = std::max(a, b) * std::max(a, b) / std::min(a, b);  // m
    if (followed.distance <= radius - roundest) {
      PairGeometry p = from_angle_search(followed);
      p.followed = true;
      return p;
    }
  }
  return from_angle_search(ellipse_in_circle(A, radius, angle_search(c, search, kWallSearchSamples)));
}

PairGeometry ellipse_typed_wall(const WorldModel& model, const Ellipse& A, const ContactState& c, PairSearch search,
                                double margin) {
  const ImplicitCurve& wall = model.boundary.wall->curve;
  if (!may_touch_implicit_wall(A, wall, margin)) {
    PairGeometry p;
    p.gap = implicit_wall_clearance_bound(A, wall);
    return p;
  }
  return from_angle_search(ellipse_in_implicit_wall(A, wall, angle_search(c, search, kWallSearchSamples)));
}

PairGeometry ellipse_street(const WorldModel& model, const Ellipse& A, const ContactState& c, bool global) {
  const StreetSearch search{warm_start(c), global, kStreetSearchSamples, std::max(A.a, A.b)};
  const StreetContact s = ellipse_street(A, model.boundary.street, search);
  PairGeometry p;
  p.gap = s.gap;
  p.nonfinite_x = s.nonfinite_x;
  if (!s.found) return p;  // no common normal under the ellipse: the gap is a lower bound
  p.searched = true;
  p.normal = -s.normal;  // the street's normal points up, towards the ellipse
  p.point_a = s.ellipse_point;
  p.point_b = s.street_point;
  p.point = s.ellipse_point;
  p.radius_a = s.ellipse_radius;
  p.radius_b = s.street_radius;
  p.warm = s.x;
  return p;
}

}  // namespace

double broad_phase_margin(const EllipseBody& body) { return 0.25 * std::min(body.a, body.b); }

double warm_start_shift(const WorldModel& model, const ContactState& contact, double from, double to) {
  if (model.boundary.kind == BoundaryKind::Street && contact.j < 0) return to - from;
  return std::remainder(to - from, 2 * 3.141592653589793);
}

PairGeometry boundary_geometry(const WorldModel& model, const EllipseAxes& A, const ContactState& c,
                               PairSearch search, double margin) {
  switch (model.boundary.kind) {
    case BoundaryKind::CircleWall: return ellipse_circle_wall(model, A, c, search, margin);
    case BoundaryKind::TypedWall: return ellipse_typed_wall(model, A.shape, c, search, margin);
    case BoundaryKind::Street: return ellipse_street(model, A.shape, c, search == PairSearch::Global || !c.has_warm);
    case BoundaryKind::Box:  // stepped among particles, against each plane (plane_geometry)
    case BoundaryKind::None: break;
  }
  return PairGeometry{};
}

PairGeometry pair_geometry(const WorldModel& model, const EllipseAxes& A, const EllipseAxes& B,
                           const ContactState& c, PairSearch search, double margin) {
  PairGeometry p;
  if (!may_touch(A.shape, B.shape, margin)) {
    p.gap = (A.shape.center - B.shape.center).norm() - 2 * std::max(model.body.a, model.body.b);
    return p;
  }
  // Fast path from the last angle: exact while there is a gap (separated
  // convex shapes have one minimum). In overlap the penetration is the
  // distance from the origin to the boundary of A − B, whose radii of
  // curvature are sums of A's and B's, so at least ρ = ρ_min(A) + ρ_min(B);
  // a disc of radius ρ rolls freely inside it (Blaschke), so a local minimum
  // shallower than ρ is the global one. Deeper, the global check runs too.
  const std::optional<double> warm = warm_start(c);
  ContactSearch fast = angle_search(c, search, kPairSearchSamples);
  fast.global_check = !warm.has_value();
  ContactGeometry g = ellipse_ellipse(A, B, fast);
  const auto flattest = [](const Ellipse& e) { return std::min(e.a, e.b) * std::min(e.a, e.b) / std::max(e.a, e.b); };
  const double unique_depth = flattest(A.shape) + flattest(B.shape);  // m
  const bool check = g.distance <= 0 && -g.distance >= unique_depth && warm && search == PairSearch::Global;
  if (check) g = ellipse_ellipse(A, B, ContactSearch{warm, true, kPairSearchSamples});
  p = from_angle_search(g);
  p.followed = warm.has_value() && !check;
  p.point = 0.5 * (g.point_a + g.point_b);
  return p;
}

PairGeometry plane_geometry(const EllipseAxes& A, const SurfacePlane& plane) {
  PairGeometry p;
  const Eigen::Vector2d normal(plane.normal.x(), plane.normal.z());  // into the box
  if (normal.squaredNorm() < 0.5) return p;                           // parallel to the world's plane
  const Eigen::Vector2d deepest = support_point(A, -normal);
  p.searched = true;
  p.gap = normal.dot(deepest) - plane.offset;
  p.normal = -normal;
  p.point_a = deepest;
  p.point_b = deepest - p.gap * normal;
  p.point = deepest;
  p.radius_a = support_radius_of_curvature(A, -normal);
  p.radius_b = std::numeric_limits<double>::infinity();
  return p;
}

PairGeometry sphere_geometry(const EllipseAxes& A, const Eigen::Vector2d& centre, double radius, double margin) {
  const Eigen::Vector2d line = centre - A.shape.center;
  const double reach = std::max(A.shape.a, A.shape.b) + radius;  // m, the bounding circles touch
  if (line.norm() > reach + margin) {
    PairGeometry p;
    p.gap = line.norm() - reach;
    return p;
  }
  // The line of centres starts the search; the global check finds the
  // deepest minimum, which a shallow overlap with a flat side may need.
  const ContactSearch search{std::atan2(line.y(), line.x()), true, kPairSearchSamples};
  const ContactGeometry g = ellipse_ellipse(A, EllipseAxes(Ellipse{centre, 0, radius, radius}), search);
  PairGeometry p = from_angle_search(g);
  p.point = 0.5 * (g.point_a + g.point_b);
  return p;
}

}  // namespace cl
