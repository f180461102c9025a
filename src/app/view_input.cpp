// The view: fitted to the scene, panned, zoomed, pinched and orbited by the
// mouse, keys and fingers.
#include "app.h"

#include <algorithm>
#include <cmath>

namespace cl::app {

void App::fit_view() {
  const Sketch sketch = sim_->scene().sketch(palette());
  const double half_width = sketch.view_half_width > 0 ? sketch.view_half_width : sketch.view_half_height;
  camera_.reset(sketch.view_center, half_width, sketch.view_half_height);
}

void App::handle_view_input() {
  const ImGuiIO& io = ImGui::GetIO();
  std::optional<std::string> refused;
  const bool dragging_body = body_drag_.update(*sim_, camera_, !running_ && variants_.empty(), refused);
  if (refused) message(MessageLevel::Warning, *refused);
  if (dragging_body || io.WantCaptureMouse) return;
  if (io.MouseWheel != 0) zoom_view(io.MousePos, std::pow(1.15, io.MouseWheel));
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) command("reset_view");
  // A finger lands where it lands, not where the last touch ended: the
  // pointer's jump in the frame of the press is no drag.
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseClicked(ImGuiMouseButton_Right)) return;
  if (orbit_view_input()) return;
  if (fingers_.count() >= 2) return;  // two fingers pan and zoom through finger_moved()
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0) || ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0))
    pan_view(io.MousePos, io.MouseDelta.x, io.MouseDelta.y);
}

bool App::orbit_view_input() {
  // Scenes with a 3D view (parameters view_yaw, view_pitch in degrees) turn it
  // by a right-button or shift + left drag: 0.4 degrees per pixel.
  const ImGuiIO& io = ImGui::GetIO();
  const bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0) ||
                        (io.KeyShift && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0));
  if (!dragging) return false;
  ParamValues values = sim_->params();
  const std::optional<size_t> yaw = values.index_of("view_yaw"), pitch = values.index_of("view_pitch");
  if (!yaw || !pitch) return false;
  if (io.MouseDelta.x == 0 && io.MouseDelta.y == 0) return true;
  const double new_yaw = std::remainder(values.number_at(*yaw) - 0.4 * io.MouseDelta.x, 360.0);
  const double new_pitch = std::clamp(values.number_at(*pitch) + 0.4 * io.MouseDelta.y, -90.0, 90.0);
  values.set_number(*yaw, new_yaw);
  values.set_number(*pitch, new_pitch);
  set_params(values);
  return true;
}

void App::finger_moved(long long finger, float x, float y) {
  const std::optional<TwoFingers::ViewChange> change = fingers_.moved(finger, {x, y});
  if (!change) return;
  const ImVec2 centre(change->centre.x(), change->centre.y());
  pan_view(centre, change->shift.x(), change->shift.y());
  if (change->zoom != 1) zoom_view(centre, change->zoom);
}

}  // namespace cl::app
