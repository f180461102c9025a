#pragma once
// The parameters of a wall f(x, y) = 0 typed by the user, declared once for
// every scene that offers one (implicit, ellipses): the expression `wall`
// and the half-width `view` of the box it is traced in.
#include <optional>
#include <string>
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

/// Why a wall text asked for cannot be parsed ("wall: ..."), checked when it
/// differs from the running wall's `running` text, whether or not the scene
/// uses it now: every path (panel, link, file, host) refuses it at once.
std::optional<std::string> typed_wall_text_error(const std::string& requested, const std::string& running);

}  // namespace cl
