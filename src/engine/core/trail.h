#pragma once
// The recent path of a point, for drawing: positions with their times, the
// oldest dropped past a span of time or a count. One contiguous ring, so the
// copy of a scene the simulation makes at every sample interval copies it in
// one piece (a deque was a tenth of a pendulum run's time).
#include <cstddef>
#include <vector>

#include <Eigen/Core>

namespace cl {

class Trail {
 public:
  /// Adds the point p (m) at time t (s), keeping the points of the last
  /// `span` seconds and at most `most` of them.
  void add(double t, const Eigen::Vector2d& p, double span, size_t most);
  void clear();
  size_t size() const { return count_; }
  /// The points, oldest first.
  std::vector<Eigen::Vector2d> points() const;

 private:
  struct Point {
    double t, x, y;  // s, m, m: plain numbers, copied as one block
  };
  const Point& at(size_t k) const { return ring_[(start_ + k) % ring_.size()]; }

  std::vector<Point> ring_;
  size_t start_ = 0, count_ = 0;
};

}  // namespace cl
