// What each contact does at a state: its geometry from the pair table, the
// law's normal force and the friction, the Hertz stiffness and its rate;
// contacts opened as they begin, and a run stopped when contacts open and
// close without end at one instant.
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "core/number_format.h"
#include "core/text.h"
#include "geometry/ellipse_contact_rates.h"

namespace cl {

using Eigen::Vector2d;

ContactResponse World::respond(const ContactState& c, const Vec& y, int count, int la, int lb, Vec* F,
                               PairSearch search, const EllipseAxes* placed) const {
  ContactResponse r;
  const Coordinates Qa = y.segment<3>(3 * la);
  const Velocities Va = y.segment<3>(3 * (count + la));
  const double size = std::max(model_.body.a, model_.body.b);
  const bool with_boundary = lb < 0;
  Coordinates Qb = Coordinates::Zero();
  Velocities Vb = Velocities::Zero();
  if (!with_boundary) {
    Qb = y.segment<3>(3 * lb);
    Vb = y.segment<3>(3 * (count + lb));
  }
  r.geometry = geometry(c, y, la, lb, search, placed);
  const PairGeometry& g = r.geometry;
  if (g.nonfinite_x) {
    failure_ = text("world.street_not_finite", {{"x", format_number(*g.nonfinite_x)}});
    r.geometry.gap = std::nan("");
    return r;
  }
  if (!g.searched) return r;
  // Velocity of B (the boundary stands still) relative to A at the contact point.
  const Vector2d relative_velocity =
      with_boundary ? Vector2d(-point_velocity(Qa, Va, g.point))
                    : Vector2d(point_velocity(Qb, Vb, g.point) - point_velocity(Qa, Va, g.point));
  r.rate = -relative_velocity.dot(g.normal);  // > 0 while B (or the boundary) and A close in
  // A law whose force jumps at contact (the linear dashpot's d ρ̇) starts at
  // the located onset and nowhere else: inside a step the jump is a
  // discontinuity dopri5 shrinks its step against until it underflows.
  if (g.gap > 0 || model_.contact.impulse || (!c.active && force_jumps_at_contact(model_.contact.law, model_.contact.c_tau))) return r;
  const ElasticMaterial& material_b = with_boundary ? model_.boundary.material : model_.body_material;
  const HertzStiffness k = hertz_stiffness(model_.body_material, g.radius_a, material_b, g.radius_b, size);
  if (!k.ok()) {
    if (model_.boundary.kind == BoundaryKind::Street && with_boundary)
      failure_ = text("world.street_conformal", {{"x", format_number(g.point_b.x())},
                                                 {"street_radius", format_number(std::abs(g.radius_b))},
                                                 {"ellipse_radius", format_number(g.radius_a)},
                                                 {"reason", k.message}});
    else if (with_boundary)
      failure_ = text("world.wall_contact_conformal", {{"i", std::to_string(c.i)}, {"reason", k.message}});
    else
      failure_ = text("world.pair_contact_conformal",
                      {{"i", std::to_string(c.i)}, {"j", std::to_string(c.j)}, {"reason", k.message}});
    return r;
  }
  NormalLawParams law;
  law.hertz_stiffness = k.stiffness;
  law.linear_stiffness = model_.contact.linear_stiffness;
  law.restitution = model_.contact.c_tau;
  law.effective_mass = model_.effective_mass(c.i, c.j);
  if (model_.contact.law != NormalLaw::LinearSpringDashpot) r.stiffness = k.stiffness;
  // From the located onset on, the contact is in: a gap still a rounding
  // above zero there must not hold back the linear dashpot's jump into the
  // next step (inside a step it is a discontinuity dopri5 cannot pass at
  // tight tolerances). Before the onset the signed gap keeps it off.
  const double penetration = c.active ? std::max(-g.gap, 0.0) : -g.gap;
  const NormalForce f = normal_force(model_.contact.law, law, {penetration, r.rate, c.active ? c.impact_speed : r.rate});
  const Vector2d tangent(-g.normal.y(), g.normal.x());
  const double slip = relative_velocity.dot(tangent);  // of B (the boundary) relative to A
  r.friction = friction_force(model_.contact.friction_law, model_.contact.friction, f.force, slip);
  r.force = f.force;
  r.elastic_energy = f.elastic_energy;
  r.dissipated_power = f.dissipated_power - r.friction * slip;  // friction opposes slip: -f_t slip >= 0
  if (F) {
    const Vector2d on_b = f.force * g.normal + r.friction * tangent;  // force on B (the boundary); A gets the opposite
    F->segment<2>(3 * la) -= on_b;
    (*F)[3 * la + 2] -= cross(g.point - Qa.head<2>(), on_b);
    if (!with_boundary) {
      F->segment<2>(3 * lb) += on_b;
      (*F)[3 * lb + 2] += cross(g.point - Qb.head<2>(), on_b);
    }
  }
  return r;
}

PairGeometry World::geometry(const ContactState& c, const Vec& y, int la, int lb, PairSearch search,
                             const EllipseAxes* placed) const {
  ++contact_evaluations_;
  const double margin = broad_phase_margin(model_.body);
  const EllipseAxes A = placed ? placed[la] : EllipseAxes(ellipse_of(y, la));
  if (lb < 0) return boundary_geometry(model_, A, c, search, margin);
  const EllipseAxes B = placed ? placed[lb] : EllipseAxes(ellipse_of(y, lb));
  return pair_geometry(model_, A, B, c, search, margin);
}

double World::stiffness(const PairGeometry& g, bool with_boundary) const {
  if (!g.searched || g.gap > 0 || model_.contact.impulse || model_.contact.law == NormalLaw::LinearSpringDashpot) return 0;
  const ElasticMaterial& material_b = with_boundary ? model_.boundary.material : model_.body_material;
  const HertzStiffness k =
      hertz_stiffness(model_.body_material, g.radius_a, material_b, g.radius_b, std::max(model_.body.a, model_.body.b));
  return k.ok() ? k.stiffness : 0;
}

double World::stiffness_rate(const ContactResponse& r, const Vec& y, int k, int la, int lb,
                             const EllipseAxes* placed) const {
  // k0 = C sqrt(R*), 1/R* = 1/R_a + 1/R_b: dk0/dt = k0/2 R* (R_a'/R_a² + R_b'/R_b²).
  const auto motion = [&](int l) {
    return EllipseMotion{y.segment<2>(3 * (k + l)), y[3 * (k + l) + 2]};
  };
  const PairGeometry& g = r.geometry;
  const ContactRates rates = lb >= 0 ? ellipse_ellipse_rates(placed[la], motion(la), placed[lb], motion(lb), g.normal)
                                     : ellipse_in_circle_rates(placed[la], motion(la), g.normal);
  const double effective_radius = g.radius_a * g.radius_b / (g.radius_a + g.radius_b);
  return 0.5 * r.stiffness * effective_radius *
         (rates.radius_a / (g.radius_a * g.radius_a) + rates.radius_b / (g.radius_b * g.radius_b));
}

ContactResponse World::respond_now(size_t index, PairSearch search) const {
  const ContactState& c = state_.contacts[index];
  return respond(c, state_.y, model_.n, c.i, c.j, nullptr, search);
}

std::vector<ContactResponse> World::global_responses(const Island& island, const Vec& y) const {
  const int k = static_cast<int>(island.bodies.size());
  std::vector<ContactResponse> responses;
  responses.reserve(island.contacts.size());
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    if (island.skipped[p]) {  // apart throughout the step
      responses.emplace_back();
      continue;
    }
    responses.push_back(respond(state_.contacts[island.contacts[p]], y, k, island.local[p].first,
                                island.local[p].second, nullptr, PairSearch::Global));
  }
  return responses;
}

