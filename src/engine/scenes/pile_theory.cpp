// What the pile scene models, as equations for the theory panel.
#include "contact/law_tex.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/pile.h"
#include "world/world_theory.h"

namespace cl {
namespace {

TheorySection pile_contact(const ParticleModel& model) {
  TheorySection section{text("theory.contact_heading"), {}};
  if (model.impulse) {
    section.sentence(text("theory.impulse_law"))
        .formula(impulse_law_tex())
        .formula("e = " + tex_number(model.e) + R"(,\quad k_p = )" + tex_number(model.k_p))
        .sentence(text("theory.pile.projection"));
  } else if (model.spring_dashpot()) {
    section.sentence(text("theory.pile.spring"))
        .formula(R"(f_n = \max\bigl(0,\ k_s\,\rho + k_d\,\dot\rho\bigr))")
        .formula("k_s = " + tex_number(model.k_s) + R"(\ \mathrm{N/m},\quad k_d = )" + tex_number(model.k_d) +
                 R"(\ \mathrm{N\,s/m})");
  } else {
    NormalLawParams params;
    params.hertz_stiffness = model.k_h;
    params.restitution = model.c_tau;
    section.sentence(text("theory.law_named", {{"law", normal_law_name(model.law)}}))
        .formula(normal_law_tex(model.law))
        .formula(normal_law_values_tex(model.law, params, true))
        .sentence(text("theory.pile.hertz_onset"));
  }
  return section;
}

TheorySection pile_motion(const ParticleModel& model, int dim) {
  TheorySection section{text("theory.motion_heading"), {}};
  section.sentence(text("theory.pile.motion", {{"dim", std::to_string(dim)}}))
      .formula(R"(m_i\,\ddot{\mathbf x}_i = m_i\,\mathbf g + \sum_j f_{ij}\,\mathbf n_{ij} + \sum_\text{)" + text("theory.wall") +
               R"(} f_{i}\,\mathbf n_{i})")
      .formula(R"(\rho_{ij} = 2r - |\mathbf x_i - \mathbf x_j|,\quad r = )" + tex_number(model.r) +
               R"(\ \mathrm{m},\quad g = )" + tex_number(model.g) + R"(\ \mathrm{m/s^2})");
  switch (model.integrator) {
    case IntegratorKind::SemiImplicitEuler:
      section.formula(R"(\mathbf v_{n+1} = \mathbf v_n + h\,\mathbf a(\mathbf x_n, \mathbf v_n),\quad)"
                      R"(\mathbf x_{n+1} = \mathbf x_n + h\,\mathbf v_{n+1})");
      break;
    case IntegratorKind::Leapfrog:
      section.formula(R"(\mathbf v_{n+1/2} = \mathbf v_n + \tfrac h2\,\mathbf a_n,\quad \mathbf x_{n+1} = \mathbf x_n + h\,\mathbf v_{n+1/2},)"
                      R"(\quad \mathbf v_{n+1} = \mathbf v_{n+1/2} + \tfrac h2\,\mathbf a_{n+1})");
      break;
    case IntegratorKind::Rk4:
    case IntegratorKind::Dopri5: break;
  }
  StepperSettings stepper;
  stepper.kind = model.integrator;
  stepper.h = model.h;
  stepper.rtol = model.rtol;
  section.sentence(integrator_sentence(stepper));
  if (model.impulse) section.sentence(text("theory.pile.impulse_order"));
  return section;
}

TheorySection pile_ellipse(const EllipseBody& body) {
  TheorySection section{text("theory.pile.ellipse_heading"), {}};
  section.sentence(text("theory.pile.ellipse"))
      .formula(R"(m\,\ddot{\mathbf c} = m\,\mathbf g + \sum_k f_k\,\mathbf n_k,\quad )"
               R"(I\,\ddot\theta = \sum_k (\mathbf p_k - \mathbf c) \times f_k\,\mathbf n_k,\quad I = \tfrac14\,m\,(a^2 + b^2))")
      .formula("m = " + tex_number(body.m) + R"(\ \mathrm{kg},\quad a = )" + tex_number(body.a) +
               R"(\ \mathrm{m},\quad b = )" + tex_number(body.b) + R"(\ \mathrm{m})");
  return section;
}

/// The ball start's bounces: where their times come from, and how a fit compares them (fit/run_residuals.h).
TheorySection pile_bounces() {
  TheorySection section{text("theory.pile.bounce_heading"), {}};
  section.sentence(text("theory.pile.bounce_onset"))
      .formula(R"(t_\text{on} = t_n - \frac{\rho_n}{\dot\rho_n},\quad 0 < \frac{\rho_n}{\dot\rho_n} \le h)")
      .sentence(text("theory.pile.bounce_fit"))
      .formula(R"(r_k = t^\text{run}_k + \tau - t^\text{data}_k,\quad \tau = \frac1n \sum_k \bigl(t^\text{data}_k - t^\text{run}_k\bigr))");
  return section;
}

}  // namespace

Theory PileScene::theory() const {
  Theory theory;
  theory.summary = text("theory.pile.summary", {{"dim", std::to_string(setup_.dim)}});
  TheorySection audit{text("theory.audit_heading"), {}};
  audit.formula(R"(E = \sum_i \bigl(\tfrac12\,m_i\,|\dot{\mathbf x}_i|^2 + m_i\,g\,z_i\bigr) + U,\quad )" +
                std::string(law().spring_dashpot()  ? R"(U = \sum \tfrac12\,k_s\,\rho^2)"
                            : law().hertz_family() ? R"(U = \sum \tfrac25\,k_0\,\rho^{5/2})"
                                                    : R"(U = 0)"))
      .sentence(text("theory.pile.audit_note"));
  TheorySection limits{text("theory.limits_heading"), {}};
  limits.sentence(text("theory.pile.limits"));
  theory.sections = {pile_contact(law()), pile_motion(law(), setup_.dim)};
  if (world_.model().n > 0) theory.sections.push_back(pile_ellipse(world_.model().body));
  if (setup_.start == Start::Ball) theory.sections.push_back(pile_bounces());
  theory.sections.push_back(std::move(audit));
  theory.sections.push_back(std::move(limits));
  return theory;
}

}  // namespace cl
