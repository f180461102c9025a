// What the pendulum scene models, as equations for the theory panel.
#include "contact/law_tex.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/pendulum.h"
#include "world/world_theory.h"

namespace cl {

Theory PendulumScene::theory() const {
  Theory theory;
  theory.summary = text("theory.pendulum.summary");
  TheorySection motion{text("theory.motion_heading"), {}};
  motion.sentence(text("theory.pendulum.taut"))
      .formula(R"(\ddot\theta = -\dfrac{g}{L}\,\sin\theta,\quad S = m\,\bigl(L\,\dot\theta^2 + g\cos\theta\bigr) \ge 0)")
      .formula("L = " + tex_number(thread().length) + R"(\ \mathrm{m},\quad g = )" + tex_number(gravity()) +
               R"(\ \mathrm{m/s^2},\quad m = )" + tex_number(mass()) + R"(\ \mathrm{kg})")
      .sentence(integrator_sentence(world_.model().contact.stepper))
      .sentence(text("theory.pendulum.slack"))
      .formula(R"(\ddot{\mathbf r} = \mathbf g,\quad |\mathbf r(t)|^2 = L^2\ \text{)" + text("theory.pendulum.quartic") + "}")
      .sentence(text("theory.pendulum.snap"))
      .formula(R"(v_r^+ = -e\,v_r^-,\quad e = )" + tex_number(world_.model().thread_restitution));
  TheorySection audit{text("theory.audit_heading"), {}};
  audit.formula(R"(E = \tfrac12\,m\,|\dot{\mathbf r}|^2 + m\,g\,y)")
      .formula(R"(\Delta E = -\tfrac12\,m\,(1-e^2)\,(v_r^-)^2\ \text{)" + text("theory.pendulum.per_snap") + "}")
      .sentence(text("theory.pendulum.audit_note"));
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.sentence(text("theory.pendulum.limits", {{"nail", format_number(thread().pivot_radius)}}));
  theory.sections = {std::move(motion), std::move(audit), std::move(limits)};
  return theory;
}

}  // namespace cl
