#include "sketch_drawing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "camera.h"
#include "instanced_shapes.h"

namespace cl::app {

ImU32 to_imgui(Rgba c, float alpha_scale) {
  const unsigned r = (c >> 24) & 0xff, g = (c >> 16) & 0xff, b = (c >> 8) & 0xff;
  const unsigned a = static_cast<unsigned>(static_cast<float>(c & 0xff) * alpha_scale);
  return IM_COL32(r, g, b, a);
}

ImVec4 to_imvec4(Rgba c) {
  return {((c >> 24) & 0xff) / 255.0f, ((c >> 16) & 0xff) / 255.0f, ((c >> 8) & 0xff) / 255.0f, (c & 0xff) / 255.0f};
}

std::string css_color(Rgba c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%06x", static_cast<unsigned>(c >> 8));
  return text;
}

namespace {

constexpr float kLegendGlyph = 22, kLegendPad = 6;  // px: a legend row's glyph, and the gaps around it

ImVec2 to_im(const Eigen::Vector2f& p) { return {p.x(), p.y()}; }

// px: shapes up to this radius are drawn instanced (their quads stay small).
constexpr float kLargestInstancedPx = 24;

void draw_polyline(const SketchPolyline& line, const Camera& camera, ImDrawList& draw, const SketchStyle& style) {
  const float width = line.width_px * style.stroke_scale;
  const size_t all = line.points.size();
  if (all < 2) return;
  if (!line.fade) {
    std::vector<ImVec2> pts(all);
    for (size_t i = 0; i < all; ++i) pts[i] = to_im(camera.to_screen(line.points[i]));
    draw.AddPolyline(pts.data(), static_cast<int>(all), to_imgui(line.color), line.closed ? ImDrawFlags_Closed : 0, width);
    return;
  }
  constexpr size_t kShortTrailShare = 4;  // reduced motion: the newest 1/4 of a trail
  const size_t first = style.short_trails ? all - std::max<size_t>(2, all / kShortTrailShare) : 0;
  const size_t n = all - first;
  auto point = [&](size_t i) { return to_im(camera.to_screen(line.points[first + i])); };
  // Fading trail: alpha grows from 0 (oldest) to full (newest) in kBands
  // steps, one polyline each; points closer than 1.5 px to the last one kept
  // are skipped. A long trail thus costs a few draw calls, not one per point.
  constexpr int kBands = 8;
  std::vector<ImVec2> band;
  size_t start = 0;
  for (int b = 0; b < kBands; ++b) {
    const size_t end = std::max(start + 1, (n - 1) * static_cast<size_t>(b + 1) / kBands);
    band.clear();
    for (size_t i = start; i <= end && i < n; ++i) {
      const ImVec2 p = point(i);
      const bool far_enough = band.empty() || std::abs(p.x - band.back().x) + std::abs(p.y - band.back().y) >= 1.5f;
      if (far_enough || i == end) band.push_back(p);
    }
    if (band.size() >= 2)
      draw.AddPolyline(band.data(), static_cast<int>(band.size()), to_imgui(line.color, (b + 1.0f) / kBands), 0, width);
    start = end;
    if (start >= n - 1) break;
  }
}

void draw_ellipse(const SketchEllipse& e, const Camera& camera, ImDrawList& draw, float stroke_scale) {
  // About one vertex per 4 px of outline, 12 to 96: a small ellipse costs little, a big one stays smooth.
  const double perimeter_px = 2 * M_PI * std::max(e.a, e.b) * camera.pixels_per_metre();
  const int n = std::clamp(static_cast<int>(perimeter_px / 4), 12, 96);
  const Eigen::Vector2d e1(std::cos(e.angle), std::sin(e.angle)), e2(-e1.y(), e1.x());
  ImVec2 points[96];
  for (int k = 0; k < n; ++k) {
    const double u = 2 * M_PI * k / n;
    points[k] = to_im(camera.to_screen(e.center + e.a * std::cos(u) * e1 + e.b * std::sin(u) * e2));
  }
  draw.AddPolyline(points, n, to_imgui(e.color), ImDrawFlags_Closed, e.width_px * stroke_scale);
}

void draw_arrow(const SketchArrow& a, const Camera& camera, ImDrawList& draw, float stroke_scale) {
  const Eigen::Vector2f from = camera.to_screen(a.from), to = camera.to_screen(a.to);
  const Eigen::Vector2f d = to - from;
  const float length = d.norm();
  if (length < 1.0f) return;
  const Eigen::Vector2f u = d / length, n(-u.y(), u.x());
  const float head = std::min(10.0f * stroke_scale, 0.4f * length);
  const ImU32 color = to_imgui(a.color);
  draw.AddLine(to_im(from), to_im(to - u * head * 0.8f), color, a.width_px * stroke_scale);
  draw.AddTriangleFilled(to_im(to), to_im(to - u * head + n * head * 0.45f), to_im(to - u * head - n * head * 0.45f),
                         color);
}

}  // namespace

void draw_sketch(const Sketch& sketch, const Camera& camera, ImDrawList& draw, const SketchStyle& style) {
  for (const SketchPolyline& line : sketch.lines)
    if (!line.in_front) draw_polyline(line, camera, draw, style);
  // Small shapes (the many bodies of a gas or a pile) go to the instanced
  // batch; a large one (a wall, a close-up) is cheaper as ImGui's outline
  // than as a quad whose every pixel the shader visits, so the batch is
  // flushed before it and the drawing order stays the sketch's.
  InstancedShapes* shapes = style.shapes && style.shapes->ready() ? style.shapes : nullptr;
  const auto instanced = [&](float radius_px) { return shapes && radius_px <= kLargestInstancedPx; };
  const float pixels_per_metre = static_cast<float>(camera.pixels_per_metre());
  for (const SketchEllipse& e : sketch.ellipses) {
    const float a = static_cast<float>(e.a) * pixels_per_metre, b = static_cast<float>(e.b) * pixels_per_metre;
    if (!instanced(std::max(a, b))) {
      if (shapes) shapes->flush(draw);
      draw_ellipse(e, camera, draw, style.stroke_scale);
      continue;
    }
    const Eigen::Vector2f c = camera.to_screen(e.center);
    shapes->add({c.x(), c.y(), a, b, -static_cast<float>(e.angle), e.width_px * style.stroke_scale, 0,
                 to_imgui(e.color)});  // screen y is down
  }
  for (const SketchCircle& c : sketch.circles) {
    const float radius =
        std::max(std::min(static_cast<float>(c.radius) * pixels_per_metre, c.max_radius_px), c.min_radius_px);
    const ImVec2 center = to_im(camera.to_screen(c.center));
    const float width = c.stroke ? c.width_px * style.stroke_scale : 0;
    if (instanced(radius)) {
      shapes->add({center.x, center.y, radius, radius, 0, width, c.fill ? to_imgui(c.fill) : 0,
                   c.stroke ? to_imgui(c.stroke) : 0});
      continue;
    }
    if (shapes) shapes->flush(draw);
    const int segments = std::clamp(static_cast<int>(radius * 0.6f), 16, 256);
    if (c.fill) draw.AddCircleFilled(center, radius, to_imgui(c.fill), segments);
    if (c.stroke) draw.AddCircle(center, radius, to_imgui(c.stroke), segments, width);
  }
  if (shapes) shapes->flush(draw);
  for (const SketchPolyline& line : sketch.lines)
    if (line.in_front) draw_polyline(line, camera, draw, style);
  for (const SketchArrow& a : sketch.arrows) draw_arrow(a, camera, draw, style.stroke_scale);
  for (const SketchLabel& l : sketch.labels) draw.AddText(to_im(camera.to_screen(l.at)), to_imgui(l.color), l.text.c_str());
}

ImVec2 legend_size(const std::vector<SketchLegendEntry>& legend) {
  if (legend.empty()) return {0, 0};
  float text_width = 0;
  for (const SketchLegendEntry& e : legend) text_width = std::max(text_width, ImGui::CalcTextSize(e.text.c_str()).x);
  return {3 * kLegendPad + kLegendGlyph + text_width,
          2 * kLegendPad + ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(legend.size())};
}

ImVec4 draw_legend(const std::vector<SketchLegendEntry>& legend, ImDrawList& draw, ImVec2 corner, const Palette& palette) {
  if (legend.empty()) return {corner.x, corner.y, 0, 0};
  const float line = ImGui::GetTextLineHeightWithSpacing(), glyph = kLegendGlyph, pad = kLegendPad;
  const ImVec2 size = legend_size(legend);
  const ImVec2 lo(corner.x, corner.y - size.y);
  draw.AddRectFilled(lo, {lo.x + size.x, corner.y}, to_imgui(palette.text_backdrop), 4);
  float y = lo.y + pad;
  for (const SketchLegendEntry& e : legend) {
    const ImU32 color = to_imgui(e.color | 0xff);  // the glyph at full opacity, however faint it is drawn
    const float mid = y + 0.5f * ImGui::GetTextLineHeight(), x0 = lo.x + pad, x1 = x0 + glyph, xc = 0.5f * (x0 + x1);
    switch (e.glyph) {
      case SketchLegendEntry::Glyph::Line: draw.AddLine({x0, mid}, {x1, mid}, color, 2.5f); break;
      case SketchLegendEntry::Glyph::Dot: draw.AddCircleFilled({xc, mid}, 4.5f, color); break;
      case SketchLegendEntry::Glyph::Ring: draw.AddCircle({xc, mid}, 6.0f, color, 24, 1.5f); break;
      case SketchLegendEntry::Glyph::Cross:
        draw.AddLine({xc - 7, mid}, {xc + 7, mid}, color, 1.5f);
        draw.AddLine({xc, mid - 7}, {xc, mid + 7}, color, 1.5f);
        break;
      case SketchLegendEntry::Glyph::Arrow:
        draw.AddLine({x0, mid}, {x1 - 6, mid}, color, 2.0f);
        draw.AddTriangleFilled({x1, mid}, {x1 - 7, mid - 4}, {x1 - 7, mid + 4}, color);
        break;
    }
    draw.AddText({x1 + pad, y}, to_imgui(palette.text), e.text.c_str());
    y += line;
  }
  return {lo.x, lo.y, size.x, size.y};
}

namespace {

/// The grid's spacing (m): the 1-2-5 step giving about 80 px between lines.
double grid_step(const Camera& camera) {
  const double target = 80.0 / camera.pixels_per_metre();
  const double decade = std::pow(10.0, std::floor(std::log10(target)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * decade >= target) return m * decade;
  return 10 * decade;
}

/// Calls line(is_vertical, screen coordinate, value in m) for each grid line in the rectangle.
template <class Line>
void for_each_grid_line(const Camera& camera, float x0, float y0, float x1, float y1, Line line) {
  const double step = grid_step(camera);
  const Eigen::Vector2d lo = camera.to_world({x0, y1}), hi = camera.to_world({x1, y0});
  const auto value = [&](double v) { return std::abs(v) < 0.5 * step ? 0.0 : v; };  // the axis reads 0, not -1e-17
  for (double x = std::ceil(lo.x() / step) * step; x <= hi.x(); x += step)
    line(true, camera.to_screen({x, 0}).x(), value(x));
  for (double y = std::ceil(lo.y() / step) * step; y <= hi.y(); y += step)
    line(false, camera.to_screen({0, y}).y(), value(y));
}

}  // namespace

void draw_grid(const Camera& camera, ImDrawList& draw, const Palette& palette, float x0, float y0, float x1, float y1) {
  const ImU32 line = to_imgui(palette.grid), axis = to_imgui(palette.grid_axis);
  for_each_grid_line(camera, x0, y0, x1, y1, [&](bool vertical, float at, double value) {
    const ImU32 color = value == 0 ? axis : line;
    if (vertical) draw.AddLine({at, y0}, {at, y1}, color);
    else draw.AddLine({x0, at}, {x1, at}, color);
  });
}

void draw_grid_labels(const Camera& camera, ImDrawList& draw, const Palette& palette, float x0, float y0, float x1,
                      float y1) {
  const ImU32 text = to_imgui(palette.grid_text), backdrop = to_imgui(palette.text_backdrop);
  char label[32];
  // x values along the bottom, y values down the right edge; where the two meet, neither
  // (a phone's "10" ran into "-20 m").
  const float column_left = x1 - kGridValueColumn, row_top = y1 - kGridValueRow;
  for_each_grid_line(camera, x0, y0, x1, y1, [&](bool vertical, float at, double value) {
    std::snprintf(label, sizeof label, "%g m", value);
    const ImVec2 size = ImGui::CalcTextSize(label);
    const ImVec2 corner = vertical ? ImVec2(at + 3, row_top) : ImVec2(column_left, at - 16);
    if (vertical ? corner.x + size.x > column_left - 4 : corner.y + size.y > row_top - 2) return;
    // On a backdrop: a body under a label (a pile reaching the view's edge) must not hide it.
    draw.AddRectFilled({corner.x - 2, corner.y - 1}, {corner.x + size.x + 2, corner.y + size.y + 1}, backdrop, 3);
    draw.AddText(corner, text, label);
  });
}

}  // namespace cl::app
