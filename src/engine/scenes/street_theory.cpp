// What the street scene models, as equations for the theory panel.
#include "core/message_text.h"
#include "core/text.h"
#include "scenes/street.h"
#include "world/world_theory.h"

namespace cl {

Theory StreetScene::theory() const {
  Theory theory;
  theory.summary = street().text().empty() ? text("theory.street.summary_seed")
                                            : text("theory.street.summary", {{"s", quoted(street().text())}});
  theory.sections = world_theory(world_);
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.formula(R"(g(x) = \bigl(\mathbf p(x) - (x,\ s(x))\bigr)\cdot\boldsymbol\nu(x),\quad )"
                 R"(\bigl(\mathbf p(x) - (x,\ s(x))\bigr)\cdot\mathbf T(x) = 0)")
      .sentence(text("theory.street.one_contact"));
  if (!model().contact.impulse) {
    limits.sentence(text("theory.street.conformal")).sentence(text("theory.hertz_limits"));
    if (model().contact.law == NormalLaw::HuntCrossley) limits.sentence(text("theory.hunt_crossley_limits"));
  }
  theory.sections.push_back(std::move(limits));
  return theory;
}

}  // namespace cl
