#pragma once
// A compare variant's picture drawn over the reference's: only what differs
// from the reference (its bodies, threads and trails; not the walls and
// floors they share), outlined in the variant's colour, nothing filled, so
// the reference stays readable underneath.
#include "core/sketch.h"

namespace cl {

/// The parts of `variant` that are not drawn identically in `reference`,
/// recoloured to `color` (0xRRGGBBAA). Fills become outlines; labels and the
/// legend are left out (the app writes one legend for all runs).
Sketch ghost_sketch(const Sketch& variant, const Sketch& reference, Rgba color);

}  // namespace cl
