#include "particles/neighbour_list.h"

#include <algorithm>
#include <array>

namespace cl {

namespace {
// Rebuild when a particle has moved this fraction of the skin: half, less a
// tenth of the skin for round-off (m over m).
constexpr double kDriftPerSkin = 0.45;
}  // namespace

void NeighbourList::build(const UniformGrid& grid, const std::vector<Eigen::Vector3d>& points, double r, double skin,
                          const std::vector<SurfacePlane>& surfaces) {
  const double reach_squared = reach(r, skin) * reach(r, skin);
  const int n = static_cast<int>(points.size());
  found_->clear();
  grid.for_each_candidate_pair([&](int a, int b) {
    if ((points[b] - points[a]).squaredNorm() < reach_squared) found_->emplace_back(std::min(a, b), std::max(a, b));
  });
  // Grouped by the first particle (a counting sort), each group in the order found.
  first_partner_.assign(n + 1, 0);
  for (const auto& [a, b] : *found_) ++first_partner_[a + 1];
  for (int a = 0; a < n; ++a) first_partner_[a + 1] += first_partner_[a];
  partners_.resize(found_->size());
  for (const auto& [a, b] : *found_) partners_[first_partner_[a]++] = b;
  for (int a = n; a > 0; --a) first_partner_[a] = first_partner_[a - 1];
  first_partner_[0] = 0;

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
size_t NeighbourList::count_moved(const AxisArrays& x, const AxesInUse& axes) const {
  std::array<const double*, D> now, then;
  for (int j = 0; j < D; ++j) {
    now[j] = x.axis[axes.axis[j]].data();
    then[j] = built_at_.axis[axes.axis[j]].data();
  }
  // Counted without a branch per particle, so that the loop vectorises; a
  // position that is not finite fails the comparison and is counted too.
  size_t moved = 0;
  const size_t n = x.size();
  for (size_t i = 0; i < n; ++i) {
    double squared = 0;
    for (int j = 0; j < D; ++j) squared += (now[j][i] - then[j][i]) * (now[j][i] - then[j][i]);
    moved += !(squared <= drift_limit_);
  }
  return moved;
}

bool NeighbourList::holds_for(const AxisArrays& x, const AxesInUse& axes, double r) const {
  if (!valid_ || r != r_ || x.size() != built_at_.size()) return false;
  switch (axes.count) {
    case 1: return count_moved<1>(x, axes) == 0;
    case 2: return count_moved<2>(x, axes) == 0;
    default: return count_moved<3>(x, axes) == 0;
  }
}

}  // namespace cl
