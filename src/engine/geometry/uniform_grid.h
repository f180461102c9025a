#pragma once
// Broad phase for equal spheres: a uniform grid of cubic cells at least one
// contact distance wide, filled by a counting sort (no allocation once the
// arrays have grown). Two spheres can touch only if their cells are the same
// or adjacent, so each candidate pair is visited once through a half stencil
// of neighbour cells. Unused axes (a 1D or 2D run) have one cell.
//
// Bounded: the grid never has more than cells_per_point * N + 64 cells
// (4 bytes each: 1.6 MB for 100,000 points); cell counts are computed in
// double, so a point flying off to 1e10 m cannot overflow them. Points
// outside `bounds` are counted in the nearest boundary cell: clamping moves
// two points' cells by no more than it moves the points, so every close
// pair still meets, and one far point does not coarsen the grid over the
// rest (which would make every pair a candidate).
#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include <Eigen/Core>

namespace cl {

class UniformGrid {
 public:
  /// Where points are expected (m); unbounded by default.
  struct Bounds {
    Eigen::Vector3d lo = Eigen::Vector3d::Constant(-std::numeric_limits<double>::infinity());
    Eigen::Vector3d hi = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  };
  void set_bounds(const Bounds& bounds) { bounds_ = bounds; }

  /// Sorts `points` (m) into cells of side at least `min_cell` (m). The cell
  /// grows when the points spread so far that the grid would exceed about
  /// `cells_per_point` cells per point (memory stays proportional to N).
  /// Returns false (and builds nothing) if a coordinate is not finite, or
  /// their spread is not (unbounded points beyond +-1e308 m).
  bool build(const std::vector<Eigen::Vector3d>& points, double min_cell, double cells_per_point = 4);

  /// Calls visit(i, j) once for every pair i != j of points in the same or
  /// adjacent cells: every pair closer than min_cell is among them.
  template <class Visit>
  void for_each_candidate_pair(Visit&& visit) const;
  /// The same pairs as runs of points_by_cell(): calls visit(a, first, last)
  /// for positions a in points_by_cell() and runs [first, last) of positions
  /// after a, such that the pairs (points_by_cell()[a], points_by_cell()[b])
  /// for b in a's runs are the candidate pairs, each once. Cells next to
  /// each other along x are next to each other in that order, so the half
  /// of a cell's neighbours makes one run per row: 1 in 1D, 2 in 2D, 5 in
  /// 3D, fewer at the edges (a tight loop instead of one per cell). Only
  /// for the positions a in [first, last), if given: the runs of a range of
  /// positions do not depend on the others (for threads to share the pairs).
  template <class Visit>
  void for_each_candidate_run(Visit&& visit, int first = 0, int last = std::numeric_limits<int>::max()) const;

  double cell_size() const { return cell_; }
  /// The points' indices ordered by cell, in (z, y, x) order of the cells,
  /// each cell's ascending: the order that puts neighbours next to each other.
  const std::vector<int>& points_by_cell() const { return sorted_; }
  /// After the points have been stored anew in points_by_cell() order: from
  /// here on the grid names each point by its new index.
  void renumber_by_cell();
  /// Whether points_by_cell() is 0, 1, 2, ... (renumbered since the last
  /// build): then for_each_candidate_run() offers its pairs (a, b) with
  /// a < b, by ascending a.
  bool in_cell_order() const { return in_cell_order_; }

 private:
  int cell_index(int cx, int cy, int cz) const { return (cz * dims_[1] + cy) * dims_[0] + cx; }

  Bounds bounds_;
  double cell_ = 1;
  Eigen::Vector3d origin_ = Eigen::Vector3d::Zero();
  std::array<int, 3> dims_{1, 1, 1};
  std::vector<std::array<int, 3>> stencil_;  // neighbour offsets along the axes that have more than one cell
  std::vector<int> cell_of_;     // cell of each point
  std::vector<int> cell_start_;  // points of cell c: sorted_[cell_start_[c] .. cell_start_[c + 1])
  std::vector<int> sorted_;      // point indices ordered by cell
  std::vector<int> cursor_;      // next free slot of each cell while filling
  bool in_cell_order_ = false;
};

template <class Visit>
void UniformGrid::for_each_candidate_pair(Visit&& visit) const {
  for (int cz = 0; cz < dims_[2]; ++cz)
    for (int cy = 0; cy < dims_[1]; ++cy)
      for (int cx = 0; cx < dims_[0]; ++cx) {
        const int c = cell_index(cx, cy, cz);
        const int begin = cell_start_[c], end = cell_start_[c + 1];
        if (begin == end) continue;
        for (int a = begin; a < end; ++a)
          for (int b = a + 1; b < end; ++b) visit(sorted_[a], sorted_[b]);
        for (const std::array<int, 3>& o : stencil_) {
          const int nx = cx + o[0], ny = cy + o[1], nz = cz + o[2];
          if (nx < 0 || ny < 0 || nz < 0 || nx >= dims_[0] || ny >= dims_[1] || nz >= dims_[2]) continue;
          const int n = cell_index(nx, ny, nz);
          const int n_begin = cell_start_[n], n_end = cell_start_[n + 1];
          for (int a = begin; a < end; ++a)
            for (int b = n_begin; b < n_end; ++b) visit(sorted_[a], sorted_[b]);
        }
      }
}

template <class Visit>
void UniformGrid::for_each_candidate_run(Visit&& visit, int first, int last) const {
  const int last_x = dims_[0] - 1, cell_count = dims_[0] * dims_[1] * dims_[2];
  last = std::min(last, cell_start_[cell_count]);
  if (first >= last) return;
  // From the cell that holds position `first`, cell after cell along x, y, z.
  int c = static_cast<int>(std::upper_bound(cell_start_.begin(), cell_start_.end(), first) - cell_start_.begin()) - 1;
  int cx = c % dims_[0], cy = (c / dims_[0]) % dims_[1], cz = c / (dims_[0] * dims_[1]);
  for (; c < cell_count && cell_start_[c] < last; ++c) {
    const int begin = std::max(cell_start_[c], first), end = std::min(cell_start_[c + 1], last);
    if (begin < end) {
      const int x0 = std::max(cx - 1, 0), x1 = std::min(cx + 1, last_x);
      // The rest of this cell and the next along x; then the cells x0..x1
      // of the row above (y + 1) and of the three rows of the layer above (z + 1).
      const int row_end = cell_start_[cell_index(x1, cy, cz) + 1];
      const int above_y = cy + 1 < dims_[1] ? cy + 1 : -1;
      const int y0 = std::max(cy - 1, 0), y1 = std::min(cy + 1, dims_[1] - 1);
      for (int a = begin; a < end; ++a) {
        visit(a, a + 1, row_end);
        if (above_y >= 0)
          visit(a, cell_start_[cell_index(x0, above_y, cz)], cell_start_[cell_index(x1, above_y, cz) + 1]);
        if (cz + 1 < dims_[2])
          for (int y = y0; y <= y1; ++y)
            visit(a, cell_start_[cell_index(x0, y, cz + 1)], cell_start_[cell_index(x1, y, cz + 1) + 1]);
      }
    }
    if (++cx > last_x) {
      cx = 0;
      if (++cy == dims_[1]) cy = 0, ++cz;
    }
  }
}

}  // namespace cl
