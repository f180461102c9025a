// The implicit scene under a compliant law (src/engine/scenes/implicit_world.cpp):
// its balls become discs in the world, with the typed wall as its boundary.
// Measured here (the law tables of test_world_laws.cpp hold its restitution
// and energy rows):
//   settling: under Hunt-Crossley c_tau 0.5 with gravity, three colliding
//     balls come to rest in the diamond's bottom corner, pressed into the
//     wall by less than 1 cm (impulses cannot hold them there);
//   collisions: off, two balls flying head-on pass through each other; on,
//     they rebound with Hertz's e = 1 (within 1e-3);
//   limits and state: N above 200 is refused under a compliant law (taken
//     under impulses); a saved state, spins included, loads back exactly.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scenes/implicit.h"
#include "support/scene_params.h"

namespace {

using Eigen::Vector2d;

std::unique_ptr<cl::ImplicitScene> compliant_scene(std::map<std::string, std::string> values) {
  values.emplace("law", "hertz");
  auto scene = std::make_unique<cl::ImplicitScene>();
  const auto error = scene->reset(test::scene_params("implicit", values));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  return scene;
}

void place(cl::ImplicitScene& scene, const nlohmann::json& balls) {
  const auto error = scene.load_state_json({{"balls", balls}});
  REQUIRE_MESSAGE(!error, error.value_or(""));
}

std::vector<cl::Event> run(cl::ImplicitScene& scene, double until) {
  std::vector<cl::Event> events;
  const auto error = scene.advance_to(until, events);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  return events;
}

long count(const std::vector<cl::Event>& events, const std::string& kind) {
  return std::count_if(events.begin(), events.end(), [&](const cl::Event& e) { return e.kind == kind; });
}

}  // namespace

TEST_CASE("implicit, Hunt-Crossley: colliding balls come to rest in the diamond's bottom corner") {
  auto scene = compliant_scene({{"wall", "abs(x) + abs(y) - 15"}, {"view", "20"}, {"law", "hunt_crossley"},
                                {"c_tau", "0.5"}, {"collisions", "on"}, {"N", "3"}});
  const double r = 0.3;
  const std::vector<cl::Event> events = run(*scene, 12);
  double kinetic = 0, deepest = 0, highest = -15;
  for (size_t i = 0; i < scene->ball_count(); ++i) {
    const Vector2d p = scene->position(i);
    kinetic += 0.5 * scene->velocity(i).squaredNorm();
    deepest = std::max(deepest, r - (15 - std::abs(p.x()) - std::abs(p.y())) / std::sqrt(2.0));
    highest = std::max(highest, p.y());
  }
  MESSAGE("after 12 s: " << events.size() << " impacts, E_kin " << kinetic << " J, deepest press into the wall "
                         << deepest << " m, highest centre y = " << highest << " m");
  CHECK(count(events, "hit") > 10);
  CHECK(count(events, "collision") > 0);
  CHECK(kinetic < 1e-3);      // J; the start had 16 J
  CHECK(deepest < 0.01);      // m
  CHECK(highest < -15 + 5 * r);  // three balls of 0.3 m stacked in the corner
}

TEST_CASE("implicit, compliant: with collisions off balls pass through each other, on they rebound") {
  for (const std::string collisions : {"off", "on"}) {
    auto scene = compliant_scene({{"g", "0"}, {"N", "2"}, {"collisions", collisions}});
    place(*scene, nlohmann::json::parse(R"([{"x": -2, "y": 0, "vx": 5, "vy": 0}, {"x": 2, "y": 0, "vx": -5, "vy": 0}])"));
    const std::vector<cl::Event> events = run(*scene, 1);
    const double x0 = scene->position(0).x(), v0 = scene->velocity(0).x();
    MESSAGE("collisions " << collisions << ": " << count(events, "collision") << " collisions, ball 0 at x = " << x0
                          << " m, vx = " << v0 << " m/s after 1 s");
    if (collisions == "off") {
      CHECK(count(events, "collision") == 0);
      CHECK(x0 == doctest::Approx(3).epsilon(1e-9));  // -2 m + 5 m/s * 1 s
    } else {
      REQUIRE(count(events, "collision") == 1);
      CHECK(std::abs(v0 + 5) < 5e-3);  // Hertz: e = 1
    }
  }
}

TEST_CASE("implicit, compliant: more than 200 balls are refused; the impulse law takes them") {
  auto scene = std::make_unique<cl::ImplicitScene>();
  const auto refused = scene->reset(test::scene_params("implicit", {{"N", "201"}, {"r", "0.05"}, {"law", "flores"}}));
  REQUIRE(refused);
  MESSAGE(*refused);
  CHECK(refused->find("at most 200") != std::string::npos);
  CHECK(!scene->reset(test::scene_params("implicit", {{"N", "201"}, {"r", "0.05"}, {"law", "impulse"}})));
}

TEST_CASE("implicit, compliant: a saved state with spins loads back exactly") {
  auto scene = compliant_scene({{"friction_law", "coulomb"}, {"friction", "0.5"}});
  run(*scene, 3);
  const nlohmann::json saved = scene->state_json();
  double spin = 0;
  for (const auto& ball : saved["balls"]) spin = std::max(spin, std::abs(ball["w"].get<double>()));
  MESSAGE("largest spin after 3 s with Coulomb friction: " << spin << " rad/s");
  CHECK(spin > 0.1);
  auto copy = compliant_scene({{"friction_law", "coulomb"}, {"friction", "0.5"}});
  const auto error = copy->load_state_json(saved);
  REQUIRE_MESSAGE(!error, error.value_or(""));
  CHECK(copy->state_json() == saved);
}
