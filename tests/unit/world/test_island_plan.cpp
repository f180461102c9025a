// world/island_plan: which bodies a slab integrates together. The reach is
// a stand-in here (a fixed speed times a slab of 1 s, or a law of the group's
// energy), so each case can say by hand which bodies may meet.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "world/island_plan.h"

namespace {

constexpr double kContactDistance = 2.0;  // m: bodies of bounding radius 1

/// Bodies on the x axis at `xs` (m), each with kinetic energy 1 J.
cl::IslandPlanInput row(const std::vector<double>& xs) {
  cl::IslandPlanInput input;
  for (double x : xs) {
    input.centres.emplace_back(x, 0.0);
    input.energies.push_back(1.0);
  }
  input.contact_distance = kContactDistance;
  input.reach = [](double, int) { return 0.1; };  // m: every centre moves at most 0.1 m
  return input;
}

}  // namespace

TEST_CASE("island plan: bodies beyond each other's reach fly free, bodies within it form an island") {
  // Gaps between centres: 2.1 (within 2 + 0.1 + 0.1), then 2.5 (beyond).
  const cl::IslandPlan plan = cl::plan_islands(row({0.0, 2.1, 4.6}));
  REQUIRE(plan.islands.size() == 1);
  CHECK(plan.islands[0] == std::vector<int>{0, 1});
  CHECK(plan.pairs == std::vector<std::pair<int, int>>{{0, 1}});
  CHECK(plan.largest_island() == 2);
  CHECK(plan.largest_linked == 1);
  CHECK(plan.boundary == std::vector<unsigned char>{0, 0, 0});
}

TEST_CASE("island plan: a body that may touch the boundary is integrated alone") {
  cl::IslandPlanInput input = row({0.0, 10.0});
  input.boundary_risk = [](int i, double reach) { return i == 1 && reach == 0.1; };
  const cl::IslandPlan plan = cl::plan_islands(input);
  REQUIRE(plan.islands.size() == 1);
  CHECK(plan.islands[0] == std::vector<int>{1});
  CHECK(plan.boundary == std::vector<unsigned char>{0, 1});
  CHECK(plan.pairs.empty());
}

TEST_CASE("island plan: links join their bodies, and the largest touching group is counted") {
  // Five bodies in a row: 0-1-2 touch (links, 1.9 m apart), 3-4 touch, 2 and 3 are 2.05 m apart.
  cl::IslandPlanInput input = row({0.0, 1.9, 3.8, 5.85, 7.75});
  input.links = {{0, 1}, {1, 2}, {3, 4}};
  input.link_energies = {0.0, 0.0, 0.0};
  input.reach = [](double, int) { return 0.0; };  // nothing moves: only links and contact distance join
  cl::IslandPlan plan = cl::plan_islands(input);
  CHECK(plan.largest_linked == 3);
  CHECK(plan.islands.size() == 2);  // 2.05 m > 2 m: the groups stay apart
  CHECK(plan.largest_island() == 3);

  input.reach = [](double, int) { return 0.05; };
  plan = cl::plan_islands(input);
  CHECK(plan.largest_linked == 3);
  REQUIRE(plan.islands.size() == 1);
  CHECK(plan.largest_island() == 5);
}

TEST_CASE("island plan: joined groups hold more energy and reach farther, so joining repeats") {
  // Reach grows with the group's energy (sqrt, as a speed does). Alone, a
  // body reaches 0.1 m: 0 and 1 (2.15 m apart) may meet, 1 and 2 (2.22 m)
  // may not. Joined, 0 and 1 hold 2 J and reach 0.1 sqrt(2) = 0.141 m, and
  // 2 + 0.141 + 0.1 = 2.241 m brings in the third.
  cl::IslandPlanInput input = row({0.0, 2.15, 4.37});
  input.reach = [](double energy, int) { return 0.1 * std::sqrt(energy); };
  const cl::IslandPlan plan = cl::plan_islands(input);
  const double two = 0.1 * std::sqrt(2.0);
  MESSAGE("reach of the joined pair " << two << " m: the third, 2.22 m away, within 2 + " << two << " + 0.1 m");
  REQUIRE(plan.islands.size() == 1);
  CHECK(plan.islands[0] == std::vector<int>{0, 1, 2});
  CHECK(plan.pairs.size() == 2);
}

TEST_CASE("island plan: one island of everything for the global integration") {
  const cl::IslandPlan plan = cl::single_island(4, true, true, {});
  CHECK(plan.largest_island() == 4);
  CHECK(plan.pairs.size() == 6);
  CHECK(plan.boundary == std::vector<unsigned char>{1, 1, 1, 1});
  const cl::IslandPlan apart = cl::single_island(3, false, false, {{0, 2}});
  CHECK(apart.pairs == std::vector<std::pair<int, int>>{{0, 2}});
  CHECK(apart.boundary == std::vector<unsigned char>{0, 0, 0});
}

TEST_CASE("island plan: the last plan's sweep order, nearly sorted or not, gives the same plan") {
  cl::IslandPlanInput input = row({0.0, 2.1, 9.0, 4.3, 30.0, 31.5, 6.0, 20.0});
  const cl::IslandPlan fresh = cl::plan_islands(input);
  // The order along x the sweep took: by the low end of each extent (equal reaches here).
  const std::vector<int> by_x = {0, 1, 3, 6, 2, 7, 4, 5};
  CHECK(fresh.sweep_order == by_x);
  for (const std::vector<int>& hint : {by_x, std::vector<int>{5, 4, 7, 2, 6, 3, 1, 0}, std::vector<int>{0, 1}}) {
    input.sweep_order = hint;
    const cl::IslandPlan hinted = cl::plan_islands(input);
    CHECK(hinted.islands == fresh.islands);
    std::vector<std::pair<int, int>> a = hinted.pairs, b = fresh.pairs;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);
    CHECK(hinted.sweep_order == by_x);
  }
}
