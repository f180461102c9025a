#include <doctest/doctest.h>

#include "core/impact_loop.h"

TEST_CASE("ImpactLoopLog keeps the latest impacts and ignores points of forgotten ones") {
  cl::ImpactLoopLog log(3, 100);
  size_t ids[5];
  for (int k = 0; k < 5; ++k) ids[k] = log.begin(0.1 * k, "wall", k, -1);
  REQUIRE(log.loops().size() == 3);
  CHECK(log.dropped() == 2);
  CHECK(log.loops().front().id == ids[2]);
  log.add_point(ids[0], 1e-3, 5);  // forgotten: no effect
  log.add_point(ids[3], 1e-3, 5);
  CHECK(log.loops()[1].penetration.size() == 1);
  CHECK(log.loops()[0].penetration.empty());
  CHECK(log.loops()[2].i == 4);
  log.clear();
  CHECK(log.loops().empty());
  CHECK(log.begin(0, "pair", 0, 1) == 0);
}

TEST_CASE("ImpactLoopLog thins a long loop by halves and keeps points evenly spaced") {
  cl::ImpactLoopLog log(4, 8);
  const size_t id = log.begin(0, "pair", 0, 1);
  for (int k = 0; k < 100; ++k) log.add_point(id, k, 2.0 * k);
  const cl::ImpactLoop& loop = log.loops().front();
  MESSAGE("100 points kept as " << loop.penetration.size() << " with stride " << loop.stride);
  REQUIRE(loop.penetration.size() <= 8);
  CHECK(loop.penetration.size() >= 4);
  for (size_t k = 0; k < loop.penetration.size(); ++k) {
    CHECK(loop.penetration[k] == doctest::Approx(static_cast<double>(k * loop.stride)));
    CHECK(loop.force[k] == doctest::Approx(2.0 * loop.penetration[k]));
  }
}
