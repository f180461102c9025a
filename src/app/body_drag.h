#pragma once
// Dragging bodies while the run is paused: a press on a body moves it, a
// press on the tip of its velocity arrow sets its velocity (mouse or one
// finger). Each move goes through Simulation::place_body, so an invalid
// placement (overlap, outside the wall) is refused and the body stays at its
// last valid place; the reason is reported when the drag ends.
#include <optional>
#include <string>

#include <Eigen/Core>

#include "camera.h"
#include "core/sketch.h"
#include "run/simulation.h"

namespace cl::app {

class BodyDrag {
 public:
  /// Velocity arrows are drawn as the distance covered in this time, s.
  static constexpr double kArrowSeconds = 0.2;
  /// The arrows' line in the legend (drawn while paused), in the current language.
  static std::string legend_text();
  /// The arrows' legend entry, in their colour.
  static SketchLegendEntry legend_entry(const Palette& palette);

  /// Call once per frame before the view's own mouse handling. Returns true
  /// while a drag owns the mouse (the view must not pan). `refused` is set
  /// when a drag ends whose last placement was refused.
  bool update(Simulation& sim, const Camera& camera, bool paused, std::optional<std::string>& refused);
  /// Velocity arrows with grab handles of the draggable bodies (world units).
  static Sketch handles(const Simulation& sim, const Palette& palette);
  bool active() const { return active_; }

 private:
  enum class What { Position, Velocity };
  bool active_ = false;
  What what_ = What::Position;
  size_t body_ = 0;
  Eigen::Vector2d grab_offset_{0, 0};  // m, press point minus body centre
  std::string refusal_;                // why the last placement was refused ("" if it was taken)
};

}  // namespace cl::app
