// core/scene.cpp: what every scene answers the same way unless it says
// otherwise; here the series read out in words ("Now: ..." on the page),
// and the parameters a description names.
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

TEST_CASE("scene: the key parameters (a phone's sheet shows them first) and the cost parameters are parameters of the scene") {
  for (const cl::SceneEntry& entry : cl::all_scenes()) {
    const cl::SceneDescription& d = entry.description();
    std::set<std::string> names;
    for (const cl::ParamSpec& p : d.params) names.insert(p.name);
    std::printf("scene %s: %zu key parameters of %zu\n", d.id.c_str(), d.key_params.size(), d.params.size());
    CHECK(d.key_params.size() >= 2);
    CHECK(d.key_params.size() <= 4);  // a sheet's first screen, not a second panel
    CHECK(std::set<std::string>(d.key_params.begin(), d.key_params.end()).size() == d.key_params.size());
    for (const std::string& name : d.key_params) CHECK_MESSAGE(names.count(name), d.id << ": key " << name);
    for (const std::string& name : d.cost_params) CHECK_MESSAGE(names.count(name), d.id << ": cost " << name);
  }
}
