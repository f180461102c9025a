#include "geometry/placed_centres.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

constexpr int kMostCellsPerSide = 256;

}  // namespace

PlacedCentres::PlacedCentres(const Eigen::Vector2d& lo, const Eigen::Vector2d& hi, double spacing)
    : lo_(lo), spacing_(spacing) {
  double extent = (hi - lo).maxCoeff();  // m
  if (!std::isfinite(extent) || !(extent > spacing)) extent = spacing;
  cell_ = std::max(spacing, extent / kMostCellsPerSide);
  side_ = std::clamp(static_cast<int>(std::ceil(extent / cell_)), 1, kMostCellsPerSide);
  first_.assign(static_cast<size_t>(side_) * side_, -1);
}

bool PlacedCentres::clear(const Eigen::Vector2d& c) const {
  const auto [ci, cj] = cell_of(c);
  for (int j = std::max(cj - 1, 0); j <= std::min(cj + 1, side_ - 1); ++j)
    for (int i = std::max(ci - 1, 0); i <= std::min(ci + 1, side_ - 1); ++i)
      for (int k = first_[static_cast<size_t>(j * side_ + i)]; k >= 0; k = next_[static_cast<size_t>(k)])
        if ((c - centres_[static_cast<size_t>(k)]).norm() < spacing_) return false;
  return true;
}

void PlacedCentres::add(const Eigen::Vector2d& c) {
  const auto [i, j] = cell_of(c);
  int& first = first_[static_cast<size_t>(j * side_ + i)];
  next_.push_back(first);
  first = static_cast<int>(centres_.size());
  centres_.push_back(c);
}

std::pair<int, int> PlacedCentres::cell_of(const Eigen::Vector2d& c) const {
  const auto index = [&](double x) {
    const double k = std::floor(x / cell_);
    return k > 0 ? static_cast<int>(std::min(k, side_ - 1.0)) : 0;  // below the box, or NaN: the first cell
  };
  return {index(c.x() - lo_.x()), index(c.y() - lo_.y())};
}

}  // namespace cl
