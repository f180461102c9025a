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
#include <utility>
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
  class Tracing;

  /// Most calls of f one closest() or side() makes (30 foot-point
  /// iterations of 10, and side()'s test of the inside).
  static constexpr int kMostEvaluations = 301;

  /// Nearest point of the polylines (within chord_error() of the curve).
  Closest closest_on_polyline(const Eigen::Vector2d& p) const;
  /// A lower bound (m) of closest_on_polyline(p).distance from the segment
  /// grid alone, without visiting a segment: enough to tell that a point far
  /// from the wall is clear of it.
  double polyline_distance_at_least(const Eigen::Vector2d& p) const;
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
  friend class Tracing;
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
  // Per cell: the Chebyshev distance in cells to the nearest cell that holds
  // a segment, so a search skips the empty rings around a point.
  std::vector<int> empty_rings_;
  /// p's cell (column, row), or nothing when p is outside the grid.
  std::optional<std::pair<int, int>> cell_of(const Eigen::Vector2d& p) const;
};

/// build() in slices: a page spreads a costly tracing (up to ~0.1 s natively)
/// over frames, asking between lattice rows and between chords whether to
/// stop for now. The same slices in one go give the same curve to the bit.
class ImplicitCurve::Tracing {
 public:
  Tracing(Function f, double half_width, int grid, long long max_evaluations);
  /// Works on until done or until `stop_early` returns true; returns done().
  bool advance(const std::function<bool()>& stop_early = nullptr);
  bool done() const { return stage_ == Stage::Done; }
  /// Share of the work done, 0..1 (lattice rows and chords, not time).
  double progress() const;
  /// Once done: why there is no curve, or the curve.
  const std::optional<std::string>& error() const { return error_; }
  ImplicitCurve& curve() { return curve_; }

 private:
  enum class Stage { Lattice, Crossings, Loops, Refine, Done };
  double f(double x, double y);
  Eigen::Vector2d node(int i, int j) const;
  double& value(int i, int j) { return values_[j * (grid_ + 1) + i]; }
  bool over_budget() const { return evaluations_ > max_evaluations_; }
  void fail(std::string message);
  /// One lattice row of values; one row of edge crossings (horizontal, then vertical).
  void lattice_row(int j);
  void crossings_row(int row);
  /// Links the crossings cell by cell (marching squares) and walks them into loops.
  void link_loops();
  /// Subdivides chord k of loop l until it lies within the tolerance of the curve.
  void refine_chord();
  void finish();

  Function f_;
  double half_width_, h_;
  int grid_;
  long long max_evaluations_, evaluations_ = 0;
  Stage stage_ = Stage::Lattice;
  int row_ = 0;  // next lattice row or crossing row
  std::vector<double> values_;
  std::vector<Eigen::Vector2d> vertices_;
  std::vector<int> horizontal_, vertical_;  // vertex index of each lattice edge's crossing, -1: none
  size_t loop_ = 0, chord_ = 0;              // next chord to refine
  size_t chords_total_ = 0, chords_done_ = 0;
  std::vector<Eigen::Vector2d> refined_;     // the loop being refined
  double worst_ = 0;                         // largest sagitta kept (m)
  std::optional<std::string> error_;
  ImplicitCurve curve_;
};

}  // namespace cl
