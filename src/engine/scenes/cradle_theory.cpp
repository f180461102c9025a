// What the cradle models, as equations for the theory panel.
#include "contact/law_tex.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/cradle.h"
#include "world/world_theory.h"

namespace cl {

Theory CradleScene::theory() const {
  Theory theory;
  theory.summary = text("theory.cradle.summary", {{"n", std::to_string(ball_count())}});
  TheorySection threads{text("theory.cradle.threads_heading"), {}};
  threads.sentence(text("theory.cradle.threads"))
      .formula(R"(|\mathbf c_i - \mathbf p_i| \le L,\quad m_i\,\ddot{\mathbf c}_i = m_i\,\mathbf g + \mathbf F_i - )"
               R"(\mu_i\,(\mathbf c_i - \mathbf p_i),\quad \mu_i = m_i\,\dfrac{\dot{\mathbf c}_i\cdot\dot{\mathbf c}_i + )"
               R"((\mathbf c_i - \mathbf p_i)\cdot(\mathbf g + \mathbf F_i/m_i)}{L^2} \ge 0)")
      .formula("L = " + tex_number(model().threads[0].length) + R"(\ \mathrm{m},\quad R = )" +
               tex_number(model().body.a) + R"(\ \mathrm{m},\quad e_{\mathrm{thread}} = )" +
               tex_number(model().thread_restitution))
      .sentence(text("theory.cradle.ideal"))
      .formula(R"(m\,v_1 + m\,v_2 = m\,v_1' + m\,v_2',\quad v_2' - v_1' = -e\,(v_2 - v_1))");
  if (model().mass_factors[0] != 1)
    threads.sentence(text("theory.cradle.heavy_first", {{"ratio", format_number(model().mass_factors[0])},
                                                         {"m1", format_number(model().body_of(0).total_mass())}}));
  theory.sections.push_back(std::move(threads));
  for (TheorySection& section : world_theory(world_)) theory.sections.push_back(std::move(section));
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.sentence(text("theory.cradle.touching", {{"clearance", format_number(2 * model().body.a * kTouchingClearance)}}))
      .sentence(text("theory.cradle.discs"));
  if (model().contact.impulse) limits.sentence(text("theory.cradle.sequential"));
  theory.sections.push_back(std::move(limits));
  return theory;
}

}  // namespace cl
