// The grid must offer every pair closer than its cell size, each once.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <utility>

#include "core/random.h"
#include "geometry/uniform_grid.h"

TEST_CASE("uniform grid: every close pair is offered exactly once (1D, 2D, 3D, against all pairs)") {
  std::mt19937_64 rng(7);
  for (int dim = 1; dim <= 3; ++dim) {
    std::vector<Eigen::Vector3d> points;
    for (int i = 0; i < 600; ++i) {
      Eigen::Vector3d p = Eigen::Vector3d::Zero();
      for (int axis = 3 - dim; axis < 3; ++axis) p[axis] = (dim == 3 ? 6 : 12) * cl::unit_random(rng);
      points.push_back(p);
    }
    points.push_back(Eigen::Vector3d(0, 0, 500));  // one far away: coarser cells, same pairs
    const double reach = 0.6;
    cl::UniformGrid grid;
    REQUIRE(grid.build(points, reach));
    std::set<std::pair<int, int>> offered;
    long long repeats = 0;
    grid.for_each_candidate_pair([&](int a, int b) {
      CHECK(a != b);
      if (!offered.insert({std::min(a, b), std::max(a, b)}).second) ++repeats;
    });
    long long close = 0, missed = 0;
    for (int a = 0; a < static_cast<int>(points.size()); ++a)
      for (int b = a + 1; b < static_cast<int>(points.size()); ++b)
        if ((points[a] - points[b]).norm() < reach) {
          ++close;
          missed += offered.count({a, b}) ? 0 : 1;
        }
    MESSAGE(dim << "D: " << close << " close pairs, " << offered.size() << " offered, cell " << grid.cell_size()
                << " m, missed " << missed << ", repeated " << repeats);
    CHECK(close > 100);
    CHECK(missed == 0);
    CHECK(repeats == 0);
  }
}

TEST_CASE("uniform grid: a non-finite coordinate is refused") {
  cl::UniformGrid grid;
  CHECK(!grid.build({Eigen::Vector3d::Zero(), Eigen::Vector3d(0, 0, std::nan(""))}, 1));
  CHECK(grid.build({}, 1));
}
