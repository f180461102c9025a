#pragma once
// A compare variant's picture drawn over the reference's: only what differs
// from the reference (its bodies, threads and trails; not the walls and
// floors they share), outlined in the variant's colour, nothing filled, so
// the reference stays readable underneath. The reference itself is drawn
// in its own neutral colour, on top.
#include <array>

#include "core/sketch.h"

namespace cl {

/// The parts of `variant` that are not drawn identically in `reference`,
/// recoloured to `color` (0xRRGGBBAA). Fills become outlines; labels and the
/// legend are left out (the app writes one legend for all runs).
Sketch ghost_sketch(const Sketch& variant, const Sketch& reference, Rgba color);

/// The reference's own picture beside its variants: every part drawn in one
/// of `body_colors` (its bodies and their trails, and their legend entries)
/// takes `color` instead, its alpha kept, so a variant's colour is never
/// also a reference body's.
Sketch reference_sketch(Sketch reference, const std::array<Rgba, 6>& body_colors, Rgba color);

}  // namespace cl
