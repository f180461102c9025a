#include "two_fingers.h"

namespace cl::app {

namespace {
constexpr float kSmallestSpread = 8;  // px: closer fingers give no zoom (a ratio of tiny distances jumps)
}

std::optional<TwoFingers::ViewChange> TwoFingers::moved(long long finger, const Eigen::Vector2f& at) {
  const auto it = fingers_.find(finger);
  if (it == fingers_.end() || !at.allFinite()) return std::nullopt;
  if (fingers_.size() != 2) {
    it->second = at;
    return std::nullopt;
  }
  const Eigen::Vector2f other = (fingers_.begin()->first == finger ? std::next(fingers_.begin()) : fingers_.begin())->second;
  const Eigen::Vector2f before = it->second;
  it->second = at;
  const Eigen::Vector2f centre_before = 0.5f * (before + other), centre = 0.5f * (at + other);
  const float spread_before = (before - other).norm(), spread = (at - other).norm();
  const double zoom = spread_before > kSmallestSpread && spread > kSmallestSpread ? spread / spread_before : 1.0;
  return ViewChange{centre, centre - centre_before, zoom};
}

}  // namespace cl::app
