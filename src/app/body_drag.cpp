#include "body_drag.h"

#include <imgui.h>

#include "core/number_format.h"
#include "core/text.h"

namespace cl::app {
namespace {

constexpr float kHandlePixels = 14;  // a press this close to an arrow tip grabs it (finger-sized)

}  // namespace

bool BodyDrag::update(Simulation& sim, const Camera& camera, bool paused, std::optional<std::string>& refused) {
  const ImGuiIO& io = ImGui::GetIO();
  // Nothing to do on most frames (running, or no press): no list of bodies then.
  if (!active_ && (!paused || io.WantCaptureMouse || !ImGui::IsMouseClicked(ImGuiMouseButton_Left))) return false;
  const Eigen::Vector2f mouse(io.MousePos.x, io.MousePos.y);
  const Eigen::Vector2d world = camera.to_world(mouse);
  const std::vector<DraggableBody> bodies = sim.scene().draggable_bodies();
  if (!active_) {
    if (bodies.empty()) return false;
    // Arrow tips first (a tip may lie over another body), unless the press
    // is nearer the body's own centre (a slow body's tip sits by its centre).
    for (size_t i = 0; i < bodies.size() && !active_; ++i) {
      const Eigen::Vector2f tip = camera.to_screen(bodies[i].position + kArrowSeconds * bodies[i].velocity);
      const float to_tip = (tip - mouse).norm();
      if (to_tip <= kHandlePixels && to_tip < (camera.to_screen(bodies[i].position) - mouse).norm()) {
        active_ = true;
        what_ = What::Velocity;
        body_ = i;
      }
    }
    double nearest = 0;
    for (size_t i = 0; i < bodies.size() && (!active_ || what_ == What::Position); ++i) {
      const double distance = (world - bodies[i].position).norm();
      if (distance <= bodies[i].grab_radius && (!active_ || distance < nearest)) {
        active_ = true;
        what_ = What::Position;
        body_ = i;
        nearest = distance;
        grab_offset_ = world - bodies[i].position;
      }
    }
    refusal_.clear();
    return active_;
  }
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left) || body_ >= bodies.size()) {
    active_ = false;
    if (!refusal_.empty()) refused = text("app.placement_refused", {{"reason", refusal_}});
    return true;
  }
  const DraggableBody& body = bodies[body_];
  Eigen::Vector2d position = body.position, velocity = body.velocity;
  if (what_ == What::Position)
    position = world - grab_offset_;
  else
    velocity = (world - body.position) / kArrowSeconds;
  if (position == body.position && velocity == body.velocity) return true;
  const std::optional<std::string> error = sim.place_body(body_, position, velocity);
  refusal_ = error ? *error : "";
  return true;
}

std::string BodyDrag::legend_text() { return text("panel.drag_legend", {{"seconds", format_number(kArrowSeconds)}}); }

SketchLegendEntry BodyDrag::legend_entry(const Palette& palette) {
  return {SketchLegendEntry::Glyph::Arrow, palette.velocity, legend_text()};
}

Sketch BodyDrag::handles(const Simulation& sim, const Palette& palette) {
  Sketch s;
  for (const DraggableBody& body : sim.scene().draggable_bodies()) {
    const Eigen::Vector2d tip = body.position + kArrowSeconds * body.velocity;
    s.arrows.push_back({body.position, tip, palette.velocity, 2});
    SketchCircle handle;
    handle.center = tip;
    handle.stroke = palette.velocity;
    handle.min_radius_px = 6;
    s.circles.push_back(handle);
  }
  return s;
}

}  // namespace cl::app
