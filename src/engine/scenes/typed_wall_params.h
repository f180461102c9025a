#pragma once
// The parameters of a wall f(x, y) = 0 typed by the user, declared once for
// every scene that offers one (implicit, ellipses): the expression `wall`
// and the half-width `view` of the box it is traced in.
#include <vector>

#include "core/param.h"

namespace cl {

/// A scene's default wall: its expression, the text key of `wall` (its help
/// and placeholder give the scene's own examples), and the box's half-width (m).
struct TypedWallDefaults {
  const char* wall;
  const char* wall_text_key;
  double view;
};

/// The specs of wall and view.
std::vector<ParamSpec> typed_wall_params(const TypedWallDefaults& defaults);

}  // namespace cl
