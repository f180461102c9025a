// The neighbour list must hold every contact (pair and plane) while no
// particle has moved past its drift limit, and say so once one has, or once
// a position is not finite.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <utility>

#include "core/random.h"
#include "particles/neighbour_list.h"

namespace {

using Eigen::Vector3d;

constexpr double kR = 0.3, kSkin = 0.18;  // m

cl::AxisArrays as_axis_arrays(const std::vector<Vector3d>& points) {
  cl::AxisArrays a;
  for (const Vector3d& p : points) a.push_back(p);
  return a;
}

cl::AxesInUse axes_of(int dim) {
  cl::AxesInUse axes;
  axes.include(2);
  if (dim >= 2) axes.include(0);
  if (dim == 3) axes.include(1);
  return axes;
}

/// Dense random points in a box of side `side` (m), along the last `dim` axes (z always).
std::vector<Vector3d> random_points(int dim, double side, int n, std::mt19937_64& rng) {
  std::vector<Vector3d> points;
  for (int i = 0; i < n; ++i) {
    Vector3d p = Vector3d::Zero();
    p.z() = side * cl::unit_random(rng);
    if (dim >= 2) p.x() = side * cl::unit_random(rng);
    if (dim == 3) p.y() = side * cl::unit_random(rng);
    points.push_back(p);
  }
  return points;
}

/// The tests' dense heap in `dim` dimensions: 60 points on a 60 m line, 300
/// in a 6 m square, 900 in a 6 m cube.
std::vector<Vector3d> dense_heap(int dim, std::mt19937_64& rng) {
  return random_points(dim, dim == 1 ? 60 : 6, dim == 3 ? 900 : 300, rng);
}

/// Moves every point by `distance` (m) in a random direction within its axes.
std::vector<Vector3d> moved(std::vector<Vector3d> points, int dim, double distance, std::mt19937_64& rng) {
  for (Vector3d& p : points) {
    Vector3d d = Vector3d::Zero();
    while (!(d.norm() > 0.1)) {
      d.z() = 2 * cl::unit_random(rng) - 1;
      if (dim >= 2) d.x() = 2 * cl::unit_random(rng) - 1;
      if (dim == 3) d.y() = 2 * cl::unit_random(rng) - 1;
    }
    p += distance * d.normalized();
  }
  return points;
}

/// `points` stored as the particle system stores them once the grid built
/// over them has put them in cell order (the grid then names them so too).
std::vector<Vector3d> store_in_cell_order(const std::vector<Vector3d>& points, cl::UniformGrid& grid) {
  const std::vector<int>& order = grid.points_by_cell();
  std::vector<Vector3d> by_cell(points.size());
  for (size_t k = 0; k < order.size(); ++k) by_cell[k] = points[order[k]];
  grid.renumber_by_cell();
  return by_cell;
}

}  // namespace

TEST_CASE("neighbour list: after moves within the drift limit every contact is listed, once (1D, 2D, 3D)") {
  std::mt19937_64 rng(5);
  const std::vector<cl::SurfacePlane> planes = {{Vector3d::UnitZ(), 0}, {Vector3d::UnitX(), 0}, {-Vector3d::UnitX(), -6}};
  for (int dim = 1; dim <= 3; ++dim) {
    const std::vector<Vector3d> start = dense_heap(dim, rng);
    cl::UniformGrid grid;
    REQUIRE(grid.build(start, cl::NeighbourList::reach(kR, kSkin)));
    cl::NeighbourList list;
    list.build(grid, start, kR, kSkin, planes);
    // Just within the limit (0.45 skin), every point: pairs close by up to 0.9 skin.
    const std::vector<Vector3d> now = moved(start, dim, 0.449 * kSkin, rng);
    REQUIRE(list.holds_for(as_axis_arrays(now), axes_of(dim), kR));
    std::set<std::pair<int, int>> listed;
    long long repeated = 0;
    for (int a = 0; a < static_cast<int>(now.size()); ++a)
      for (const int b : list.partners(a)) {
        CHECK(a < b);
        repeated += listed.insert({a, b}).second ? 0 : 1;
      }
    long long contacts = 0, missed = 0;
    for (int a = 0; a < static_cast<int>(now.size()); ++a)
      for (int b = a + 1; b < static_cast<int>(now.size()); ++b)
        if ((now[b] - now[a]).norm() <= 2 * kR) {
          ++contacts;
          missed += listed.count({a, b}) ? 0 : 1;
        }
    long long plane_contacts = 0, plane_missed = 0;
    for (size_t k = 0; k < planes.size(); ++k) {
      const std::set<int> near(list.near_plane(k).begin(), list.near_plane(k).end());
      for (int i = 0; i < static_cast<int>(now.size()); ++i)
        if (kR - (now[i].dot(planes[k].normal) - planes[k].offset) >= 0) {
          ++plane_contacts;
          plane_missed += near.count(i) ? 0 : 1;
        }
    }
    MESSAGE(dim << "D: " << listed.size() << " pairs listed for " << contacts << " contacts (missed " << missed
                << ", repeated " << repeated << "); " << plane_contacts << " plane contacts (missed " << plane_missed
                << ")");
    CHECK(contacts > 100);
    CHECK(missed == 0);
    CHECK(repeated == 0);
    CHECK(plane_contacts > 10);
    CHECK(plane_missed == 0);
  }
}

