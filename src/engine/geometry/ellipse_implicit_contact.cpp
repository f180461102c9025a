#include "geometry/ellipse_implicit_contact.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "integrators/root_find.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kTwoPi = 6.283185307179586;
// A minimum is found once its bracket is this narrow (rad): the boundary
// point is then placed to ρ·1e-11 m (ρ <= a²/b) and its clearance to
// g''·1e-22 m, far below the curve's own accuracy.
constexpr double kAngleTolerance = 1e-11;
// Clearances closer than this (m) are equal to round-off: a deeper minimum
// must win by more to replace the warm-started one (so the answer does not
// flicker between equal minima), a deeper iterate to replace the root.
constexpr double kTieTolerance = 1e-12;
// Longest step (rad) of the downhill walk from a warm angle.
constexpr double kLongestStep = kTwoPi / 8;
// Below this clearance (times the view box's half width) the wall's normal
// is taken from ∇f rather than from the direction to the nearest point.
constexpr double kGradientBelow = 1e-3;
// Largest coarse sample (ContactSearch::samples is clamped to it).
constexpr int kMaxSamples = 256;

// The boundary point with outward normal n(θ) and its clearance g(θ).
struct Point {
  double angle;         // θ, rad (not reduced: brackets are intervals of θ)
  Vector2d on_ellipse;  // support point, m
  double radius;        // ρ, the ellipse's radius of curvature there, m
  double clearance;     // g(θ), m: > 0 inside the wall
  double tilt;          // ν·t, t = dn/dθ: how far the wall's normal is from −n
  double slope;         // dg/dθ = ρ ν·t, m/rad
  Vector2d on_wall;     // nearest curve point, m
  Vector2d inward;      // ν, unit normal of the wall there, into the inside
  bool smooth;          // false: on_wall is a corner or cusp (a polyline vertex)
};

// Why not minimize_over_angle: it needs d²g/dθ² for its Newton steps and
// its convergence test, and that needs the wall's curvature at the foot
// point: second finite differences of f, noisy, and undefined at corners
// and cusps (where g has kinks anyway). The first derivative is
// exact (the envelope theorem, see `at`), so each bracketed minimum is
// refined as the root of dg/dθ by Brent's method: superlinear where g is
// smooth, never worse than bisection at a kink. A value-only search
// (golden section, Brent's fmin) would stall at an angle error of
// sqrt(round-off / g'') ~ 1e-7 rad, a contact point off by ~1e-7 m.
class Search {
 public:
  Search(const Ellipse& e, const ImplicitCurve& wall) : axes_(e), wall_(wall) {}

  Point at(double angle, const Vector2d& direction) const {
    Point p;
    p.angle = angle;
    p.on_ellipse = support_point(axes_, direction);
    p.radius = support_radius_of_curvature(axes_, direction);
    const ImplicitCurve::Closest near = wall_.closest(p.on_ellipse);
    const bool inside = wall_.inside(p.on_ellipse);
    p.clearance = inside ? near.distance : -near.distance;
    p.on_wall = near.point;
    p.smooth = near.smooth;
    // The gradient of the clearance with respect to the point is ν, the
    // inward normal at the nearest curve point q. closest() gives it as the
    // direction from q to p, good to ~1e-13 of the view box over the
    // clearance: 1e-10 rad at kGradientBelow, useless as the clearance goes
    // to zero, i.e. at contact. There (only there: ∇f costs 8 more calls of
    // f) ν comes from ∇f at a smooth q (f grows outwards), good to ~1e-11
    // whatever the clearance. At a corner or cusp the polyline's direction
    // is all there is.
    p.inward = inside ? near.normal : Vector2d(-near.normal);
    if (near.smooth && near.distance < kGradientBelow * wall_.half_width()) {
      const Vector2d gradient = wall_.gradient(near.point);
      const double norm = gradient.norm();
      if (norm > 0 && std::isfinite(norm)) p.inward = -gradient / norm;
    }
    // The support point moves at dp/dθ = ρ t, t = (−sin θ, cos θ).
    p.tilt = p.inward.dot(Vector2d(-direction.y(), direction.x()));
    p.slope = p.radius * p.tilt;
    return p;
  }
  Point at(double angle) const { return at(angle, unit_vector(angle)); }

