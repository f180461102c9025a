#pragma once
#include "core/palette.h"
#include "core/sketch.h"

#include <string>
#include <vector>

#include <imgui.h>

namespace cl::app {

class Camera;
class InstancedShapes;

/// A sketch colour (0xRRGGBBAA) as ImGui's, its alpha scaled by `alpha_scale`.
ImU32 to_imgui(Rgba c, float alpha_scale = 1.0f);

/// A sketch colour as ImGui's float colour (alpha kept).
ImVec4 to_imvec4(Rgba c);

/// A sketch colour as CSS writes it, "#rrggbb" (alpha dropped).
std::string css_color(Rgba c);

/// How a sketch is drawn: line widths scaled for the theme; with
/// `short_trails` (the user prefers reduced motion) only the newest quarter
/// of each fading trail.
struct SketchStyle {
  float stroke_scale = 1;
  bool short_trails = false;
  /// Draws the ellipses and circles as instanced geometry when it is ready (else ImGui's shapes).
  InstancedShapes* shapes = nullptr;
};

/// Draws a scene's sketch into an ImGui draw list (rendered by WebGL2/GL3).
void draw_sketch(const Sketch& sketch, const Camera& camera, ImDrawList& draw, const SketchStyle& style);

/// The legend's box (px) as draw_legend draws it.
ImVec2 legend_size(const std::vector<SketchLegendEntry>& legend);

/// The legend: one row per entry, its glyph then its text, in a box whose
/// bottom-left corner is `corner` (px). Returns the box as x, y, w, h.
ImVec4 draw_legend(const std::vector<SketchLegendEntry>& legend, ImDrawList& draw, ImVec2 corner, const Palette& palette);

/// Where draw_grid_labels writes the grid's values (px): a column this wide
/// at the right edge and a row this tall at the bottom. The fitted view keeps
/// clear of them, so a value is never written over a body in its start view.
constexpr float kGridValueColumn = 60, kGridValueRow = 18;
/// A light grid with 1-2-5 spacing, under the sketch (draw_grid_labels numbers it).
void draw_grid(const Camera& camera, ImDrawList& draw, const Palette& palette, float x0, float y0, float x1, float y1);
/// The grid lines' values (m), drawn over the picture on the text backdrop.
void draw_grid_labels(const Camera& camera, ImDrawList& draw, const Palette& palette, float x0, float y0, float x1,
                      float y1);

}  // namespace cl::app
