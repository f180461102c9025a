#include "scenes/typed_wall_params.h"

#include <string>

namespace cl {

std::vector<ParamSpec> typed_wall_params(const TypedWallDefaults& d) {
  return {
      {"wall", "wall f(x, y)", "", ParamKind::Text, ParamApply::Reset, 0, 0, 0,
       "The wall is the curve f(x, y) = 0; inside is f < 0. muParser syntax: + - * / ^, abs, sqrt, sin, cos, "
       "atan2(y, x), min, max, pi. Example: " + std::string(d.example) + ".",
       {}, d.wall, false, "e.g. " + std::string(d.example)},
      {"view", "view box", "m", ParamKind::Real, ParamApply::Reset, d.view, 1, 1000,
       "Half-width of the square |x|, |y| <= view in which the wall is traced; the wall must close inside it."},
  };
}

}  // namespace cl
