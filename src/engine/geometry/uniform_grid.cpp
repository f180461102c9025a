#include "geometry/uniform_grid.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cl {

bool UniformGrid::build(const std::vector<Eigen::Vector3d>& points, double min_cell, double cells_per_point) {
  const int n = static_cast<int>(points.size());
  in_cell_order_ = false;
  auto clamped = [&](const Eigen::Vector3d& p) -> Eigen::Vector3d { return p.cwiseMax(bounds_.lo).cwiseMin(bounds_.hi); };
  Eigen::Vector3d lo = Eigen::Vector3d::Zero(), hi = Eigen::Vector3d::Zero();
  if (n > 0) {
    lo = hi = clamped(points[0]);
    for (const Eigen::Vector3d& p : points) {
      if (!p.allFinite()) return false;
      lo = lo.cwiseMin(clamped(p));
      hi = hi.cwiseMax(clamped(p));
    }
  }
  const Eigen::Vector3d extent = hi - lo;
  if (!extent.allFinite()) return false;
  // Cells along one axis for a cell size (in double: no overflow); an axis of zero extent gets one.
  auto cells_along = [](double length, double cell) { return std::floor(length / cell) + 1; };
  const double max_cells = cells_per_point * std::max(n, 1) + 64;
  cell_ = min_cell;
  for (;;) {
    const double total = cells_along(extent.x(), cell_) * cells_along(extent.y(), cell_) * cells_along(extent.z(), cell_);
    if (total <= max_cells) break;
    cell_ *= 1.5;  // points far apart (one flying away): coarser cells, same pairs found
  }
  origin_ = lo;
  for (int axis = 0; axis < 3; ++axis) dims_[axis] = static_cast<int>(cells_along(extent[axis], cell_));
  // Half of the 26 neighbours: those after the cell in (z, y, x) order,
  // leaving out the offsets along axes with a single cell (2D: 4 remain, 1D: 1).
  stencil_.clear();
  for (int dz = 0; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const bool after = dz > 0 || dy > 0 || (dy == 0 && dx > 0);
        if (dz == 0 && dy < 0) continue;
        if (!after) continue;
        if ((dx != 0 && dims_[0] == 1) || (dy != 0 && dims_[1] == 1) || (dz != 0 && dims_[2] == 1)) continue;
        stencil_.push_back({dx, dy, dz});
      }

  const int cell_count = dims_[0] * dims_[1] * dims_[2];
  cell_of_.resize(n);
  cell_start_.assign(cell_count + 1, 0);
  sorted_.resize(n);
  const double inverse = 1 / cell_;
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d q = (clamped(points[i]) - origin_) * inverse;
    const int cx = std::min(static_cast<int>(q.x()), dims_[0] - 1);
    const int cy = std::min(static_cast<int>(q.y()), dims_[1] - 1);
    const int cz = std::min(static_cast<int>(q.z()), dims_[2] - 1);
    cell_of_[i] = cell_index(cx, cy, cz);
    ++cell_start_[cell_of_[i] + 1];
  }
  for (int c = 0; c < cell_count; ++c) cell_start_[c + 1] += cell_start_[c];
  // Fill in point order so that each cell lists its points ascending.
  cursor_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (int i = 0; i < n; ++i) sorted_[cursor_[cell_of_[i]]++] = i;
  return true;
}

void UniformGrid::renumber_by_cell() {
  // The k-th point in cell order is now point k; cell_of_ is not read again before the next build.
  std::iota(sorted_.begin(), sorted_.end(), 0);
  in_cell_order_ = true;
}

}  // namespace cl
