// What the ellipses scene models, as equations for the theory panel.
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/ellipses.h"
#include "world/world_theory.h"

namespace cl {

Theory EllipsesScene::theory() const {
  const Boundary& boundary = model().boundary;
  Theory theory;
  theory.summary = text("theory.ellipses.summary", {{"n", std::to_string(model().n)}});
  theory.sections = world_theory(world_);
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.sentence(text("theory.ellipses.geometry"));
  if (boundary.kind == BoundaryKind::CircleWall)
    limits.sentence(text("theory.ellipses.circle_wall", {{"radius", format_number(boundary.radius)}}));
  else if (boundary.kind == BoundaryKind::TypedWall && boundary.wall)
    limits.sentence(text("theory.typed_wall", {{"f", quoted(boundary.wall->expression.text())}}));
  if (!model().contact.impulse) {
    limits.sentence(text("theory.hertz_limits"));
    if (model().contact.law == NormalLaw::HuntCrossley) limits.sentence(text("theory.hunt_crossley_limits"));
  }
  theory.sections.push_back(std::move(limits));
  return theory;
}

}  // namespace cl
