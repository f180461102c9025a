// The grid must offer every pair closer than its cell size, each once, and
// stay bounded (in cells and in the arithmetic of its cell counts) however
// far a point flies off.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <set>
#include <utility>

#include "core/random.h"
#include "geometry/uniform_grid.h"

namespace {

struct PairCheck {
  long long close = 0, missed = 0, repeated = 0;
};

/// Builds `grid` over `points` and compares the pairs it offers with all pairs closer than `reach`.
PairCheck check_pairs(cl::UniformGrid& grid, const std::vector<Eigen::Vector3d>& points, double reach) {
  PairCheck c;
  REQUIRE(grid.build(points, reach));
  std::set<std::pair<int, int>> offered;
  grid.for_each_candidate_pair([&](int a, int b) {
    CHECK(a != b);
    if (!offered.insert({std::min(a, b), std::max(a, b)}).second) ++c.repeated;
  });
  for (int a = 0; a < static_cast<int>(points.size()); ++a)
    for (int b = a + 1; b < static_cast<int>(points.size()); ++b)
      if ((points[a] - points[b]).norm() < reach) {
        ++c.close;
        c.missed += offered.count({a, b}) ? 0 : 1;
      }
  return c;
}

std::vector<Eigen::Vector3d> random_points(int dim, double side, int n, std::mt19937_64& rng) {
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < n; ++i) {
    Eigen::Vector3d p = Eigen::Vector3d::Zero();
    for (int axis = 3 - dim; axis < 3; ++axis) p[axis] = side * cl::unit_random(rng);
    points.push_back(p);
  }
  return points;
}

}  // namespace

TEST_CASE("uniform grid: every close pair is offered exactly once (1D, 2D, 3D, against all pairs)") {
  std::mt19937_64 rng(7);
  for (int dim = 1; dim <= 3; ++dim) {
    std::vector<Eigen::Vector3d> points = random_points(dim, dim == 3 ? 6 : 12, 600, rng);
    points.push_back(Eigen::Vector3d(0, 0, 500));  // one far away: coarser cells, same pairs
    cl::UniformGrid grid;
    const PairCheck c = check_pairs(grid, points, 0.6);
    MESSAGE(dim << "D: " << c.close << " close pairs, cell " << grid.cell_size() << " m, missed " << c.missed
                << ", repeated " << c.repeated);
    CHECK(c.close > 100);
    CHECK(c.missed == 0);
    CHECK(c.repeated == 0);
  }
}

TEST_CASE("uniform grid: the candidate runs are the candidate pairs, each once, also after renumbering by cell") {
  std::mt19937_64 rng(13);
  for (int dim = 1; dim <= 3; ++dim) {
    std::vector<Eigen::Vector3d> points = random_points(dim, dim == 3 ? 5 : 10, 500, rng);
    cl::UniformGrid grid;
    REQUIRE(grid.build(points, 0.7));
    std::set<std::pair<int, int>> pairs;
    grid.for_each_candidate_pair([&](int a, int b) { pairs.insert({std::min(a, b), std::max(a, b)}); });
    auto pairs_in_runs = [&](const cl::UniformGrid& g, const std::vector<int>& name_of) {
      std::set<std::pair<int, int>> found;
      long long repeated = 0;
      g.for_each_candidate_run([&](int a, int first, int last) {
        CHECK(first >= 0);
        CHECK(last <= static_cast<int>(name_of.size()));
        for (int b = first; b < last; ++b) {
          CHECK(b > a);
          const int i = name_of[g.points_by_cell()[a]], j = name_of[g.points_by_cell()[b]];
          repeated += found.insert({std::min(i, j), std::max(i, j)}).second ? 0 : 1;
        }
      });
      CHECK(repeated == 0);
      return found;
    };
    std::vector<int> same(points.size());
    for (size_t i = 0; i < points.size(); ++i) same[i] = static_cast<int>(i);
    CHECK(pairs_in_runs(grid, same) == pairs);
    // Stored anew in cell order, the points are named by their new index.
    const std::vector<int> order = grid.points_by_cell();
    grid.renumber_by_cell();
    MESSAGE(dim << "D: " << pairs.size() << " candidate pairs");
    CHECK(pairs_in_runs(grid, order) == pairs);
  }
}

TEST_CASE("uniform grid: a point at 1e10 m neither overflows the cell counts nor coarsens bounded cells (issue 15)") {
  std::mt19937_64 rng(11);
  std::vector<Eigen::Vector3d> points = random_points(3, 6, 600, rng);
  points.push_back(Eigen::Vector3d(3, 3, 1e10));  // was a signed int overflow in the cell count
  points.push_back(Eigen::Vector3d(3, 3.3, 1e10));  // and a close pair up there
  cl::UniformGrid unbounded;
  const PairCheck far = check_pairs(unbounded, points, 0.6);
  MESSAGE("unbounded: cell " << unbounded.cell_size() << " m, " << far.close << " close pairs, missed " << far.missed);
  CHECK(far.missed == 0);
  CHECK(far.repeated == 0);
  // Bounded to the box: the far points count in its top cells, the cells stay 0.6 m.
  cl::UniformGrid bounded;
  bounded.set_bounds({Eigen::Vector3d(-6, -6, -6), Eigen::Vector3d(12, 12, 24)});
  const PairCheck clamped = check_pairs(bounded, points, 0.6);
  MESSAGE("bounded: cell " << bounded.cell_size() << " m, " << clamped.close << " close pairs, missed "
                           << clamped.missed);
  CHECK(bounded.cell_size() < 1);
  CHECK(clamped.missed == 0);
  CHECK(clamped.repeated == 0);
  // A spread beyond what a double holds is refused, not looped over.
  cl::UniformGrid grid;
  CHECK(!grid.build({Eigen::Vector3d(0, 0, 1.7e308), Eigen::Vector3d(0, 0, -1.7e308)}, 0.6));
}

TEST_CASE("uniform grid: a non-finite coordinate is refused") {
  cl::UniformGrid grid;
  CHECK(!grid.build({Eigen::Vector3d::Zero(), Eigen::Vector3d(0, 0, std::nan(""))}, 1));
  CHECK(grid.build({}, 1));
}
