#include "particles/neighbour_list.h"

#include <algorithm>
#include <array>

#include "core/worker_pool.h"

namespace cl {

namespace {
// Rebuild when a particle has moved this fraction of the skin: half, less a
// tenth of the skin for round-off (m over m).
constexpr double kDriftPerSkin = 0.45;

/// Lists the partners of the positions a in [first, last) from the grid's
/// runs into `partners` (from its start, grown as needed), and where each
/// a's begin in first_partner[a]; returns how many.
size_t list_runs(const UniformGrid& grid, const std::vector<Eigen::Vector3d>& points, double reach_squared, int first,
                 int last, std::vector<int>& partners, int* first_partner) {
  // Every candidate is written and only the close ones are kept (the count
  // moves past them): no branch for the processor to mispredict at every
  // other candidate.
  int listed_up_to = first - 1;  // first_partner is set for the particles up to here
  size_t count = 0;
  grid.for_each_candidate_run(
      [&](int a, int run_first, int run_last) {
        while (listed_up_to < a) first_partner[++listed_up_to] = static_cast<int>(count);
        const size_t most = count + (run_last - run_first);  // if every candidate were close
        if (most > partners.size()) partners.resize(2 * most + 1024);
        const Eigen::Vector3d& x_a = points[a];
        for (int b = run_first; b < run_last; ++b) {
          partners[count] = b;
          count += (points[b] - x_a).squaredNorm() < reach_squared;
        }
      },
      first, last);
  while (listed_up_to < last - 1) first_partner[++listed_up_to] = static_cast<int>(count);
  return count;
}

}  // namespace

void NeighbourList::build(const UniformGrid& grid, const std::vector<Eigen::Vector3d>& points, double r, double skin,
                          const std::vector<SurfacePlane>& surfaces, int parts) {
  const double reach_squared = reach(r, skin) * reach(r, skin);
  const int n = static_cast<int>(points.size());
  // Each group keeps the order the grid offers.
  first_partner_.assign(n + 1, 0);
  if (grid.in_cell_order() && parts > 1) {
    // The pairs come as (a, b), a < b, by ascending a: each part lists its
    // range of a into a buffer of its own, then the buffers are put end to end.
    std::vector<std::vector<int>>& listed = *part_partners_;
    listed.resize(parts);
    std::vector<size_t>& offset = *part_offsets_;
    offset.assign(parts + 1, 0);
    WorkerPool::shared().run(parts, [&](int p) {
      const auto [first, last] = WorkerPool::part_range(n, parts, p);
      offset[p + 1] = list_runs(grid, points, reach_squared, first, last, listed[p], first_partner_.data());
    });
    for (int p = 0; p < parts; ++p) offset[p + 1] += offset[p];
    partners_.resize(offset[parts]);
    WorkerPool::shared().run(parts, [&](int p) {
      const auto [first, last] = WorkerPool::part_range(n, parts, p);
      std::copy(listed[p].begin(), listed[p].begin() + (offset[p + 1] - offset[p]), partners_.begin() + offset[p]);
      for (int a = first; a < last; ++a) first_partner_[a] += static_cast<int>(offset[p]);
    });
    first_partner_[n] = static_cast<int>(offset[parts]);
  } else if (grid.in_cell_order()) {
    // The pairs come as (a, b), a < b, by ascending a: each a's partners
    // are written straight after the previous a's.
    const size_t count = list_runs(grid, points, reach_squared, 0, n, partners_, first_partner_.data());
    first_partner_[n] = static_cast<int>(count);
    partners_.resize(count);
  } else {
    // In any order: the pairs are grouped by their first particle (a counting sort).
    std::vector<std::pair<int, int>>& found = *found_;
    const std::vector<int>& order = grid.points_by_cell();
    size_t count = 0;
    grid.for_each_candidate_run([&](int a, int first, int last) {
      if (count + (last - first) > found.size()) found.resize(2 * (count + (last - first)) + 1024);
      const int i = order[a];
      const Eigen::Vector3d& x_i = points[i];
      for (int b = first; b < last; ++b) {
        const int j = order[b];
        found[count] = {std::min(i, j), std::max(i, j)};
        count += (points[j] - x_i).squaredNorm() < reach_squared;
      }
    });
    for (size_t k = 0; k < count; ++k) ++first_partner_[found[k].first + 1];
    for (int a = 0; a < n; ++a) first_partner_[a + 1] += first_partner_[a];
    partners_.resize(count);
    for (size_t k = 0; k < count; ++k) partners_[first_partner_[found[k].first]++] = found[k].second;
    for (int a = n; a > 0; --a) first_partner_[a] = first_partner_[a - 1];
    first_partner_[0] = 0;
  }

  near_plane_.resize(surfaces.size());
  for (size_t k = 0; k < surfaces.size(); ++k) {
    const SurfacePlane& s = surfaces[k];
    near_plane_[k].clear();
    for (int i = 0; i < n; ++i)
      if (r - (points[i].dot(s.normal) - s.offset) >= -0.5 * skin) near_plane_[k].push_back(i);
  }

  built_at_.resize(n);
  for (int i = 0; i < n; ++i) built_at_.set(i, points[i]);
  r_ = r;
  drift_limit_ = (kDriftPerSkin * skin) * (kDriftPerSkin * skin);
  valid_ = true;
}

template <int D>
size_t NeighbourList::count_moved(const AxisArrays& x, const AxesInUse& axes, size_t first, size_t last) const {
  std::array<const double*, D> now, then;
  for (int j = 0; j < D; ++j) {
    now[j] = x.axis[axes.axis[j]].data();
    then[j] = built_at_.axis[axes.axis[j]].data();
  }
  // Counted without a branch per particle, so that the loop vectorises; a
  // position that is not finite fails the comparison and is counted too.
  size_t moved = 0;
  for (size_t i = first; i < last; ++i) {
    double squared = 0;
    for (int j = 0; j < D; ++j) squared += (now[j][i] - then[j][i]) * (now[j][i] - then[j][i]);
    moved += !(squared <= drift_limit_);
  }
  return moved;
}

bool NeighbourList::holds_for(const AxisArrays& x, const AxesInUse& axes, double r, size_t first,
                              size_t last) const {
  if (!valid_ || r != r_ || x.size() != built_at_.size()) return false;
  last = std::min(last, x.size());
  switch (axes.count) {
    case 1: return count_moved<1>(x, axes, first, last) == 0;
    case 2: return count_moved<2>(x, axes, first, last) == 0;
    default: return count_moved<3>(x, axes, first, last) == 0;
  }
}

}  // namespace cl
