#include "core/trail.h"

#include <algorithm>

namespace cl {

void Trail::add(double t, const Eigen::Vector2d& p, double span, size_t most) {
  most = std::max<size_t>(most, 1);
  while (count_ > 0 && (at(0).t < t - span || count_ >= most)) {
    start_ = (start_ + 1) % ring_.size();
    --count_;
  }
  if (count_ == ring_.size()) {  // full: unrolled into a ring twice as long
    std::vector<Point> longer(std::min(std::max<size_t>(16, 2 * ring_.size()), most));
    for (size_t k = 0; k < count_; ++k) longer[k] = at(k);
    ring_ = std::move(longer);
    start_ = 0;
  }
  ring_[(start_ + count_) % ring_.size()] = Point{t, p.x(), p.y()};
  ++count_;
}

void Trail::clear() {
  ring_.clear();
  start_ = count_ = 0;
}

std::vector<Eigen::Vector2d> Trail::points() const {
  std::vector<Eigen::Vector2d> points;
  points.reserve(count_);
  for (size_t k = 0; k < count_; ++k) points.emplace_back(at(k).x, at(k).y);
  return points;
}

}  // namespace cl
