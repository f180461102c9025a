#include "geometry/implicit_curve.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/number_format.h"
#include "core/text.h"

namespace cl {
namespace {

using Eigen::Vector2d;

/// Point where f changes sign on the segment a-b (fa, fb of opposite signs), by bisection.
Vector2d bisect_crossing(const ImplicitCurve::Function& f, Vector2d a, double fa, Vector2d b) {
  for (int it = 0; it < 60; ++it) {
    const Vector2d m = 0.5 * (a + b);
    const double fm = f(m.x(), m.y());
    if (fm == 0) return m;
    if ((fm < 0) == (fa < 0)) {
      a = m;
      fa = fm;
    } else {
      b = m;
    }
    if ((b - a).squaredNorm() < 1e-30 * (1 + a.squaredNorm())) break;
  }
  return 0.5 * (a + b);
}

Vector2d closest_on_segment(const Vector2d& p, const Vector2d& a, const Vector2d& b) {
  const Vector2d ab = b - a;
  const double len2 = ab.squaredNorm();
  const double s = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return a + s * ab;
}

}  // namespace

std::optional<std::string> ImplicitCurve::build(const Function& user_f, double half_width, int grid,
                                                long long max_evaluations, ImplicitCurve& out) {
  long long evaluations = 0;
  const Function f = [&](double x, double y) {
    ++evaluations;
    return user_f(x, y);
  };
  const auto over_budget = [&] {
    return text("wall_curve.over_budget", {{"max", std::to_string(max_evaluations)}, {"cells", std::to_string(grid)}});
  };
  const int n = grid;
  if (static_cast<long long>(n + 1) * (n + 1) > max_evaluations) return over_budget();
  const double h = 2 * half_width / n;  // m, lattice spacing
  auto node = [&](int i, int j) { return Vector2d(-half_width + i * h, -half_width + j * h); };
  std::vector<double> values((n + 1) * (n + 1));
  auto value = [&](int i, int j) -> double& { return values[j * (n + 1) + i]; };
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      const Vector2d p = node(i, j);
      const double v = f(p.x(), p.y());
      if (!std::isfinite(v))
        return text("wall_curve.not_finite", {{"x", format_number(p.x())}, {"y", format_number(p.y())}});
      const bool border = i == 0 || j == 0 || i == n || j == n;
      if (border && v < 0)
        return text("wall_curve.reaches_border", {{"x", format_number(p.x())},
                                                  {"y", format_number(p.y())},
                                                  {"half_width", format_number(half_width)}});
      value(i, j) = v;
    }