bool World::refresh_contacts(Island& island, const std::vector<ContactResponse>& responses, const Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  bool jumped = false;
  island.elastic_energy = 0;
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    ContactState& c = state_.contacts[island.contacts[p]];
    const ContactResponse& r = responses[p];
    island.elastic_energy += r.elastic_energy;
    if (island.skipped[p]) {  // apart throughout the step: the gap shrank by at most its reach
      c.gap -= island.closing[p];
      island.gap_is_bound[p] = 1;
      continue;
    }
    island.gap_is_bound[p] = 0;
    c.gap = r.geometry.gap;  // a lower bound where the broad phase ruled the contact out
    if (r.geometry.searched) {
      // The minimum the step followed is found again to round-off; anything more is a take-over.
      if (c.active && c.has_warm && !r.geometry.followed) {
        const double followed =
            respond(c, y, k, island.local[p].first, island.local[p].second, nullptr, PairSearch::Follow).geometry.warm;
        jumped |= std::abs(warm_start_shift(model_, c, followed, r.geometry.warm)) > 1e-6;
      }
      c.warm = r.geometry.warm;
      c.has_warm = true;
    }
    if (c.active) follow_contact(c, r.geometry.gap, r.force, loops_);
  }
  return jumped;
}

const char* World::contact_kind(int j) const {
  if (j >= 0) return "pair";
  return model_.boundary.kind == BoundaryKind::Street ? "street" : "wall";
}

void World::open_contact(Island& island, ContactState& c, double t, const ContactResponse& r) {
  count_contact_event(island, t);
  begin_contact(c, t, r.rate, r.geometry.gap, r.force, loops_, contact_kind(c.j), c.i, c.j);
  c.onset_point = c.j < 0 ? r.geometry.point_b : r.geometry.point;
  c.onset_normal = r.geometry.normal;
}

void World::count_contact_event(Island& island, double t) {
  // A step far longer than a stiff contact can close and open it at one
  // instant over and over, never passing it (rk4 at dt = 3.7e-4 s under
  // E = 3.2e10 Pa): stopped by counting events, not by a clock. Contacts
  // that truly begin together (a stack at rest) are a few per contact.
  if (t != island.last_event_t) {
    island.last_event_t = t;
    island.events_at_last_t = 0;
  }
  if (++island.events_at_last_t <= kEventsAtOneInstant + 4 * static_cast<long long>(island.contacts.size())) return;
  const StepperSettings& stepper = model_.contact.stepper;
  failure_ = stepper.kind == IntegratorKind::Dopri5
                 ? text("world.stalled_adaptive", {{"t", format_number(t)},
                                                   {"count", std::to_string(island.events_at_last_t)},
                                                   {"rtol", format_number(stepper.rtol)}})
                 : text("world.stalled", {{"t", format_number(t)},
                                          {"count", std::to_string(island.events_at_last_t)},
                                          {"integrator", integrator_id(stepper.kind)},
                                          {"dt", format_number(stepper.h)}});
}

}  // namespace cl
