#include "geometry/street_contact.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace cl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kNewtonSteps = 60;

bool finite(const CommonNormalResidual& r) {
  return std::isfinite(r.residual) && std::isfinite(r.d_residual) && std::isfinite(r.gap);
}

/// The root of F in [lo, hi] (F(lo), F(hi) of opposite signs or zero) by
/// Newton steps that fall back to bisection when a step would leave the
/// bracket; stops at steps below 1e-13 (1 + |x|) m.
CommonNormalResidual refine_in_bracket(const Ellipse& e, const Street& street, double lo, double f_lo, double hi,
                                       CommonNormalResidual at) {
  for (int k = 0; k < kNewtonSteps; ++k) {
    if (at.residual == 0) break;
    if ((at.residual < 0) == (f_lo < 0)) {
      lo = at.street.x;
      f_lo = at.residual;
    } else {
      hi = at.street.x;
    }
    double x = at.street.x - at.residual / at.d_residual;
    if (!(x > std::min(lo, hi) && x < std::max(lo, hi))) x = 0.5 * (lo + hi);
    const double step = std::abs(x - at.street.x);
    at = common_normal_residual(e, street, x);
    if (!finite(at)) break;
    if (step <= 1e-13 * (1 + std::abs(x)) || std::abs(hi - lo) <= 1e-13 * (1 + std::abs(x))) break;
  }
  return at;
}

/// Newton from a warm x: the root next to it, or nothing if the steps wander
/// off (more than `reach` m) or do not settle.
std::optional<CommonNormalResidual> follow_root(const Ellipse& e, const Street& street, double warm_x, double reach) {
  CommonNormalResidual at = common_normal_residual(e, street, warm_x);
  for (int k = 0; k < 20 && finite(at); ++k) {
    if (at.residual == 0) return at;
    if (at.d_residual == 0) return std::nullopt;
    const double x = at.street.x - at.residual / at.d_residual;
    if (std::abs(x - warm_x) > reach) return std::nullopt;
    const double step = std::abs(x - at.street.x);
    at = common_normal_residual(e, street, x);
    if (step <= 1e-13 * (1 + std::abs(x))) return finite(at) ? std::optional(at) : std::nullopt;
  }
  return std::nullopt;
}

StreetContact contact_from(const CommonNormalResidual& r) {
  StreetContact c;
  c.found = true;
  c.gap = r.gap;
  c.x = r.street.x;
  c.street_point = {r.street.x, r.street.height};
  c.ellipse_point = r.ellipse_point;
  c.normal = street_normal(r.street);
  c.ellipse_radius = r.ellipse_radius;
  const double kappa = street_curvature(r.street);
  c.street_radius = kappa == 0 ? kInf : -1 / kappa;
  return c;
}

}  // namespace

CommonNormalResidual common_normal_residual(const Ellipse& e, const Street& street, double x) {
  CommonNormalResidual r;
  r.street = street.at(x);
  const Eigen::Vector2d normal = street_normal(r.street), tangent = street_tangent(r.street);
  r.ellipse_point = support_point(e, Eigen::Vector2d(-normal));
  r.ellipse_radius = support_radius_of_curvature(e, Eigen::Vector2d(-normal));
  const Eigen::Vector2d from_street = r.ellipse_point - Eigen::Vector2d(x, r.street.height);
  r.gap = from_street.dot(normal);
  r.residual = from_street.dot(tangent);
  const double w = std::sqrt(1 + r.street.slope * r.street.slope);
  r.d_residual = w * (street_curvature(r.street) * (r.ellipse_radius + r.gap) - 1);
  return r;
}

StreetContact ellipse_street(const Ellipse& e, const Street& street, const StreetSearch& search) {
  const double reach = bounding_radius(e) + search.margin;
  std::optional<CommonNormalResidual> best;
  auto offer = [&](const CommonNormalResidual& r) {
    // The warm root is offered first and kept on a tie, so equal contacts do not flicker.
    if (finite(r) && (!best || r.gap < best->gap - 1e-12)) best = r;
  };
  if (search.warm_x) {
    if (auto root = follow_root(e, street, *search.warm_x, 0.25 * reach)) offer(*root);
  }
  StreetContact contact;
  if (search.global_check || !best) {
    const int n = std::max(2, search.samples);
    const double lo = e.center.x() - reach, width = 2 * reach;
    CommonNormalResidual previous = common_normal_residual(e, street, lo);
    for (int k = 1; k <= n; ++k) {
      const CommonNormalResidual next = common_normal_residual(e, street, lo + width * k / n);
      if (!finite(previous) || !finite(next)) {
        contact.nonfinite_x = finite(previous) ? next.street.x : previous.street.x;
        return contact;
      }
      if (previous.residual == 0) offer(previous);
      else if ((previous.residual < 0) != (next.residual < 0))
        offer(refine_in_bracket(e, street, previous.street.x, previous.residual, next.street.x, next));
      previous = next;
    }
    if (previous.residual == 0) offer(previous);
  }
  if (best) return contact_from(*best);
  // No common normal under the ellipse: every street point in the window is
  // at least as far as the nearest window end, every point beyond it more
  // than `margin` from the bounding circle.
  contact.gap = search.margin;
  contact.x = e.center.x();
  const StreetPoint below = street.at(contact.x);
  contact.street_point = {below.x, below.height};
  contact.normal = street_normal(below);
  contact.ellipse_point = support_point(e, Eigen::Vector2d(-contact.normal));
  contact.ellipse_radius = support_radius_of_curvature(e, Eigen::Vector2d(-contact.normal));
  const double kappa = street_curvature(below);
  contact.street_radius = kappa == 0 ? kInf : -1 / kappa;
  return contact;
}

}  // namespace cl
