#include "core/trail.h"

#include <algorithm>

namespace cl {

void Trail::drop_oldest() {
  ++dropped_;
  --count_;
  if (!full_.empty() && dropped_ == kChunk) {
    full_.pop_front();
    dropped_ = 0;
  }
  if (count_ == 0) clear();
}

void Trail::add(double t, const Eigen::Vector2d& p, double span, size_t most) {
  most = std::max<size_t>(most, 1);
  while (count_ > 0 && (oldest().t < t - span || count_ >= most)) drop_oldest();
  head_.push_back(Point{t, p.x(), p.y()});
  ++count_;
  if (head_.size() == kChunk) {  // full: shared from now on, never changed
    full_.push_back(std::make_shared<const Chunk>(std::move(head_)));
    head_ = Chunk();
    head_.reserve(kChunk);
  }
}

void Trail::clear() {
  full_.clear();
  head_.clear();
  dropped_ = count_ = 0;
}

std::vector<Eigen::Vector2d> Trail::points() const {
  std::vector<Eigen::Vector2d> points;
  points.reserve(count_);
  size_t skip = dropped_;  // applies to the oldest chunk only
  for (const std::shared_ptr<const Chunk>& chunk : full_) {
    for (size_t k = skip; k < chunk->size(); ++k) points.emplace_back((*chunk)[k].x, (*chunk)[k].y);
    skip = 0;
  }
  for (size_t k = skip; k < head_.size(); ++k) points.emplace_back(head_[k].x, head_[k].y);
  return points;
}

}  // namespace cl
