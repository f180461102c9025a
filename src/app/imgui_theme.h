#pragma once
// Dear ImGui's look for each theme of the page (core/palette.h): the panel
// follows the canvas, dark on a screen, light on a projector.
#include <imgui.h>

#include "core/palette.h"

namespace cl::app {

/// Sets ImGui's style (sizes and colours) for `theme`.
void apply_imgui_theme(Theme theme);

/// The panel's own text colours beyond ImGui's, readable on the theme's panel.
struct PanelColors {
  ImVec4 muted;    ///< captions, hints, the speed note
  ImVec4 warning;  ///< changes waiting for Reset, slow motion
  ImVec4 error;    ///< a failed run, a refused value
  ImVec4 pending_button;  ///< Reset while changes wait for it
  ImVec4 refused_field;   ///< the background of a field whose text was refused
};

const PanelColors& panel_colors(Theme theme);

}  // namespace cl::app
