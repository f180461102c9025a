#pragma once
// The curve f(x, y) = 0 inside the box |x|, |y| <= half_width, for walls typed
// by the user (inside: f < 0). It is kept two ways:
//  - closed polylines with every vertex on the curve, refined until each chord
//    lies within a tolerance of the curve (drawing, broad distance queries);
//  - f itself, for the exact closest point: foot-point iteration with the
//    gradient where that is reliable, the polyline's vertex at corners and
//    cusps, where the gradient is zero or undefined.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace cl {

class ImplicitCurve {
 public:
  using Function = std::function<double(double, double)>;

  struct Closest {
    double distance = 0;     ///< m, from the query point to the curve
    Eigen::Vector2d point;   ///< m, on the curve
    Eigen::Vector2d normal;  ///< unit, from the curve point towards the query point
    bool smooth = true;      ///< false: a corner or cusp (no reliable gradient there)
    int evaluations = 0;     ///< calls of f this query made (its cost)
  };

  /// Traces f = 0 on a grid x grid lattice over the box. Returns an error
  /// message if f is not finite somewhere in the box, if the inside (f < 0)
  /// reaches the box's border (the wall is not closed), if there is no
  /// curve, or if tracing it would take more than `max_evaluations` calls of
  /// f (a curve that wiggles finer than the lattice, sin(1e6 x)).
  static std::optional<std::string> build(const Function& f, double half_width, int grid, long long max_evaluations,
                                          ImplicitCurve& out);

  /// Most calls of f one closest() or side() makes (30 foot-point
  /// iterations of 10, and side()'s test of the inside).
  static constexpr int kMostEvaluations = 301;

  /// Nearest point of the polylines (within chord_error() of the curve).
  Closest closest_on_polyline(const Eigen::Vector2d& p) const;
  /// Nearest point of the curve itself (the polyline's answer, refined on f).
  Closest closest(const Eigen::Vector2d& p) const;
  /// Where a point stands relative to the wall's inside (f < 0).
  struct Side {
    double clearance = 0;    ///< m, distance to the curve: > 0 inside, < 0 outside
    Eigen::Vector2d point;   ///< m, nearest point of the curve
    Eigen::Vector2d inward;  ///< unit normal at `point`, pointing into the inside
    int evaluations = 0;     ///< calls of f this query made (its cost)
  };
  /// closest(), with the distance signed and the normal turned inwards.
  Side side(const Eigen::Vector2d& p) const;
  /// Upper bound (m) of the distance between the polylines and the curve.
  double chord_error() const { return chord_error_; }

  double value(const Eigen::Vector2d& p) const { return f_(p.x(), p.y()); }
  /// Gradient of f by a 5-point central difference (exact for quartics).
  Eigen::Vector2d gradient(const Eigen::Vector2d& p) const;
  bool inside(const Eigen::Vector2d& p) const { return value(p) < 0; }

  const std::vector<std::vector<Eigen::Vector2d>>& loops() const { return loops_; }
  /// Area of the inside (f < 0), m^2: lattice nodes inside times the cell
  /// area, good to about the curve's length times the lattice spacing.
  double inside_area() const { return inside_area_; }
  /// Total length of the polylines, m.
  double length() const;
  double half_width() const { return half_width_; }
  size_t segment_count() const { return segments_.size(); }

 private:
  struct Segment {
    Eigen::Vector2d a, b;
  };
  void index_segments();

  Function f_;
  double half_width_ = 1;
  double chord_error_ = 0;
  double inside_area_ = 0;
  std::vector<std::vector<Eigen::Vector2d>> loops_;
  std::vector<Segment> segments_;
  // Uniform grid of segment indices over the curve's bounding square, for
  // nearest-segment queries.
  int cells_ = 1;
  double cell_size_ = 1;           // m
  Eigen::Vector2d grid_origin_{0, 0};  // m, the grid's lower-left corner
  std::vector<std::vector<int>> cell_segments_;
};

}  // namespace cl
