#pragma once
// A scene's picture as plain data: world-space primitives (metres) with
// screen-space widths (pixels). The app turns it into GL draw calls; the
// engine never knows how it is drawn.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace cl {

/// 0xRRGGBBAA.
using Rgba = std::uint32_t;

struct SketchPolyline {
  std::vector<Eigen::Vector2d> points;  ///< m
  Rgba color = 0xffffffff;
  float width_px = 2;
  bool closed = false;
  bool fade = false;  ///< alpha ramps from 0 at the first point to full at the last (trails)
  bool in_front = false;  ///< drawn after the circles (3D: edges nearer than the bodies)
};

struct SketchCircle {
  Eigen::Vector2d center;  ///< m
  double radius = 0;       ///< m; 0 with `min_radius_px` > 0 draws a dot
  Rgba fill = 0;           ///< 0: not filled
  Rgba stroke = 0;         ///< 0: no outline
  float width_px = 1.5f;
  float min_radius_px = 0;  ///< never drawn smaller than this (keeps tiny bodies visible)
  float max_radius_px = std::numeric_limits<float>::infinity();  ///< nor larger (a marker, not a body)
};

/// An ellipse outline; the app picks how finely to trace it from its size on screen.
struct SketchEllipse {
  Eigen::Vector2d center;  ///< m
  double a = 0, b = 0;     ///< m, semi-axes along the body's x and y axes
  double angle = 0;        ///< rad, of the body's x axis
  Rgba color = 0xffffffff;
  float width_px = 2;
};

struct SketchArrow {
  Eigen::Vector2d from, to;  ///< m
  Rgba color = 0xffffffff;
  float width_px = 2;
};

struct SketchLabel {
  Eigen::Vector2d at;  ///< m
  std::string text;
  Rgba color = 0xffffffff;
};

/// One entry of the on-canvas legend: a glyph as the sketch draws it, and what it means.
struct SketchLegendEntry {
  enum class Glyph { Line, Dot, Ring, Arrow, Cross };
  Glyph glyph = Glyph::Line;
  Rgba color = 0xffffffff;
  std::string text;  ///< "observer mass", "velocity (0.1 s of travel)"
  /// Said instead when the bodies are drawn in one colour (a compared
  /// reference), where `text` says each has its own; empty: `text` holds.
  std::string one_colour_text;
};

struct Sketch {
  std::vector<SketchPolyline> lines;
  std::vector<SketchCircle> circles;
  std::vector<SketchEllipse> ellipses;  ///< drawn with the circles
  std::vector<SketchArrow> arrows;
  std::vector<SketchLabel> labels;
  std::vector<SketchLegendEntry> legend;  ///< every glyph drawn, explained
  Eigen::Vector2d view_center{0, 0};  ///< suggested view (m) for "reset view"
  double view_half_height = 1;        ///< m
  /// m; 0: as view_half_height. The view fits this rectangle, so a wide
  /// scene (a cradle's swing) fills a wide canvas and still fits a phone's.
  double view_half_width = 0;
  bool view_follows = false;          ///< keep view_center in the middle of the view (zoom stays the user's)
  bool flat_grid = true;              ///< the metre grid fits this view (not a turned 3D projection)
};

}  // namespace cl
