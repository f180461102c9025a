#include "scenes/typed_wall_params.h"

namespace cl {

std::vector<ParamSpec> typed_wall_params(const TypedWallDefaults& d) {
  std::vector<ParamSpec> specs = {
      {"wall", "", ParamKind::Text, ParamApply::Reset, 0, 0, 0, {}, d.wall},
      {"view", "m", ParamKind::Real, ParamApply::Reset, d.view, 1, 1000},
  };
  specs[0].text_key = d.wall_text_key;
  set_text_keys(specs, "wall");
  return specs;
}

}  // namespace cl
