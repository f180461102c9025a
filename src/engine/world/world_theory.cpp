#include "world/world_theory.h"

#include <cmath>

#include "contact/law_tex.h"
#include "core/number_format.h"
#include "core/text.h"

namespace cl {
namespace {

const char* integrator_key(IntegratorKind kind) {
  switch (kind) {
    case IntegratorKind::Dopri5: return "theory.integrator.dopri5";
    case IntegratorKind::Rk4: return "theory.integrator.rk4";
    case IntegratorKind::SemiImplicitEuler: return "theory.integrator.euler";
    case IntegratorKind::Leapfrog: return "theory.integrator.leapfrog";
  }
  return "theory.integrator.dopri5";
}

std::string material_tex(const char* who, const ElasticMaterial& material) {
  return std::string(R"(E_\text{)") + who + "} = " + tex_number(material.youngs_modulus) + R"(\ \mathrm{Pa},\quad \nu_\text{)" +
         who + "} = " + tex_number(material.poisson_ratio);
}

/// The contacts touching now with their Hertz k₀, as "k_0 = ... (1–wall), ...".
std::string stiffness_now_tex(const World& world) {
  std::string tex;
  int shown = 0;
  constexpr int kShown = 3;  // a crowded gas lists a few
  for (size_t index : world.near_contacts()) {
    const ContactResponse r = world.contact_response(index, PairSearch::Follow);
    if (r.geometry.gap >= 0 || r.stiffness <= 0) continue;
    if (shown++ == kShown) break;
    const ContactState& c = world.contact_state(index);
    const std::string which = c.j < 0 ? std::to_string(c.i + 1) + R"(\text{–)" + text("theory.wall") + "}"
                                      : std::to_string(c.i + 1) + R"(\text{–})" + std::to_string(c.j + 1);
    if (!tex.empty()) tex += R"(,\quad )";
    tex += R"(k_0^{()" + which + ")} = " + tex_number(r.stiffness) + R"(\ \mathrm{N/m^{3/2}})";
  }
  return tex;
}

TheorySection contact_section(const World& world) {
  const WorldModel& model = world.model();
  const ContactSettings& contact = model.contact;
  TheorySection section{text("theory.contact_heading"), {}};
  if (contact.impulse) {
    section.sentence(text("theory.impulse_law"))
        .formula(impulse_law_tex())
        .formula("e = " + tex_number(contact.restitution))
        .sentence(text("theory.impulse_note"));
    return section;
  }
  NormalLawParams params;
  params.restitution = contact.c_tau;
  params.linear_stiffness = contact.linear_stiffness;
  section.sentence(text("theory.law_named", {{"law", normal_law_name(contact.law)}}))
      .formula(normal_law_tex(contact.law))
      .formula(normal_law_values_tex(contact.law, params, false));
  if (contact.law != NormalLaw::LinearSpringDashpot) {
    section.sentence(text("theory.hertz_stiffness"))
        .formula(hertz_stiffness_tex())
        .formula(material_tex(text("theory.body").c_str(), model.body_material));
    if (model.boundary.kind != BoundaryKind::None)
      section.formula(material_tex(text(model.boundary.kind == BoundaryKind::Street ? "theory.street" : "theory.wall").c_str(),
                                   model.boundary.material));
    const std::string now = stiffness_now_tex(world);
    if (now.empty()) {
      section.sentence(text("theory.k0_varies"));
    } else {
      section.sentence(text("theory.k0_now")).formula(now);
    }
  }
  section.sentence(text("theory.clamp_note", {{"floor", format_number(kDefaultMinImpactSpeed * 1e3)}}));
  FrictionParams friction = contact.friction;
  const bool rubs = contact.friction_law == FrictionLaw::SpeedProportional ? friction.speed_coefficient > 0
                                                                            : friction.coulomb_coefficient > 0;
  if (rubs)
    section.sentence(text("theory.friction"))
        .formula(friction_law_tex(contact.friction_law))
        .formula(friction_law_values_tex(contact.friction_law, friction));
  else
    section.sentence(text("theory.no_friction"));
  return section;
}

TheorySection motion_section(const World& world) {
  const WorldModel& model = world.model();
  const EllipseBody& body = model.body;
  TheorySection section{text("theory.motion_heading"), {}};
  section.sentence(text("theory.ellipse_body"))
      .formula(R"(M(\varphi)\,\ddot{\mathbf q} = \mathbf F + m_o\dot\varphi^{2}\begin{pmatrix}\mathbf u\\ 0\end{pmatrix},\quad)"
               R"(\mathbf q = \begin{pmatrix}x\\ y\\ \varphi\end{pmatrix})")
      .formula(R"(M = \begin{pmatrix} m+m_o & 0 & -m_o u_y\\ 0 & m+m_o & m_o u_x\\ -m_o u_y & m_o u_x & I + m_o|\mathbf s|^2)"
               R"(\end{pmatrix})")
      .formula(R"(\mathbf u = R(\varphi)\,\mathbf s,\quad I = \tfrac14\,m\,(a^2+b^2))")
      .formula("m = " + tex_number(body.m) + R"(\ \mathrm{kg},\quad a = )" + tex_number(body.a) + R"(\ \mathrm{m},\quad b = )" +
               tex_number(body.b) + R"(\ \mathrm{m})")
      .formula("m_o = " + tex_number(body.m_o) + R"(\ \mathrm{kg},\quad \mathbf s = ()" +
               tex_number(body.s.x()) + ",\\ " + tex_number(body.s.y()) + R"()\ \mathrm{m})")
      .sentence(text("theory.forces", {{"g", format_number(-model.gravity.y())}}))
      .sentence(integrator_sentence(model.contact.stepper));
  return section;
}

TheorySection audit_section(const World& world) {
  const ContactSettings& contact = world.model().contact;
  TheorySection section{text("theory.audit_heading"), {}};
  if (contact.impulse) {
    section.formula(R"(E_\text{kin} + E_\text{pot} + W_\text{diss} = E_0)")
        .formula(R"(\Delta W_\text{diss} = \dfrac{(1-e^2)\,(v_n^-)^2}{2w}\ \text{)" + text("theory.per_impact") + "}")
        .sentence(text("theory.audit_impulse_note"));
    return section;
  }
  section.formula(R"(E_\text{kin} + E_\text{pot} + U + W_\text{diss} - W_k = E_0)")
      .formula(elastic_energy_tex(contact.law) + R"(,\quad \dot W_\text{diss} = (f_n - f_\text{el})\,\dot\rho - f_t\,v_t \ge 0)");
  if (contact.law != NormalLaw::LinearSpringDashpot) section.formula(R"(\dot W_k = \tfrac25\,\dot k_0\,\rho^{5/2})");
  section
      .sentence(text(contact.law == NormalLaw::LinearSpringDashpot ? "theory.audit_note_linear" : "theory.audit_note"));
  return section;
}

}  // namespace

std::string integrator_sentence(const StepperSettings& stepper) {
  return text(integrator_key(stepper.kind),
              {{"rtol", format_number(stepper.rtol)}, {"dt", format_number(stepper.h * 1e3)}});
}

std::vector<TheorySection> world_theory(const World& world) {
  return {contact_section(world), motion_section(world), audit_section(world)};
}

}  // namespace cl
