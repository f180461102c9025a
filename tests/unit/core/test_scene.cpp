// core/scene.cpp: what every scene answers the same way unless it says
// otherwise; here the series read out in words ("Now: ..." on the page).
#include <algorithm>
#include <cstdio>
#include <set>

#include <doctest/doctest.h>

#include "scenes/registry.h"
#include "support/scene_params.h"

TEST_CASE("scene: the read-out names recorded series, each once; the cradle's are the balls' velocities and the total") {
  for (const cl::SceneEntry& entry : cl::all_scenes()) {
    const std::string id = entry.description().id;
    std::unique_ptr<cl::Scene> scene = entry.create();
    REQUIRE_FALSE(scene->reset(test::scene_params(id)));
    const std::vector<std::string> said = scene->readout_series();
    std::set<std::string> recorded;
    for (const cl::SeriesSpec& s : scene->series()) recorded.insert(s.name);
    std::printf("scene %s: %zu series read out of %zu recorded\n", id.c_str(), said.size(), recorded.size());
    CHECK_FALSE(said.empty());
    CHECK(std::set<std::string>(said.begin(), said.end()).size() == said.size());
    for (const std::string& name : said) CHECK_MESSAGE(recorded.count(name), id << ": " << name);
  }
  std::unique_ptr<cl::Scene> cradle = cl::find_scene("cradle")->create();
  REQUIRE_FALSE(cradle->reset(test::scene_params("cradle", {{"n", "5"}})));
  CHECK(cradle->readout_series() == std::vector<std::string>{"v0", "v1", "v2", "v3", "v4", "E_total"});
}
