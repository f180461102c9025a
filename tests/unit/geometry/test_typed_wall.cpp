// TypedWall: a wall is traced once per thread and shared (a reset, a copy, a
// compared run); prepare() in slices leaves build() nothing to do; the most
// recent walls are kept, older ones traced again; a refusal is kept too.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "geometry/typed_wall.h"

TEST_CASE("a wall is traced once and shared; prepare() in slices leaves build() nothing to trace") {
  const std::string text = "(x/11)^2 + (y/7)^2 - 1";  // a wall no other test of this thread uses
  int slices = 0;
  while (cl::TypedWall::prepare(text, 20, [] { return true; }) < 1) ++slices;
  MESSAGE("prepared in " << slices << " slices");
  CHECK(slices > 100);
  std::shared_ptr<const cl::TypedWall> a, b;
  REQUIRE_FALSE(cl::TypedWall::build(text, 20, a));
  REQUIRE_FALSE(cl::TypedWall::build(text, 20, b));
  CHECK(a == b);  // the same traced wall
  CHECK(a->curve.segment_count() > 100);
  CHECK(cl::TypedWall::prepare(text, 20, [] { return true; }) == 1);

  std::shared_ptr<const cl::TypedWall> other_box;
  REQUIRE_FALSE(cl::TypedWall::build(text, 25, other_box));  // another box is another wall
  CHECK(other_box != a);
}

TEST_CASE("older walls than the kept ones are traced again; a refusal is kept and said again") {
  const std::string first = "(x/9)^2 + (y/9)^2 - 1";
  std::shared_ptr<const cl::TypedWall> a, again;
  REQUIRE_FALSE(cl::TypedWall::build(first, 20, a));
  for (size_t k = 0; k < cl::TypedWall::kKeptWalls; ++k) {
    std::shared_ptr<const cl::TypedWall> w;
    REQUIRE_FALSE(cl::TypedWall::build("(x/9)^2 + (y/9)^2 - 1 - " + std::to_string(k + 1) + "*0.01", 20, w));
  }
  REQUIRE_FALSE(cl::TypedWall::build(first, 20, again));
  CHECK(again != a);      // pushed out, traced anew
  CHECK(a->curve.segment_count() == again->curve.segment_count());

  std::shared_ptr<const cl::TypedWall> open;
  const auto error = cl::TypedWall::build("x - 1", 20, open);  // the inside reaches the box
  REQUIRE(error);
  CHECK(!open);
  CHECK(cl::TypedWall::prepare("x - 1", 20, [] { return true; }) == 1);
  CHECK(cl::TypedWall::build("x - 1", 20, open) == error);
}
