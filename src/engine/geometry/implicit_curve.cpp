#include "geometry/implicit_curve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/number_format.h"
#include "core/text.h"

namespace cl {
namespace {

using Eigen::Vector2d;

Vector2d closest_on_segment(const Vector2d& p, const Vector2d& a, const Vector2d& b) {
  const Vector2d ab = b - a;
  const double len2 = ab.squaredNorm();
  const double s = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return a + s * ab;
}

}  // namespace

std::optional<std::string> ImplicitCurve::build(const Function& f, double half_width, int grid,
                                                long long max_evaluations, ImplicitCurve& out) {
  Tracing tracing(f, half_width, grid, max_evaluations);
  tracing.advance();
  if (tracing.error()) return tracing.error();
  out = std::move(tracing.curve());
  return std::nullopt;
}

double ImplicitCurve::length() const {
  double total = 0;
  for (const Segment& s : segments_) total += (s.b - s.a).norm();
  return total;
}

void ImplicitCurve::index_segments() {
  segments_.clear();
  for (const auto& loop : loops_)
    for (size_t k = 0; k < loop.size(); ++k) segments_.push_back({loop[k], loop[(k + 1) % loop.size()]});
  // The grid spans the curve's bounding square, not the view box: a small
  // wall in a large box gets cells of its own size (a ripple 4 m across in
  // a 40 m box had all its segments in four cells).
  Vector2d lo = Vector2d::Constant(half_width_), hi = Vector2d::Constant(-half_width_);
  for (const Segment& seg : segments_) {
    lo = lo.cwiseMin(seg.a.cwiseMin(seg.b));
    hi = hi.cwiseMax(seg.a.cwiseMax(seg.b));
  }
  cells_ = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(segments_.size()))), 8, 256);
  cell_size_ = std::max((hi - lo).maxCoeff(), 1e-9 * half_width_) / cells_;
  grid_origin_ = lo;
  cell_segments_.assign(cells_ * cells_, {});
  auto cell_of = [&](double v, int axis) {
    return std::clamp(static_cast<int>((v - grid_origin_[axis]) / cell_size_), 0, cells_ - 1);
  };
  for (int s = 0; s < static_cast<int>(segments_.size()); ++s) {
    const Segment& seg = segments_[s];
    const int i0 = cell_of(std::min(seg.a.x(), seg.b.x()), 0), i1 = cell_of(std::max(seg.a.x(), seg.b.x()), 0);
    const int j0 = cell_of(std::min(seg.a.y(), seg.b.y()), 1), j1 = cell_of(std::max(seg.a.y(), seg.b.y()), 1);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) cell_segments_[j * cells_ + i].push_back(s);
  }
  // Breadth-first from the cells with segments, to all 8 neighbours: Chebyshev distances.
  empty_rings_.assign(cells_ * cells_, -1);
  std::vector<int> queue;
  for (int c = 0; c < cells_ * cells_; ++c)
    if (!cell_segments_[c].empty()) {
      empty_rings_[c] = 0;
      queue.push_back(c);
    }
  for (size_t next = 0; next < queue.size(); ++next) {
    const int c = queue[next], ci = c % cells_, cj = c / cells_;
    for (int dj = -1; dj <= 1; ++dj)
      for (int di = -1; di <= 1; ++di) {
        const int i = ci + di, j = cj + dj;
        if (i < 0 || j < 0 || i >= cells_ || j >= cells_ || empty_rings_[j * cells_ + i] >= 0) continue;
        empty_rings_[j * cells_ + i] = empty_rings_[c] + 1;
        queue.push_back(j * cells_ + i);
      }
  }
}

std::optional<std::pair<int, int>> ImplicitCurve::cell_of(const Vector2d& p) const {
  if (empty_rings_.empty()) return std::nullopt;  // no curve traced
  const Vector2d cell = (p - grid_origin_) / cell_size_;  // p in cells from the grid's corner
  if (!(cell.x() >= 0 && cell.y() >= 0 && cell.x() < cells_ && cell.y() < cells_)) return std::nullopt;
  return std::make_pair(std::min(static_cast<int>(cell.x()), cells_ - 1),
                        std::min(static_cast<int>(cell.y()), cells_ - 1));
}

double ImplicitCurve::polyline_distance_at_least(const Vector2d& p) const {
  const auto cell = cell_of(p);
  if (!cell) return 0;
  // Every segment lies in a cell at least this many rings away; p may sit anywhere in its own cell.
  return std::max(0, empty_rings_[cell->second * cells_ + cell->first] - 1) * cell_size_;
}

