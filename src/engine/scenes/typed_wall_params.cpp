#include "scenes/typed_wall_params.h"

#include "core/text.h"
#include "math/expression.h"

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

std::optional<std::string> typed_wall_text_error(const std::string& requested, const std::string& running) {
  if (requested == running) return std::nullopt;
  Expression2D probe;
  if (auto error = probe.compile(requested)) return text("wall.error", {{"error", error->message}});
  return std::nullopt;
}

}  // namespace cl
