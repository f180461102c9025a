#include "imgui_theme.h"

namespace cl::app {

void apply_imgui_theme(Theme theme) {
  ImGuiStyle& style = ImGui::GetStyle();
  if (theme == Theme::Light) ImGui::StyleColorsLight(&style);
  else ImGui::StyleColorsDark(&style);
  style.WindowRounding = 6;
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.WindowPadding = {10, 10};
  style.FramePadding = {7, 4};
  style.ItemSpacing = {8, 6};
  style.Colors[ImGuiCol_WindowBg].w = theme == Theme::Light ? 0.95f : 0.92f;
  if (theme == Theme::Light) {
    // Lines a projector keeps: frames outlined, text black rather than ImGui's grey.
    style.FrameBorderSize = 1;
    style.Colors[ImGuiCol_Text] = ImVec4(0, 0, 0, 1);
    style.Colors[ImGuiCol_Border] = ImVec4(0, 0, 0, 0.35f);
  } else {
    style.FrameBorderSize = 0;
  }
  // A slim, see-through slider handle: the value's digits stay readable over it.
  style.GrabMinSize = 3;
  style.Colors[ImGuiCol_SliderGrab].w = 0.45f;
  style.Colors[ImGuiCol_SliderGrabActive].w = 0.7f;
}

const PanelColors& panel_colors(Theme theme) {
  static const PanelColors dark = {{0.62f, 0.65f, 0.70f, 1}, {0.95f, 0.75f, 0.30f, 1}, {1.0f, 0.45f, 0.40f, 1},
                                   {0.55f, 0.40f, 0.10f, 1}, {0.45f, 0.12f, 0.12f, 1}};
  static const PanelColors light = {{0.27f, 0.30f, 0.35f, 1}, {0.55f, 0.35f, 0.0f, 1}, {0.70f, 0.10f, 0.05f, 1},
                                    {0.98f, 0.80f, 0.45f, 1}, {1.0f, 0.80f, 0.78f, 1}};
  return theme == Theme::Light ? light : dark;
}

}  // namespace cl::app