  // The deepest point between lo and hi, lo.angle < hi.angle, with
  // lo.slope < 0 <= hi.slope: the root of the slope by Brent's method
  // (integrators/root_find.h), unless an iterate is deeper by more than
  // round-off: where closest() switches between a foot point and the
  // polyline's vertex (at corners and cusps) g jumps by up to chord_error(),
  // and its smallest value need not be at the slope's sign change. (Among
  // iterates within round-off of each other the deepest is decided by
  // noise, not by the root.)
  Point refine(const Point& lo, const Point& hi) {
    Point deepest = lo.clearance <= hi.clearance ? lo : hi;
    const auto slope = [&](double angle) {
      const Point p = at(angle);
      if (p.clearance < deepest.clearance) deepest = p;
      return p.slope;
    };
    const Point root = at(find_root(slope, lo.angle, lo.slope, hi.angle, hi.slope, kAngleTolerance));
    return deepest.clearance < root.clearance - kTieTolerance ? deepest : root;
  }

  // Walks downhill from `start` with doubling steps (at most π/4) until the
  // slope changes sign, then refines that bracket. The first step is 1.5
  // times |ν·t|, the Newton step if g'' were ρ (a flat wall), so near a
  // minimum one step usually brackets it.
  Point refine_from(const Point& start) {
    if (std::abs(start.tilt) <= kAngleTolerance) return start;
    const double direction = start.slope > 0 ? -1 : 1;
    double step = std::max(1.5 * std::abs(start.tilt), kAngleTolerance);
    Point here = start;
    for (double travelled = 0; travelled < kTwoPi; travelled += step, step *= 2) {
      step = std::min(step, kLongestStep);
      const Point ahead = at(here.angle + direction * step);
      const bool crossed = direction > 0 ? ahead.slope >= 0 : ahead.slope <= 0;
      if (crossed) return direction > 0 ? refine(here, ahead) : refine(ahead, here);
      here = ahead;
    }
    return here;  // the slope kept its sign over a full turn: g is flat to round-off
  }

  // Samples the boundary and refines every bracketed minimum; the deepest
  // wins. The sample is uniform in the ellipse's own parameter u (boundary
  // point c + a cos u e1 + b sin u e2, outward normal ∝ b cos u e1 +
  // a sin u e2), not in θ: the boundary moves at ρ per radian of θ, and ρ
  // ranges over b²/a .. a²/b, so equal steps of θ would leave the whole
  // flat side of a slender ellipse between two samples, with every wall
  // feature along it (both edges of a corner it bridges).
  Point best_of_sample(int samples) {
    std::array<Point, kMaxSamples + 1> sample;
    const EllipseAxes& e = axes_;
    const Vector2d turn(std::cos(kTwoPi / samples), std::sin(kTwoPi / samples));
    Vector2d cos_sin_u(1, 0);  // by repeated rotation: a few ulps off after `samples` products
    for (int k = 0; k < samples; ++k) {
      const Vector2d normal = (e.shape.b * cos_sin_u.x() * e.e1 + e.shape.a * cos_sin_u.y() * e.e2).normalized();
      // θ − angle of e1 = atan2(a sin u, b cos u), unwrapped to [0, 2π) so the sample is in order.
      double relative = std::atan2(e.shape.a * cos_sin_u.y(), e.shape.b * cos_sin_u.x());
      if (relative < 0) relative += kTwoPi;
      sample[k] = at(e.shape.angle + relative, normal);
      cos_sin_u = Vector2d(turn.x() * cos_sin_u.x() - turn.y() * cos_sin_u.y(),
                           turn.y() * cos_sin_u.x() + turn.x() * cos_sin_u.y());
    }
    sample[samples] = sample[0];  // the same point, one turn on
    sample[samples].angle += kTwoPi;
    Point best = *std::min_element(sample.begin(), sample.begin() + samples,
                                   [](const Point& p, const Point& q) { return p.clearance < q.clearance; });
    for (int k = 0; k < samples; ++k) {
      if (sample[k].slope < 0 && sample[k + 1].slope >= 0) {
        const Point minimum = refine(sample[k], sample[k + 1]);
        if (minimum.clearance < best.clearance) best = minimum;
      }
    }
    return best;
  }

