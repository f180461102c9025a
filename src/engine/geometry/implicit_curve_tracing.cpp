// ImplicitCurve::Tracing: the curve f = 0 traced by marching squares on a
// lattice, then refined chord by chord, in slices of work (a lattice row, a
// row of edge crossings, the linking of all cells, one chord).
#include <algorithm>
#include <cmath>

#include "core/number_format.h"
#include "core/text.h"
#include "geometry/implicit_curve.h"

namespace cl {
namespace {

using Eigen::Vector2d;

// Shares of the work progress() reports: lattice values, edge crossings, linking; the chords take the rest.
constexpr double kLatticeShare = 0.4, kCrossingsShare = 0.3, kLinkShare = 0.05;

/// Point where f changes sign on the segment a-b (fa, fb of opposite signs), by bisection.
Vector2d bisect_crossing(const std::function<double(double, double)>& f, Vector2d a, double fa, Vector2d b) {
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

}  // namespace

ImplicitCurve::Tracing::Tracing(Function f, double half_width, int grid, long long max_evaluations)
    : f_(std::move(f)),
      half_width_(half_width),
      h_(2 * half_width / grid),
      grid_(grid),
      max_evaluations_(max_evaluations) {
  if (static_cast<long long>(grid + 1) * (grid + 1) > max_evaluations) {
    fail(text("wall_curve.over_budget", {{"max", std::to_string(max_evaluations)}, {"cells", std::to_string(grid)}}));
    return;
  }
  values_.resize((grid + 1) * (grid + 1));
  horizontal_.assign(grid * (grid + 1), -1);
  vertical_.assign((grid + 1) * grid, -1);
}

double ImplicitCurve::Tracing::f(double x, double y) {
  ++evaluations_;
  return f_(x, y);
}

Vector2d ImplicitCurve::Tracing::node(int i, int j) const { return {-half_width_ + i * h_, -half_width_ + j * h_}; }

void ImplicitCurve::Tracing::fail(std::string message) {
  error_ = std::move(message);
  stage_ = Stage::Done;
}

double ImplicitCurve::Tracing::progress() const {
  switch (stage_) {
    case Stage::Lattice: return kLatticeShare * row_ / (grid_ + 1);
    case Stage::Crossings: return kLatticeShare + kCrossingsShare * row_ / (2 * grid_ + 1);
    case Stage::Loops: return kLatticeShare + kCrossingsShare;
    case Stage::Refine:
      return kLatticeShare + kCrossingsShare + kLinkShare +
             (1 - kLatticeShare - kCrossingsShare - kLinkShare) * chords_done_ / std::max<size_t>(chords_total_, 1);
    case Stage::Done: return 1;
  }
  return 1;
}

bool ImplicitCurve::Tracing::advance(const std::function<bool()>& stop_early) {
  while (!done()) {
    switch (stage_) {
      case Stage::Lattice: lattice_row(row_++); break;
      case Stage::Crossings: crossings_row(row_++); break;
      case Stage::Loops: link_loops(); break;
      case Stage::Refine: refine_chord(); break;
      case Stage::Done: break;
    }
    if (!done() && stop_early && stop_early()) return false;
  }
  return true;
}

void ImplicitCurve::Tracing::lattice_row(int j) {
  const int n = grid_;
  for (int i = 0; i <= n; ++i) {
    const Vector2d p = node(i, j);
    const double v = f(p.x(), p.y());
    if (!std::isfinite(v))
      return fail(text("wall_curve.not_finite", {{"x", format_number(p.x())}, {"y", format_number(p.y())}}));
    const bool border = i == 0 || j == 0 || i == n || j == n;
    if (border && v < 0)
      return fail(text("wall_curve.reaches_border", {{"x", format_number(p.x())},
                                                     {"y", format_number(p.y())},
                                                     {"half_width", format_number(half_width_)}}));
    value(i, j) = v;
  }
  if (j == n) {
    stage_ = Stage::Crossings;
    row_ = 0;
  }
}

void ImplicitCurve::Tracing::crossings_row(int row) {
  // Vertices where f changes sign along lattice edges, shared by the two
  // cells of each edge: rows 0..n of horizontal edges, then n rows of vertical ones.
  const int n = grid_;
  auto crossing = [&](int i0, int j0, int i1, int j1) {
    const double a = value(i0, j0), b = value(i1, j1);
    if ((a < 0) == (b < 0)) return -1;
    vertices_.push_back(bisect_crossing([this](double x, double y) { return f(x, y); }, node(i0, j0), a, node(i1, j1)));
    return static_cast<int>(vertices_.size()) - 1;
  };
  if (row <= n) {
    for (int i = 0; i < n; ++i) horizontal_[row * n + i] = crossing(i, row, i + 1, row);
  } else {
    const int j = row - n - 1;
    for (int i = 0; i <= n; ++i) vertical_[j * (n + 1) + i] = crossing(i, j, i, j + 1);
  }
  if (over_budget())
    return fail(text("wall_curve.over_budget", {{"max", std::to_string(max_evaluations_)}, {"cells", std::to_string(n)}}));
  if (row == 2 * n) {
    if (vertices_.empty()) return fail(text("wall_curve.nowhere_inside"));
    stage_ = Stage::Loops;
  }
}

void ImplicitCurve::Tracing::link_loops() {
  // Marching squares: link the crossings of each cell; saddles decided by the centre value.
  const int n = grid_;
  std::vector<std::vector<int>> links(vertices_.size());
  auto link = [&](int a, int b) {
    links[a].push_back(b);
    links[b].push_back(a);
  };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int e[4] = {horizontal_[j * n + i], vertical_[j * (n + 1) + i + 1], horizontal_[(j + 1) * n + i],
                        vertical_[j * (n + 1) + i]};  // bottom, right, top, left
      int crossings[4], count = 0;
      for (int k = 0; k < 4; ++k)
        if (e[k] >= 0) crossings[count++] = k;
      if (count == 2) {
        link(e[crossings[0]], e[crossings[1]]);
      } else if (count == 4) {
        if (over_budget())
          return fail(text("wall_curve.over_budget",
                           {{"max", std::to_string(max_evaluations_)}, {"cells", std::to_string(n)}}));
        const Vector2d c = node(i, j) + Vector2d(0.5 * h_, 0.5 * h_);
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
  curve_ = ImplicitCurve();
  curve_.f_ = f_;
  curve_.half_width_ = half_width_;
  curve_.inside_area_ = std::count_if(values_.begin(), values_.end(), [](double v) { return v < 0; }) * h_ * h_;
  std::vector<bool> used(vertices_.size(), false);
  for (size_t start = 0; start < vertices_.size(); ++start) {
    if (used[start] || links[start].size() != 2) continue;
    std::vector<Vector2d> loop;
    int previous = -1, current = static_cast<int>(start);
    while (!used[current]) {
      used[current] = true;
      loop.push_back(vertices_[current]);
      const int next = links[current][0] != previous ? links[current][0] : links[current][1];
      previous = current;
      current = next;
    }
    if (loop.size() >= 3) curve_.loops_.push_back(std::move(loop));
  }
  if (curve_.loops_.empty()) return fail(text("wall_curve.not_traced"));
  // The lattice is done with: its memory (2 MB at 512 cells) goes.
  values_ = {};
  horizontal_ = {};
  vertical_ = {};
  vertices_ = {};
  for (const auto& loop : curve_.loops_) chords_total_ += loop.size();
  stage_ = Stage::Refine;
}

void ImplicitCurve::Tracing::refine_chord() {
  // Subdivide the chord until its midpoint lies within `tolerance` of the curve.
  const double tolerance = 1e-6 * half_width_;
  std::vector<Vector2d>& loop = curve_.loops_[loop_];
  const Vector2d a = loop[chord_], b = loop[(chord_ + 1) % loop.size()];
  // Depth-first subdivision with an explicit stack (chord ends, depth).
  std::vector<std::pair<std::pair<Vector2d, Vector2d>, int>> stack = {{{a, b}, 0}};
  while (!stack.empty()) {
    if (over_budget())
      return fail(text("wall_curve.over_budget",
                       {{"max", std::to_string(max_evaluations_)}, {"cells", std::to_string(grid_)}}));
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
          on_curve = bisect_crossing([this](double x, double y) { return f(x, y); }, mid, f_mid, probe);
          break;
        }
      }
    }
    const double sagitta = on_curve ? (*on_curve - mid).norm() : length;
    if (sagitta > tolerance && depth < 40 && length > 1e-9 * half_width_ && on_curve) {
      stack.push_back({{*on_curve, q}, depth + 1});
      stack.push_back({{p, *on_curve}, depth + 1});
    } else {
      refined_.push_back(p);
      worst_ = std::max(worst_, sagitta);
    }
  }
  ++chords_done_;
  if (++chord_ < loop.size()) return;
  loop = std::move(refined_);
  refined_ = {};
  chord_ = 0;
  if (++loop_ == curve_.loops_.size()) finish();
}

void ImplicitCurve::Tracing::finish() {
  // A chord's midpoint deviation bounds the whole chord's for curves that do
  // not wiggle within it; a factor 2 covers the rest.
  curve_.chord_error_ = 2 * worst_ + 1e-12 * half_width_;
  curve_.index_segments();
  stage_ = Stage::Done;
}

}  // namespace cl
