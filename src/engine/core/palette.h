#pragma once
// The colours of a scene's picture by what they mean, for each theme of the
// page: dark (a screen; the app's first look) and light (a projector or
// print: dark lines on white, wider strokes). Bodies and compared runs take
// the Okabe–Ito colours, which stay apart for every kind of colour vision.
#include <array>
#include <optional>
#include <string>

#include "core/sketch.h"

namespace cl {

enum class Theme { Dark, Light };

struct Palette {
  Rgba background;       ///< behind the picture
  Rgba ink;              ///< the scene's fixed lines: walls, the taut thread
  Rgba ink_faint;        ///< lines in the background: the thread's reach, hidden edges
  Rgba grid;             ///< the metre grid
  Rgba grid_axis;        ///< its x = 0 and y = 0 lines
  Rgba grid_text;        ///< its numbers
  Rgba text;             ///< legend and names drawn over the picture
  Rgba text_backdrop;    ///< the box behind such text
  Rgba ground;           ///< the street
  Rgba contact;          ///< a contact point and its normal, in contact
  Rgba near;             ///< closest points about to touch; the slack thread
  Rgba velocity;         ///< velocity arrows, the drag handle's arrow
  Rgba marker;           ///< a body's centre
  Rgba pin;              ///< the nail
  Rgba observer_fill;    ///< the observer mass on a body
  Rgba observer_stroke;
  std::array<Rgba, 6> bodies;  ///< one per body, in turn (colours only tell them apart)
  std::array<Rgba, 4> runs;    ///< a comparison's reference and its variants
  float stroke_scale;          ///< line widths are multiplied by it
};

const Palette& palette(Theme theme);

/// "dark" or "light".
const char* theme_name(Theme theme);
std::optional<Theme> theme_from_name(const std::string& name);

/// `color` with its alpha replaced by `alpha` (0..255).
constexpr Rgba with_alpha(Rgba color, unsigned alpha) { return (color & 0xffffff00u) | (alpha & 0xffu); }

}  // namespace cl
