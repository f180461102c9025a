#include "drawing_scale.h"

#include <doctest/doctest.h>

using cl::app::DrawingScale;

namespace {

/// `seconds` of frames `interval` s apart.
void frames(DrawingScale& scale, double interval, double seconds) {
  for (double t = 0; t < seconds; t += interval) scale.add_frame(interval);
}

}  // namespace

TEST_CASE("DrawingScale: a run drawn at 60 frames per second stays in full") {
  DrawingScale scale;
  frames(scale, 1.0 / 60, 10);
  CHECK_FALSE(scale.coarse());
  CHECK(scale.share(true) == 1.0);
}

TEST_CASE("DrawingScale: slow frames draw the playing run coarser, the paused picture in full") {
  DrawingScale scale;
  const double window = DrawingScale::kWindow;
  frames(scale, 0.100, 0.5 * window);  // not judged yet
  CHECK_FALSE(scale.coarse());
  frames(scale, 0.100, 0.6 * window);
  CHECK(scale.coarse());
  CHECK(scale.share(true) == DrawingScale::kCoarse);
  CHECK(scale.share(false) == 1.0);
}

TEST_CASE("DrawingScale: between the slow and the fast limit nothing changes") {
  DrawingScale scale;
  const double window = DrawingScale::kWindow;
  frames(scale, 0.100, 1.1 * window);
  REQUIRE(scale.coarse());
  frames(scale, 0.050, 10);  // coarse frames at 20 per second: kept coarse
  CHECK(scale.coarse());
  frames(scale, 0.020, 1.1 * window);  // fast enough for every pixel again
  CHECK_FALSE(scale.coarse());
  frames(scale, 0.050, 10);
  CHECK_FALSE(scale.coarse());
}

TEST_CASE("DrawingScale: a hidden tab's gap and a pause are not frames") {
  DrawingScale scale;
  for (int i = 0; i < 10; ++i) scale.add_frame(5.0);  // the tab came back ten times
  const double window = DrawingScale::kWindow;
  frames(scale, 0.016, window);
  CHECK_FALSE(scale.coarse());
  frames(scale, 0.100, 0.75 * window);
  scale.pause();  // the slow frames forgotten: the window starts again
  frames(scale, 0.100, 0.75 * window);
  CHECK_FALSE(scale.coarse());
  frames(scale, 0.100, 0.3 * window);
  CHECK(scale.coarse());
}
