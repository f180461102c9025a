#pragma once
// Dear ImGui's look for each theme of the page (core/palette.h): the panel
// follows the canvas, dark on a screen, light on a projector.
#include <imgui.h>

#include "core/palette.h"

namespace cl::app {

/// Sets ImGui's style (sizes and colours) for `theme`.
void apply_imgui_theme(Theme theme);

/// Text and outlines that say something is wrong, readable on the theme's panel.
ImVec4 error_color(Theme theme);

}  // namespace cl::app