  // The wall's signed radius of curvature at a smooth curve point q (m),
  // from f's second derivatives: the level set's curvature is
  // κ = (f_y² f_xx − 2 f_x f_y f_xy + f_x² f_yy) / |∇f|³, > 0 where it
  // bends around the inside (a circle of radius R: 1/R), and the radius
  // seen from the ellipse is −1/κ (concave < 0, as for a circular wall).
  // Fourth-order differences; 0 where ∇f vanishes (a singular point the
  // foot-point iteration reached). The step balances truncation (∝ h⁴) and
  // round-off (∝ ε/h²) for an f that varies over the view box: h = ε^{1/6}
  // of its half-width. A step of 1e-4 of it (the gradient's) left
  // round-off noise of ~1e-8 in the radius, hence in the Hertz stiffness
  // and its rate: dopri5 at rtol 1e-9 took 40 times the steps.
  double wall_radius_of_curvature(const Vector2d& q) const {
    const double h = 2.5e-3 * wall_.half_width();
    const auto f = [&](double dx, double dy) { return wall_.value(q + Vector2d(dx, dy)); };
    const double f0 = f(0, 0);
    const double fxx = (16 * (f(h, 0) + f(-h, 0)) - (f(2 * h, 0) + f(-2 * h, 0)) - 30 * f0) / (12 * h * h);
    const double fyy = (16 * (f(0, h) + f(0, -h)) - (f(0, 2 * h) + f(0, -2 * h)) - 30 * f0) / (12 * h * h);
    // The cross difference has error ∝ s², removed by Richardson extrapolation from s = h and 2h.
    const auto cross = [&](double s) { return (f(s, s) - f(s, -s) - f(-s, s) + f(-s, -s)) / (4 * s * s); };
    const double fxy = (4 * cross(h) - cross(2 * h)) / 3;
    const Vector2d g = wall_.gradient(q);
    const double g_norm = g.norm();
    const double curvature =
        (g.y() * g.y() * fxx - 2 * g.x() * g.y() * fxy + g.x() * g.x() * fyy) / (g_norm * g_norm * g_norm);
    if (!std::isfinite(curvature)) return 0;
    return curvature == 0 ? std::numeric_limits<double>::infinity() : -1 / curvature;
  }

 private:
  EllipseAxes axes_;
  const ImplicitCurve& wall_;
};

}  // namespace

ContactGeometry ellipse_in_implicit_wall(const Ellipse& e, const ImplicitCurve& wall, const ContactSearch& search) {
  Search run(e, wall);
  std::optional<Point> best;
  if (search.warm_angle) best = run.refine_from(run.at(*search.warm_angle));
  if (!best || search.global_check) {
    const Point global = run.best_of_sample(std::clamp(search.samples, 3, kMaxSamples));
    if (!best || global.clearance < best->clearance - kTieTolerance) best = global;
  }
  const Point& p = *best;
  return {p.clearance,
          -p.inward,
          p.on_ellipse,
          p.on_wall,
          p.radius,
          p.smooth ? run.wall_radius_of_curvature(p.on_wall) : 0.0,
          std::remainder(p.angle, kTwoPi)};
}

double implicit_wall_clearance_bound(const Ellipse& e, const ImplicitCurve& wall) {
  // The polylines are within chord_error() of the curve both ways, so the
  // centre's distance to the curve is within that of its polyline distance.
  const double polyline = wall.closest_on_polyline(e.center).distance;
  const double center = wall.inside(e.center) ? polyline : -polyline;
  return center - wall.chord_error() - bounding_radius(e);
}

bool may_touch_implicit_wall(const Ellipse& e, const ImplicitCurve& wall, double margin) {
  return implicit_wall_clearance_bound(e, wall) <= margin;
}

}  // namespace cl
