#include "core/sketch_ghost.h"

#include <algorithm>

namespace cl {
namespace {

bool same(const SketchPolyline& a, const SketchPolyline& b) {
  return a.closed == b.closed && a.points.size() == b.points.size() &&
         std::equal(a.points.begin(), a.points.end(), b.points.begin());
}
bool same(const SketchCircle& a, const SketchCircle& b) { return a.center == b.center && a.radius == b.radius; }
bool same(const SketchEllipse& a, const SketchEllipse& b) {
  return a.center == b.center && a.a == b.a && a.b == b.b && a.angle == b.angle;
}
bool same(const SketchArrow& a, const SketchArrow& b) { return a.from == b.from && a.to == b.to; }

/// The items of `items` with no equal in `reference` (scenes keep their
/// items in a fixed order, so the same index is tried first).
template <class T>
std::vector<T> differing(const std::vector<T>& items, const std::vector<T>& reference) {
  std::vector<T> out;
  for (size_t k = 0; k < items.size(); ++k) {
    const bool at_same_index = k < reference.size() && same(items[k], reference[k]);
    if (at_same_index) continue;
    const bool anywhere = std::any_of(reference.begin(), reference.end(), [&](const T& r) { return same(items[k], r); });
    if (!anywhere) out.push_back(items[k]);
  }
  return out;
}

/// `color` with the alpha of `original` (trails and faint guides stay faint).
Rgba recolor(Rgba color, Rgba original) {
  const unsigned alpha = std::min(color & 0xffu, original & 0xffu);
  return (color & 0xffffff00u) | alpha;
}

}  // namespace

Sketch ghost_sketch(const Sketch& variant, const Sketch& reference, Rgba color) {
  Sketch ghost;
  ghost.view_center = variant.view_center;
  ghost.view_half_height = variant.view_half_height;
  ghost.view_follows = variant.view_follows;
  ghost.flat_grid = variant.flat_grid;
  ghost.lines = differing(variant.lines, reference.lines);
  for (SketchPolyline& line : ghost.lines) line.color = recolor(color, line.color);
  ghost.circles = differing(variant.circles, reference.circles);
  for (SketchCircle& c : ghost.circles) {
    const Rgba shown = c.stroke ? c.stroke : c.fill;
    c.stroke = recolor(color, shown | 0xffu);  // a filled body becomes a full-strength outline
    c.fill = 0;
    c.width_px = std::max(c.width_px, 2.0f);
  }
  ghost.ellipses = differing(variant.ellipses, reference.ellipses);
  for (SketchEllipse& e : ghost.ellipses) e.color = recolor(color, e.color | 0xffu);
  ghost.arrows = differing(variant.arrows, reference.arrows);
  for (SketchArrow& a : ghost.arrows) a.color = recolor(color, a.color);
  return ghost;
}

Sketch reference_sketch(Sketch reference, const std::array<Rgba, 6>& body_colors, Rgba color) {
  const auto as_reference = [&](Rgba& shown) {
    for (Rgba body : body_colors)
      if ((shown | 0xffu) == body) shown = recolor(color, shown);
  };
  for (SketchPolyline& line : reference.lines) as_reference(line.color);
  for (SketchCircle& c : reference.circles) {
    as_reference(c.fill);
    as_reference(c.stroke);
  }
  for (SketchEllipse& e : reference.ellipses) as_reference(e.color);
  // The key shows the bodies as drawn; arrows are drawn in their meaning's colour, so their entries keep it.
  for (SketchLegendEntry& entry : reference.legend) {
    if (entry.glyph == SketchLegendEntry::Glyph::Arrow) continue;
    const Rgba before = entry.color;
    as_reference(entry.color);
    if (entry.color != before && !entry.one_colour_text.empty()) entry.text = entry.one_colour_text;
  }
  return reference;
}

}  // namespace cl