ImplicitCurve::Closest ImplicitCurve::closest_on_polyline(const Vector2d& p) const {
  double best = std::numeric_limits<double>::infinity();
  Vector2d best_point = p;
  auto consider = [&](int s) {
    const Vector2d q = closest_on_segment(p, segments_[s].a, segments_[s].b);
    const double d = (p - q).squaredNorm();
    if (d < best) {
      best = d;
      best_point = q;
    }
  };
  const auto cell = cell_of(p);
  if (!cell) {
    for (int s = 0; s < static_cast<int>(segments_.size()); ++s) consider(s);
  } else {
    // Rings of cells around p, from the first that holds a segment; stop
    // once no farther ring can hold anything closer.
    const auto [ci, cj] = *cell;
    for (int ring = empty_rings_[cj * cells_ + ci]; ring < cells_; ++ring) {
      const double reach = (ring - 1) * cell_size_;  // every cell of this ring is at least this far
      if (reach > 0 && best <= reach * reach) break;
      // The ring's cells row by row: whole first and last rows, the two ends of the others.
      for (int j = std::max(cj - ring, 0); j <= std::min(cj + ring, cells_ - 1); ++j) {
        const int step = j == cj - ring || j == cj + ring ? 1 : 2 * ring;
        for (int i = ci - ring; i <= ci + ring; i += std::max(step, 1)) {
          if (i < 0 || i >= cells_) continue;
          // A cell wholly farther than the best so far cannot hold anything closer.
          const Vector2d low = grid_origin_ + cell_size_ * Vector2d(i, j);
          const Vector2d gap = (low - p).cwiseMax(p - low - Vector2d::Constant(cell_size_)).cwiseMax(0.0);
          if (gap.squaredNorm() >= best) continue;
          for (int s : cell_segments_[j * cells_ + i]) consider(s);
        }
      }
    }
  }
  Closest c;
  c.point = best_point;
  c.distance = std::sqrt(best);
  c.normal = c.distance > 0 ? Vector2d((p - best_point) / c.distance) : Vector2d(0, 1);
  c.smooth = false;
  return c;
}

Eigen::Vector2d ImplicitCurve::gradient(const Vector2d& p) const {
  const double h = 1e-4 * half_width_;
  auto f = [&](double dx, double dy) { return f_(p.x() + dx, p.y() + dy); };
  const double gx = (8 * (f(h, 0) - f(-h, 0)) - (f(2 * h, 0) - f(-2 * h, 0))) / (12 * h);
  const double gy = (8 * (f(0, h) - f(0, -h)) - (f(0, 2 * h) - f(0, -2 * h))) / (12 * h);
  return {gx, gy};
}

ImplicitCurve::Closest ImplicitCurve::closest(const Vector2d& p) const {
  const Closest rough = closest_on_polyline(p);
  // Foot-point iteration: step onto f = 0 along the gradient, then slide along
  // the tangent to the foot of the perpendicular from p.
  Vector2d q = rough.point;
  const double scale = half_width_;
  bool converged = false;
  // The plain slide s moves the foot by s, but s itself only shrinks by the
  // factor kappa d per iteration (curvature kappa, distance d): slowly near
  // a centre of curvature, and it oscillates and diverges beyond kappa d = -1
  // (p facing a tight bump). A secant on s against arc length, rate =
  // (s_prev - s) / step_prev ~ 1 - kappa d, takes the Newton step s / rate.
  double previous_slide = 0, previous_step = 0;
  int evaluations = 0;
  for (int it = 0; it < (kMostEvaluations - 1) / 10 && !converged; ++it) {
    evaluations += 10;  // the gradient's 8, and f at the two feet below
    const Vector2d g = gradient(q);
    const double g_norm = g.norm();
    if (!(g_norm > 0) || !std::isfinite(g_norm)) break;
    q -= value(q) / (g_norm * g_norm) * g;
    const Vector2d tangent(-g.y() / g_norm, g.x() / g_norm);
    const double slide = (p - q).dot(tangent);
    double step = slide;
    if (previous_step != 0) {
      const double rate = (previous_slide - slide) / previous_step;
      if (rate > 0.05) step = slide / rate;  // rate <= 0: a local maximum of the distance, move on plainly
    }
    previous_slide = slide;
    previous_step = step;
    q += step * tangent;
    // The slide cannot settle below the gradient's direction error (rounding in
    // the finite difference, ~1e-12) times the distance: 1e-10 of the distance
    // is a normal good to 1e-10 rad and a distance good to ~1e-20 of itself.
    converged = std::abs(slide) < 1e-13 * scale + 1e-10 * (p - q).norm() &&
                std::abs(value(q)) / g_norm < 1e-13 * scale;
  }
  const double distance = (p - q).norm();
  // A converged foot point lies on the curve; it is the closest one if it is no
  // farther than the polyline allows. At corners and cusps the iteration
  // wanders off to another branch or never settles: keep the polyline's vertex.
  if (!converged || distance > rough.distance + chord_error_) {
    Closest c = rough;
    c.evaluations = evaluations;
    return c;
  }
  Closest c;
  c.evaluations = evaluations;
  c.point = q;
  c.distance = distance;
  c.normal = distance > 0 ? Vector2d((p - q) / distance) : rough.normal;
  c.smooth = true;
  return c;
}

ImplicitCurve::Side ImplicitCurve::side(const Vector2d& p) const {
  const Closest near = closest(p);
  const bool is_inside = inside(p);
  return {is_inside ? near.distance : -near.distance, near.point, is_inside ? near.normal : Vector2d(-near.normal),
          near.evaluations + 1};
}

}  // namespace cl
