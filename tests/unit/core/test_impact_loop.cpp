#include <doctest/doctest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "core/impact_loop.h"
#include "io/impact_loops_io.h"

TEST_CASE("ImpactLoopLog keeps the latest impacts and ignores points of forgotten ones") {
  cl::ImpactLoopLog log(3, 100);
  size_t ids[5];
  for (int k = 0; k < 5; ++k) ids[k] = log.begin(0.1 * k, "wall", k, -1);
  REQUIRE(log.loops().size() == 3);
  CHECK(log.dropped() == 2);
  CHECK(log.loops()[0].id == ids[2]);
  log.add_point(ids[0], 1e-3, 5);  // forgotten: no effect
  log.add_point(ids[3], 1e-3, 5);
  CHECK(log.loops()[1].penetration.size() == 1);
  CHECK(log.loops()[0].penetration.empty());
  CHECK(log.loops()[2].i == 4);
  log.clear();
  CHECK(log.loops().size() == 0);
  CHECK(log.begin(0, "pair", 0, 1) == 0);
}

TEST_CASE("ImpactLoopLog thins a long loop by halves and keeps points evenly spaced") {
  cl::ImpactLoopLog log(4, 8);
  const size_t id = log.begin(0, "pair", 0, 1);
  for (int k = 0; k < 100; ++k) log.add_point(id, k, 2.0 * k);
  const cl::ImpactLoop& loop = log.loops()[0];
  MESSAGE("100 points kept as " << loop.penetration.size() << " with stride " << loop.stride);
  REQUIRE(loop.penetration.size() <= 8);
  CHECK(loop.penetration.size() >= 4);
  for (size_t k = 0; k < loop.penetration.size(); ++k) {
    CHECK(loop.penetration[k] == doctest::Approx(static_cast<double>(k * loop.stride)));
    CHECK(loop.force[k] == doctest::Approx(2.0 * loop.penetration[k]));
  }
}

TEST_CASE("ImpactLoopLog: a copy shares the loops but goes its own way, and so does the original") {
  // A run copies its scene at every sample (the last good state): the copy
  // shares the loops, and the one that grows is copied on its first point.
  cl::ImpactLoopLog log(4, 64);
  const size_t done = log.begin(0, "wall", 0, -1);
  for (int k = 0; k < 10; ++k) log.add_point(done, k, k);
  const size_t growing = log.begin(1, "pair", 0, 1);
  log.add_point(growing, 1, 1);
  cl::ImpactLoopLog snapshot = log;
  CHECK(&snapshot.loops()[0] == &log.loops()[0]);  // shared, not copied
  log.add_point(growing, 2, 2);
  CHECK(log.loops()[1].penetration.size() == 2);
  CHECK(snapshot.loops()[1].penetration.size() == 1);  // the snapshot keeps what it saw
  snapshot.add_point(growing, 3, 3);
  CHECK(snapshot.loops()[1].penetration == std::vector<double>{1, 3});
  CHECK(log.loops()[1].penetration == std::vector<double>{1, 2});
  CHECK(&snapshot.loops()[0] == &log.loops()[0]);  // the finished loop is still one
  log.clear();
  CHECK(snapshot.loops().size() == 2);
  CHECK(snapshot.loops()[0].penetration.size() == 10);
}

TEST_CASE("Impact loops as CSV and JSON: one row per point, the wall's j left empty") {
  cl::ImpactLoopLog log(4, 16);
  const size_t wall = log.begin(0.5, "wall", 1, -1);
  log.add_point(wall, 1e-3, 20);
  log.add_point(wall, 2e-3, 35.5);
  const size_t pair = log.begin(0.75, "pair", 0, 2);
  log.add_point(pair, 4e-4, 7);
  std::ostringstream csv;
  cl::write_impact_loops_csv(csv, log);
  CHECK(csv.str() ==
        "impact,onset,kind,i,j,penetration,force\n"
        "0,0.5,wall,1,,0.001,20\n"
        "0,0.5,wall,1,,0.002,35.5\n"
        "1,0.75,pair,0,2,0.0004,7\n");
  const nlohmann::json json = cl::impact_loops_json(log);
  CHECK(json["loops"].size() == 2);
  CHECK(json["loops"][0]["j"].is_null());
  CHECK(json["loops"][1]["force"][0] == 7.0);
  CHECK(json["revision"] == log.revision());
  const size_t before = log.revision();
  log.add_point(pair, 5e-4, 8);
  CHECK(log.revision() != before);
}
