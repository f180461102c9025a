#pragma once
#include "core/sketch.h"

#include <vector>

#include <imgui.h>

namespace cl::app {

class Camera;

/// Behind text drawn over the scene (legend, run names): the page's background, mostly opaque.
constexpr ImU32 kTextBackdrop = IM_COL32(15, 17, 21, 200);

/// A sketch colour (0xRRGGBBAA) as ImGui's, its alpha scaled by `alpha_scale`.
ImU32 to_imgui(Rgba c, float alpha_scale = 1.0f);

/// Draws a scene's sketch into an ImGui draw list (rendered by WebGL2/GL3).
void draw_sketch(const Sketch& sketch, const Camera& camera, ImDrawList& draw);

/// The legend's box (px) as draw_legend draws it.
ImVec2 legend_size(const std::vector<SketchLegendEntry>& legend);

/// The legend: one row per entry, its glyph then its text, in a box whose
/// bottom-left corner is `corner` (px). Returns the box as x, y, w, h.
ImVec4 draw_legend(const std::vector<SketchLegendEntry>& legend, ImDrawList& draw, ImVec2 corner);

/// A light grid with 1-2-5 spacing and metre labels, under the sketch.
void draw_grid(const Camera& camera, ImDrawList& draw, float x0, float y0, float x1, float y1);

}  // namespace cl::app