TEST_CASE("neighbour list: a particle past the limit, a position that is not finite or another radius ask for a rebuild") {
  std::mt19937_64 rng(9);
  const std::vector<Vector3d> start = random_points(2, 6, 200, rng);
  cl::UniformGrid grid;
  REQUIRE(grid.build(start, cl::NeighbourList::reach(kR, kSkin)));
  cl::NeighbourList list;
  list.build(grid, start, kR, kSkin, {});
  const cl::AxesInUse axes = axes_of(2);
  CHECK(list.holds_for(as_axis_arrays(start), axes, kR));
  CHECK(!list.holds_for(as_axis_arrays(start), axes, 1.01 * kR));
  std::vector<Vector3d> far = start;
  far[17].x() += 0.451 * kSkin;
  CHECK(!list.holds_for(as_axis_arrays(far), axes, kR));
  std::vector<Vector3d> broken = start;
  broken[3].z() = std::nan("");
  CHECK(!list.holds_for(as_axis_arrays(broken), axes, kR));
  broken[3].z() = INFINITY;
  CHECK(!list.holds_for(as_axis_arrays(broken), axes, kR));
  CHECK(!list.holds_for(as_axis_arrays({start.begin(), start.end() - 1}), axes, kR));
  list.clear();
  CHECK(!list.holds_for(as_axis_arrays(start), axes, kR));
}

TEST_CASE("neighbour list: from a grid in cell order (written straight) the same pairs as from any order (sorted)") {
  std::mt19937_64 rng(8);
  for (int dim = 1; dim <= 3; ++dim) {
    const std::vector<Vector3d> points = dense_heap(dim, rng);
    cl::UniformGrid grid;
    REQUIRE(grid.build(points, cl::NeighbourList::reach(kR, kSkin)));
    CHECK(!grid.in_cell_order());
    cl::NeighbourList any_order;
    any_order.build(grid, points, kR, kSkin, {});
    // The same points stored in cell order, as the particle system stores them.
    const std::vector<int> order = grid.points_by_cell();
    const std::vector<Vector3d> by_cell = store_in_cell_order(points, grid);
    REQUIRE(grid.in_cell_order());
    cl::NeighbourList in_order;
    in_order.build(grid, by_cell, kR, kSkin, {});
    std::set<std::pair<int, int>> sorted_pairs, straight_pairs;
    for (int a = 0; a < static_cast<int>(points.size()); ++a) {
      for (const int b : any_order.partners(a)) sorted_pairs.insert({a, b});
      for (const int b : in_order.partners(a)) {
        CHECK(a < b);
        straight_pairs.insert({std::min(order[a], order[b]), std::max(order[a], order[b])});
      }
    }
    MESSAGE(dim << "D: " << sorted_pairs.size() << " pairs sorted, " << straight_pairs.size() << " written straight");
    CHECK(in_order.pair_count() == any_order.pair_count());
    CHECK(straight_pairs == sorted_pairs);
    CHECK(sorted_pairs.size() > 100);
  }
}

TEST_CASE("neighbour list: listed in parts (on the pool's threads), the same list, pair for pair and in order") {
  std::mt19937_64 rng(9);
  for (int dim = 1; dim <= 3; ++dim) {
    const std::vector<Vector3d> points = dense_heap(dim, rng);
    cl::UniformGrid grid;
    REQUIRE(grid.build(points, cl::NeighbourList::reach(kR, kSkin)));
    const std::vector<Vector3d> by_cell = store_in_cell_order(points, grid);
    cl::NeighbourList whole;
    whole.build(grid, by_cell, kR, kSkin, {});
    for (const int parts : {2, 3, 7, 64}) {
      cl::NeighbourList in_parts;
      in_parts.build(grid, by_cell, kR, kSkin, {}, parts);
      size_t differing = 0;
      for (int a = 0; a < static_cast<int>(by_cell.size()); ++a)
        differing += !std::equal(whole.partners(a).begin(), whole.partners(a).end(), in_parts.partners(a).begin(),
                                 in_parts.partners(a).end());
      MESSAGE(dim << "D, " << parts << " parts: " << in_parts.pair_count() << " pairs (whole: " << whole.pair_count()
                  << "), particles whose partners differ: " << differing);
      CHECK(in_parts.pair_count() == whole.pair_count());
      CHECK(differing == 0);
    }
  }
}
