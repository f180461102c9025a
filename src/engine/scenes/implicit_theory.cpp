// What the implicit-wall scene models, as equations for the theory panel:
// exact flights and impulses, or (a compliant law) the world of discs.
#include "contact/law_tex.h"
#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/implicit.h"
#include "world/world_theory.h"

namespace cl {

Theory ImplicitScene::theory() const {
  Theory theory;
  theory.summary = text("theory.implicit.summary", {{"n", std::to_string(ball_count())}, {"f", quoted(wall_->expression.text())}});
  if (model_.compliant) {
    theory.sections = world_theory(world_);
  } else {
    TheorySection contact{text("theory.contact_heading"), {}};
    contact.sentence(text("theory.impulse_law"))
        .formula(impulse_law_tex())
        .formula("e = " + tex_number(world_.model().contact.restitution))
        .sentence(text(world_.model().body_contacts ? "theory.implicit.with_pairs" : "theory.implicit.no_pairs"));
    TheorySection motion{text("theory.motion_heading"), {}};
    motion.sentence(text("theory.implicit.flight"))
        .formula(R"(\mathbf x(t) = \mathbf x_0 + \mathbf v_0\,(t-t_0) + \tfrac12\,\mathbf g\,(t-t_0)^2,\quad |\mathbf g| = )" +
                 tex_number(model_.g) + R"(\ \mathrm{m/s^2})")
        .sentence(text("theory.implicit.onset"))
        .formula(R"(d(\mathbf x) = \min_{f(\mathbf y) = 0} |\mathbf x - \mathbf y|,\quad d(\mathbf x(t^*)) = r = )" +
                 tex_number(model_.r) + R"(\ \mathrm{m})");
    TheorySection audit{text("theory.audit_heading"), {}};
    audit.formula(R"(E_\text{kin} + E_\text{pot} + W_\text{diss} = E_0)")
        .formula(R"(\Delta W_\text{diss} = \tfrac12\,m\,(1-e^2)\,(v_n^-)^2\ \text{)" + text("theory.per_impact") + "}")
        .sentence(text("theory.audit_impulse_note"));
    theory.sections = {std::move(contact), std::move(motion), std::move(audit)};
  }
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.sentence(text("theory.typed_wall", {{"f", quoted(wall_->expression.text())}}))
      .sentence(text("theory.implicit.corners"));
  if (!model_.compliant) limits.sentence(text("theory.implicit.corrections"));
  theory.sections.push_back(std::move(limits));
  return theory;
}

}  // namespace cl
