#pragma once
// The recent path of a point, for drawing: positions with their times, the
// oldest dropped past a span of time or a count. A run copies its scene at
// every sample (the last good state), so a copy must be cheap: the points
// are kept in chunks of kChunk that never change once full, shared by the
// copies; a copy copies the chunks' pointers and the newest, partly filled one.
#include <cstddef>
#include <deque>
#include <memory>
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
  static constexpr size_t kChunk = 64;  // points per chunk
  struct Point {
    double t, x, y;  // s, m, m
  };
  using Chunk = std::vector<Point>;

  /// The oldest point kept.
  const Point& oldest() const { return full_.empty() ? head_[dropped_] : (*full_.front())[dropped_]; }
  void drop_oldest();

  std::deque<std::shared_ptr<const Chunk>> full_;  // oldest first, kChunk points each, shared by copies
  Chunk head_;            // the newest points, fewer than kChunk
  size_t dropped_ = 0;    // points dropped from the oldest chunk (full_'s first, else head_)
  size_t count_ = 0;
};

}  // namespace cl
