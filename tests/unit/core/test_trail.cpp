// core/trail.h: the points of the last span seconds, at most a count, oldest
// first, across its chunks; a copy shares the full chunks and is independent.
#include <doctest/doctest.h>

#include "core/trail.h"

namespace {

// One point per 10 ms at x = its index.
cl::Trail walked(int points, double span, size_t most) {
  cl::Trail trail;
  for (int k = 0; k < points; ++k) trail.add(0.01 * k, Eigen::Vector2d(k, -k), span, most);
  return trail;
}

}  // namespace

TEST_CASE("trail: keeps the last span seconds, oldest first, after the ring wrapped many times") {
  const cl::Trail trail = walked(1000, 0.5, 8192);  // t = 0 .. 9.99 s
  const std::vector<Eigen::Vector2d> points = trail.points();
  // Points at t >= 9.99 - 0.5 = 9.49 s: k = 949 .. 999 (rounding may keep or drop the edge).
  REQUIRE(points.size() >= 50);
  REQUIRE(points.size() <= 51);
  CHECK(points.back() == Eigen::Vector2d(999, -999));
  for (size_t k = 1; k < points.size(); ++k) CHECK(points[k].x() == points[k - 1].x() + 1);
}

TEST_CASE("trail: at most `most` points, whatever the span") {
  const cl::Trail trail = walked(100, 1e9, 7);
  const std::vector<Eigen::Vector2d> points = trail.points();
  REQUIRE(points.size() == 7);
  CHECK(points.front().x() == 93);
  CHECK(points.back().x() == 99);
}

TEST_CASE("trail: a span of 0 keeps the latest point; clear empties it; a copy goes its own way") {
  cl::Trail trail = walked(20, 0, 100);
  CHECK(trail.size() == 1);
  cl::Trail copy = trail;
  copy.add(1, Eigen::Vector2d(5, 5), 10, 100);
  CHECK(copy.size() == 2);
  CHECK(trail.size() == 1);
  trail.clear();
  CHECK(trail.points().empty());
  trail.add(2, Eigen::Vector2d(1, 2), 1, 10);
  CHECK(trail.points() == std::vector<Eigen::Vector2d>{Eigen::Vector2d(1, 2)});
}

TEST_CASE("trail: a copy shares its full chunks, and each goes its own way from there") {
  cl::Trail trail = walked(300, 1e9, 1000);
  const cl::Trail snapshot = trail;
  for (int k = 300; k < 1200; ++k) trail.add(0.01 * k, Eigen::Vector2d(k, -k), 1e9, 1000);
  const std::vector<Eigen::Vector2d> now = trail.points(), then = snapshot.points();
  REQUIRE(then.size() == 300);
  CHECK(then.front().x() == 0);
  CHECK(then.back().x() == 299);
  REQUIRE(now.size() == 1000);
  CHECK(now.front().x() == 200);
  CHECK(now.back().x() == 1199);
  for (size_t k = 1; k < now.size(); ++k) CHECK(now[k].x() == now[k - 1].x() + 1);
}