  // Vertices where f changes sign along lattice edges, shared by the two cells of each edge.
  std::vector<Vector2d> vertices;
  std::vector<int> horizontal(n * (n + 1), -1), vertical((n + 1) * n, -1);
  auto crossing = [&](int i0, int j0, int i1, int j1) {
    const double a = value(i0, j0), b = value(i1, j1);
    if ((a < 0) == (b < 0) || evaluations > max_evaluations) return -1;
    vertices.push_back(bisect_crossing(f, node(i0, j0), a, node(i1, j1)));
    return static_cast<int>(vertices.size()) - 1;
  };
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i < n; ++i) horizontal[j * n + i] = crossing(i, j, i + 1, j);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i <= n; ++i) vertical[j * (n + 1) + i] = crossing(i, j, i, j + 1);
  if (evaluations > max_evaluations) return over_budget();
  if (vertices.empty()) return text("wall_curve.nowhere_inside");

  // Marching squares: link the crossings of each cell; saddles decided by the centre value.
  std::vector<std::vector<int>> links(vertices.size());
  auto link = [&](int a, int b) {
    links[a].push_back(b);
    links[b].push_back(a);
  };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int e[4] = {horizontal[j * n + i], vertical[j * (n + 1) + i + 1], horizontal[(j + 1) * n + i],
                        vertical[j * (n + 1) + i]};  // bottom, right, top, left
      int crossings[4], count = 0;
      for (int k = 0; k < 4; ++k)
        if (e[k] >= 0) crossings[count++] = k;
      if (count == 2) {
        link(e[crossings[0]], e[crossings[1]]);
      } else if (count == 4) {
        if (evaluations > max_evaluations) return over_budget();
        const Vector2d c = node(i, j) + Vector2d(0.5 * h, 0.5 * h);
        const bool centre_inside = f(c.x(), c.y()) < 0;
        const bool bottom_left_inside = value(i, j) < 0;
        // Cut off the corners whose side differs from the centre's.
        if (centre_inside == bottom_left_inside) {  // cut bottom-right and top-left
          link(e[0], e[1]);
          link(e[2], e[3]);
        } else {  // cut bottom-left and top-right
          link(e[0], e[3]);
          link(e[1], e[2]);
        }
      }
    }

  // Walk the links into closed loops.
  out = ImplicitCurve();
  out.f_ = user_f;  // the counting wrapper refers to this call
  out.half_width_ = half_width;
  out.inside_area_ = std::count_if(values.begin(), values.end(), [](double v) { return v < 0; }) * h * h;
  std::vector<bool> used(vertices.size(), false);
  for (size_t start = 0; start < vertices.size(); ++start) {
    if (used[start] || links[start].size() != 2) continue;
    std::vector<Vector2d> loop;
    int previous = -1, current = static_cast<int>(start);
    while (!used[current]) {
      used[current] = true;
      loop.push_back(vertices[current]);
      const int next = links[current][0] != previous ? links[current][0] : links[current][1];
      previous = current;
      current = next;
    }
    if (loop.size() >= 3) out.loops_.push_back(std::move(loop));
  }
  if (out.loops_.empty()) return text("wall_curve.not_traced");

  // Refine every chord until its midpoint lies within `tolerance` of the curve.
  const double tolerance = 1e-6 * half_width;
  double worst = 0;
  for (auto& loop : out.loops_) {
    std::vector<Vector2d> refined;
    for (size_t k = 0; k < loop.size(); ++k) {
      const Vector2d a = loop[k], b = loop[(k + 1) % loop.size()];
      // Depth-first subdivision with an explicit stack (chord ends, depth).
      std::vector<std::pair<std::pair<Vector2d, Vector2d>, int>> stack = {{{a, b}, 0}};
      while (!stack.empty()) {
        if (evaluations > max_evaluations) return over_budget();
        auto [ends, depth] = stack.back();
        stack.pop_back();
        const auto [p, q] = ends;
        const Vector2d chord = q - p;
        const double length = chord.norm();
        const Vector2d mid = 0.5 * (p + q), normal(-chord.y() / length, chord.x() / length);
        // The curve crosses the chord's perpendicular bisector near the midpoint.
        // Probe outwards from close by: in the narrow spike of the inside at a
        // cusp a wide probe jumps over both branches and finds no crossing.
        const double f_mid = f(mid.x(), mid.y());
        std::optional<Vector2d> on_curve;
        if (f_mid == 0) on_curve = mid;
        for (double s : {1.0 / 1024, 1.0 / 256, 1.0 / 64, 1.0 / 16, 0.25, 0.5, 1.0}) {
          if (on_curve) break;
          for (double side : {1.0, -1.0}) {
            const Vector2d probe = mid + side * s * length * normal;
            const double f_probe = f(probe.x(), probe.y());
            if (std::isfinite(f_probe) && (f_probe < 0) != (f_mid < 0)) {
              on_curve = bisect_crossing(f, mid, f_mid, probe);
              break;
            }
          }
        }
        const double sagitta = on_curve ? (*on_curve - mid).norm() : length;
        if (sagitta > tolerance && depth < 40 && length > 1e-9 * half_width && on_curve) {
          stack.push_back({{*on_curve, q}, depth + 1});
          stack.push_back({{p, *on_curve}, depth + 1});
        } else {
          refined.push_back(p);
          worst = std::max(worst, sagitta);
        }
      }
    }
    loop = std::move(refined);
  }
  // A chord's midpoint deviation bounds the whole chord's for curves that do
  // not wiggle within it; a factor 2 covers the rest.
  out.chord_error_ = 2 * worst + 1e-12 * half_width;
  out.index_segments();
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
  const Vector2d cell = (p - grid_origin_) / cell_size_;  // p in cells from the grid's corner
  const bool in_grid = cell.x() >= 0 && cell.y() >= 0 && cell.x() < cells_ && cell.y() < cells_;
  if (!in_grid) {
    for (int s = 0; s < static_cast<int>(segments_.size()); ++s) consider(s);
  } else {
    // Rings of cells around p; stop once no farther ring can hold anything closer.
    const int ci = std::min(static_cast<int>(cell.x()), cells_ - 1);
    const int cj = std::min(static_cast<int>(cell.y()), cells_ - 1);
    for (int ring = 0; ring < cells_; ++ring) {
      const double reach = (ring - 1) * cell_size_;  // every cell of this ring is at least this far
      if (reach > 0 && best <= reach * reach) break;
      for (int j = cj - ring; j <= cj + ring; ++j)
        for (int i = ci - ring; i <= ci + ring; ++i) {
          if (std::max(std::abs(i - ci), std::abs(j - cj)) != ring) continue;
          if (i < 0 || j < 0 || i >= cells_ || j >= cells_) continue;
          for (int s : cell_segments_[j * cells_ + i]) consider(s);
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
