// A compare variant's picture over the reference's: only what differs, in
// the variant's colour, outlined.
#include <doctest/doctest.h>

#include "core/sketch_ghost.h"

TEST_CASE("ghost_sketch keeps what differs from the reference, recoloured and unfilled") {
  cl::Sketch reference;
  reference.lines.push_back({{{-1, 0}, {1, 0}}, 0xffffffff});            // a floor both share
  reference.circles.push_back({{0, 1}, 0.5, 0x4a90d9ff, 0, 1.5f});       // the reference's body
  reference.labels.push_back({{0, 0}, "label"});
  cl::Sketch variant = reference;
  variant.circles[0].center = {0.2, 1};                                  // the variant's body moved
  variant.lines.push_back({{{0, 1}, {0.2, 1}}, 0x4a90d990, 2, false, true});  // its trail, faint

  const cl::Sketch ghost = cl::ghost_sketch(variant, reference, 0xe69f00ff);
  REQUIRE(ghost.lines.size() == 1);  // the shared floor is left out
  CHECK(ghost.lines[0].color == 0xe69f0090);  // the trail keeps its faintness
  REQUIRE(ghost.circles.size() == 1);
  CHECK(ghost.circles[0].fill == 0);
  CHECK(ghost.circles[0].stroke == 0xe69f00ff);  // a filled body becomes a full-strength outline
  CHECK(ghost.labels.empty());
  CHECK(cl::ghost_sketch(reference, reference, 0xe69f00ff).circles.empty());
}

TEST_CASE("reference_sketch gives the reference's bodies and trails its own colour, and leaves the rest") {
  const std::array<cl::Rgba, 6> bodies = {0x56b4e9ff, 0xe69f00ff, 0x009e73ff, 0xcc79a7ff, 0xf0e442ff, 0x0072b2ff};
  cl::Sketch sketch;
  sketch.lines.push_back({{{-1, 0}, {1, 0}}, 0xe6e6e6ff});               // the wall: ink
  sketch.lines.push_back({{{0, 1}, {0.2, 1}}, 0xe69f0090, 2, false, true});  // body 2's trail, faint
  sketch.circles.push_back({{0, 1}, 0.5, 0x56b4e9ff, 0, 1.5f});          // body 1, filled
  sketch.ellipses.push_back({{1, 1}, 1, 0.5, 0, 0xe69f00ff});            // body 2
  const cl::Sketch shown = cl::reference_sketch(sketch, bodies, 0xd9d9d9ff);
  CHECK(shown.lines[0].color == 0xe6e6e6ff);
  CHECK(shown.lines[1].color == 0xd9d9d990);  // the trail keeps its faintness
  CHECK(shown.circles[0].fill == 0xd9d9d9ff);
  CHECK(shown.circles[0].stroke == 0);        // no outline is added
  CHECK(shown.ellipses[0].color == 0xd9d9d9ff);

  sketch.legend.push_back({cl::SketchLegendEntry::Glyph::Line, 0x56b4e9ff, "ellipse (one colour each)", "ellipse"});
  sketch.legend.push_back({cl::SketchLegendEntry::Glyph::Arrow, 0xf0e442ff, "closest points"});  // a body's colour too
  sketch.legend.push_back({cl::SketchLegendEntry::Glyph::Dot, 0xe69f00ff, "particle"});
  sketch.legend.push_back({cl::SketchLegendEntry::Glyph::Dot, 0x999999ff, "nail", "nails"});  // not a body's colour
  const cl::Sketch keyed = cl::reference_sketch(sketch, bodies, 0xd9d9d9ff);
  CHECK(keyed.legend[0].color == 0xd9d9d9ff);  // the key shows the bodies as drawn
  CHECK(keyed.legend[0].text == "ellipse");    // ... and no longer says each has its own colour
  CHECK(keyed.legend[1].color == 0xf0e442ff);  // an arrow keeps its meaning's colour
  CHECK(keyed.legend[2].color == 0xd9d9d9ff);  // a body's dot too
  CHECK(keyed.legend[2].text == "particle");
  CHECK(keyed.legend[3].color == 0x999999ff);
  CHECK(keyed.legend[3].text == "nail");       // its words change only with its colour
}
