#include "world/world.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/Cholesky>

#include "contact/impulse_law.h"
#include "core/number_format.h"
#include "core/text.h"
#include "geometry/ellipse_contact.h"
#include "geometry/ellipse_implicit_contact.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kStiffnessRateStep = 1e-6;  // s, central difference of k0 along the motion
constexpr long long kMaxStepsPerCall = 10000000;

const char* kind_of(const WorldModel& model, int j) {
  if (j >= 0) return "pair";
  return model.boundary.kind == BoundaryKind::Street ? "street" : "wall";
}

}  // namespace

std::optional<std::string> World::start(const WorldModel& model, double t, const Vec& coordinates_and_velocities) {
  const int n = model.n;
  model_ = model;
  state_.t = t;
  state_.y = Vec::Zero(6 * n + 2);
  state_.y.head(6 * n) = coordinates_and_velocities.head(6 * n);
  state_.contacts.clear();
  if (model.boundary.kind != BoundaryKind::None)
    for (int i = 0; i < n; ++i) state_.contacts.emplace_back(i, -1);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) state_.contacts.emplace_back(i, j);
  sweep_order_.clear();
  storm_.restart(t);
  loops_.clear();
  failure_.clear();
  contact_evaluations_ = 0;
  refresh_contacts(state_.y);
  if (!failure_.empty()) return failure_;
  steps_before_ = -stepper_.steps();  // restart_stepper() adds them back
  restart_stepper();
  return std::nullopt;
}

void World::set_model(const WorldModel& model) {
  model_ = model;
  restart_stepper();
}

Ellipse World::ellipse_of(const Vec& y, int i) const {
  return Ellipse{y.segment<2>(3 * i), y[3 * i + 2], model_.body.a, model_.body.b};
}

Ellipse World::ellipse(int i) const { return ellipse_of(state_.y, i); }

size_t World::contact_index(int i, int j) const {
  const int n = model_.n;
  const size_t boundary_contacts = model_.boundary.kind == BoundaryKind::None ? 0 : n;
  if (j < 0) return static_cast<size_t>(i);
  // Pairs follow the boundary contacts in (0,1), (0,2), ..., (1,2), ... order.
  return boundary_contacts + static_cast<size_t>(i) * (2 * n - i - 1) / 2 + (j - i - 1);
}

std::vector<size_t> World::near_contacts(const Vec& y) const {
  // Broad phase: sweep along x over the bounding discs (grown by the margin
  // respond() uses), so the cost grows about linearly with n. Every active
  // contact must be followed until it ends; an active pair's gap is at most
  // that margin, so the sweep always lists it.
  const int n = model_.n;
  const double size = std::max(model_.body.a, model_.body.b);
  const double reach = size + 0.5 * broad_phase_margin(model_.body);
  std::vector<size_t> near;
  const Boundary& boundary = model_.boundary;
  for (int i = 0; i < n && boundary.kind != BoundaryKind::None; ++i) {
    bool is_near = state_.contacts[i].active;
    if (boundary.kind == BoundaryKind::CircleWall)
      is_near = is_near || y.segment<2>(3 * i).norm() + reach >= boundary.radius - reach;
    else if (boundary.kind == BoundaryKind::TypedWall)  // the same reach, from the centre's clearance
      is_near = is_near || implicit_wall_clearance_bound(ellipse_of(y, i), boundary.wall->curve) <= 2 * reach - size;
    else
      is_near = true;  // the street: its search window stays under the body
    if (is_near) near.push_back(i);
  }
  // Bodies by x; the last call's order is nearly sorted already, so
  // insertion sort takes about n steps.
  std::vector<int>& order = sweep_order_;
  if (static_cast<int>(order.size()) != n) {
    order.resize(n);
    for (int i = 0; i < n; ++i) order[i] = i;
  }
  for (int k = 1; k < n; ++k)
    for (int l = k; l > 0 && y[3 * order[l]] < y[3 * order[l - 1]]; --l) std::swap(order[l], order[l - 1]);
  if (model_.body_contacts) {
    for (int k = 0; k < n; ++k)
      for (int l = k + 1; l < n && y[3 * order[l]] - y[3 * order[k]] <= 2 * reach; ++l) {
        const int i = std::min(order[k], order[l]), j = std::max(order[k], order[l]);
        if (std::abs(y[3 * i + 1] - y[3 * j + 1]) <= 2 * reach) near.push_back(contact_index(i, j));
      }
  } else {
    for (size_t index = contact_index(0, 1); index < state_.contacts.size(); ++index)
      if (state_.contacts[index].active) near.push_back(index);
  }
  std::sort(near.begin(), near.end());
  near.erase(std::unique(near.begin(), near.end()), near.end());
  return near;
}

ContactResponse World::respond(const ContactState& c, const Vec& y, Vec* F, PairSearch search) const {
  ++contact_evaluations_;
  ContactResponse r;
  const int n = model_.n;
  const Ellipse A = ellipse_of(y, c.i);
  const Coordinates Qa = y.segment<3>(3 * c.i);
  const Velocities Va = y.segment<3>(3 * (n + c.i));
  const double size = std::max(model_.body.a, model_.body.b);
  const double margin = broad_phase_margin(model_.body);
  const bool with_boundary = c.j < 0;
  Coordinates Qb = Coordinates::Zero();
  Velocities Vb = Velocities::Zero();
  if (with_boundary) {
    r.geometry = boundary_geometry(model_, A, c, search, margin);
  } else {
    Qb = y.segment<3>(3 * c.j);
    Vb = y.segment<3>(3 * (n + c.j));
    r.geometry = pair_geometry(model_, A, ellipse_of(y, c.j), c, search, margin);
  }
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
  law.effective_mass = with_boundary ? model_.body.total_mass() : 0.5 * model_.body.total_mass();
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
    F->segment<2>(3 * c.i) -= on_b;
    (*F)[3 * c.i + 2] -= cross(g.point - Qa.head<2>(), on_b);
    if (!with_boundary) {
      F->segment<2>(3 * c.j) += on_b;
      (*F)[3 * c.j + 2] += cross(g.point - Qb.head<2>(), on_b);
    }
  }
  return r;
}

void World::derivative(const Vec& y, Vec& dydt) const {
  const int n = model_.n;
  Vec F = Vec::Zero(3 * n);
  if (model_.gravity != Vector2d::Zero())
    for (int i = 0; i < n; ++i) {
      // On the ellipse at its centre and on the observer at u = R(q) s.
      const Vector2d observer_weight = model_.body.m_o * model_.gravity;
      F.segment<2>(3 * i) = model_.body.total_mass() * model_.gravity;
      F[3 * i + 2] = cross(observer_offset(model_.body, y[3 * i + 2]), observer_weight);
    }
  double power = 0, stiffness_power = 0;
  Vec y_ahead, y_behind;  // positions moved +-h along the velocities: d(k0)/dt by central difference
  const double h = kStiffnessRateStep;
  for (size_t index : near_contacts(y)) {
    const ContactState& c = state_.contacts[index];
    const ContactResponse r = respond(c, y, &F, PairSearch::Follow);
    power += r.dissipated_power;
    if (r.stiffness == 0) continue;
    if (y_ahead.size() == 0) {
      y_ahead = y_behind = y;
      y_ahead.head(3 * n) += h * y.segment(3 * n, 3 * n);
      y_behind.head(3 * n) -= h * y.segment(3 * n, 3 * n);
    }
    const double k_rate = (respond(c, y_ahead, nullptr, PairSearch::Follow).stiffness -
                           respond(c, y_behind, nullptr, PairSearch::Follow).stiffness) / (2 * h);
    // d/dt (2/5 k rho^{5/2}) = 2/5 k' rho^{5/2} + f_el rho': the first part is no force's work.
    stiffness_power += 0.4 * k_rate * std::pow(-r.geometry.gap, 2.5);
  }
  for (int i = 0; i < n; ++i) {
    const Coordinates Q = y.segment<3>(3 * i);
    const Velocities V = y.segment<3>(3 * (n + i));
    dydt.segment<3>(3 * i) = V;
    dydt.segment<3>(3 * (n + i)) = accelerations(model_.body, Q, V, F.segment<3>(3 * i));
  }
  dydt[6 * n] = power;
  dydt[6 * n + 1] = stiffness_power;
}

OdeRhs World::rhs() const {
  // Made per call: a stored lambda would point at the world it was copied from.
  return [this](double, const Vec& y, Vec& dydt) { derivative(y, dydt); };
}

void World::restart_stepper() {
  steps_before_ += stepper_.steps();  // configure() starts a fresh integrator
  StepperSettings settings = model_.contact.stepper;
  settings.positions = 3 * model_.n;  // y = [Q, V, work integrals]
  stepper_.configure(settings);
  stepper_.start(state_.t, state_.y, rhs());
}

std::vector<ContactResponse> World::global_responses(const std::vector<size_t>& near, const Vec& y) const {
  std::vector<ContactResponse> responses;
  responses.reserve(near.size());
  for (size_t index : near) responses.push_back(respond(state_.contacts[index], y, nullptr, PairSearch::Global));
  return responses;
}

bool World::refresh_contacts(const Vec& y) {
  const std::vector<size_t> near = near_contacts(y);
  return refresh_contacts(near, global_responses(near, y), y);
}

bool World::refresh_contacts(const std::vector<size_t>& near, const std::vector<ContactResponse>& responses,
                             const Vec& y) {
  bool jumped = false;
  size_t next_near = 0;
  for (size_t index = 0; index < state_.contacts.size(); ++index) {
    ContactState& c = state_.contacts[index];
    const bool is_near = next_near < near.size() && near[next_near] == index;
    if (!is_near) {  // far apart: a positive lower bound of the gap will do
      c.gap = std::max(c.gap, 0.5 * broad_phase_margin(model_.body));
      continue;
    }
    const ContactResponse& r = responses[next_near++];
    c.gap = r.geometry.gap;
    if (r.geometry.searched) {
      // The minimum the step followed is found again to round-off; anything more is a take-over.
      if (c.active && c.has_warm) {
        const double followed = respond(c, y, nullptr, PairSearch::Follow).geometry.warm;
        jumped |= std::abs(warm_start_shift(model_, c, followed, r.geometry.warm)) > 1e-6;
      }
      c.warm = r.geometry.warm;
      c.has_warm = true;
    }
    if (c.active) follow_contact(c, r.geometry.gap, r.force, loops_);
  }
  return jumped;
}

std::vector<size_t> World::impulse_candidates(const std::vector<size_t>& near,
                                              const std::function<double(size_t, const Vec&)>& gap_at) {
  std::vector<size_t> candidates;
  for (size_t index : near) {
    const ContactState& c = state_.contacts[index];
    if (c.gap > 0) {
      candidates.push_back(index);
      continue;
    }
    const double gap_end = gap_at(index, stepper_.y());
    if (gap_end < c.gap && failure_.empty()) {
      const std::string other = c.j >= 0 ? text("world.impulse_rest_other.body", {{"j", std::to_string(c.j)}})
                                : model_.boundary.kind == BoundaryKind::Street ? text("world.impulse_rest_other.street")
                                                                               : text("world.impulse_rest_other.wall");
      failure_ = text("world.impulse_rest",
                      {{"i", std::to_string(c.i)}, {"other", other}, {"t", format_number(state_.t)}});
    }
  }
  return candidates;
}

FinishedImpact World::apply_impulse(const ContactState& c, const ContactResponse& r) {
  // Generalized impulse P G^T on each body, G = (n, (p - c) x n) mapping its
  // velocities to the speed of its point p along n. With K = sum of
  // G M^-1 G^T over the bodies, the impulse law's P (contact/impulse_law.h)
  // with w = K reverses the closing speed to e times itself.
  const int n = model_.n;
  const PairGeometry& g = r.geometry;
  struct Side {
    int body;
    double sign;  // A is pushed along -n, B along +n
  };
  Side sides[2] = {{c.i, -1}, {c.j, 1}};
  const int count = c.j < 0 ? 1 : 2;
  Eigen::Vector3d response[2];  // M^-1 G^T per body
  double K = 0;
  for (int k = 0; k < count; ++k) {
    const Coordinates Q = coordinates(sides[k].body);
    const Eigen::Vector3d G(g.normal.x(), g.normal.y(), cross(g.point - Q.head<2>(), g.normal));
    response[k] = mass_matrix(model_.body, Q.z()).ldlt().solve(G);
    K += G.dot(response[k]);
  }
  const RestitutionImpulse P = restitution_impulse(r.rate, K, model_.contact.restitution);
  for (int k = 0; k < count; ++k)
    state_.y.segment<3>(3 * (n + sides[k].body)) += sides[k].sign * P.impulse * response[k];
  state_.y[6 * n] += P.energy_lost;
  const double rebound = -respond(c, state_.y, nullptr, PairSearch::Follow).rate;
  FinishedImpact impact{c.i, c.j, c.j < 0 ? g.point_b : g.point, g.normal, {}};
  impact.summary.onset = state_.t;
  impact.summary.impact_speed = r.rate;
  impact.summary.rebound_speed = rebound;
  impact.summary.restitution = rebound / r.rate;
  return impact;
}

std::optional<std::string> World::take_step(double t_end, std::vector<FinishedImpact>& impacts) {
  const double t0 = stepper_.t();
  failure_.clear();
  if (!stepper_.step(rhs(), t_end))
    return text("world.step_underflow");
  if (!failure_.empty()) return failure_;
  // The step's end gets the global search once: for the crossings and, if none, for the refresh.
  const Vec& y_end = stepper_.y();
  const std::vector<size_t> near = near_contacts(y_end);
  const std::vector<ContactResponse> at_end = global_responses(near, y_end);
  const auto gap_at = [&](size_t index, const Vec& y) {
    if (&y == &y_end) return at_end[std::lower_bound(near.begin(), near.end(), index) - near.begin()].geometry.gap;
    return respond(state_.contacts[index], y, nullptr, PairSearch::Global).geometry.gap;
  };
  const std::vector<size_t> candidates = model_.contact.impulse ? impulse_candidates(near, gap_at) : near;
  const std::optional<ContactCrossing> crossing = earliest_crossing(stepper_, t0, state_.contacts, candidates, gap_at);
  if (!failure_.empty()) return failure_;
  if (!crossing) {
    state_.t = stepper_.t();
    state_.y = y_end;
    if (refresh_contacts(near, at_end, state_.y)) restart_stepper();  // the force jumped: the last stage is stale
    return failure_.empty() ? std::nullopt : std::optional(failure_);
  }
  // Restart exactly at the event, so the force law switches there and nowhere else.
  stepper_.dense(crossing->t, state_.y);
  state_.t = crossing->t;
  refresh_contacts(state_.y);
  ContactState& c = state_.contacts[crossing->index];
  const ContactResponse r = respond(c, state_.y, nullptr, PairSearch::Global);
  if (model_.contact.impulse) {
    const size_t before = impacts.size();
    if (r.rate > 0) impacts.push_back(apply_impulse(c, r));  // a graze that is already opening needs none
    // Contacts that cross at the same instant (a symmetric start meeting two
    // walls at once) get theirs too, one after another: the next step starts
    // with them touching, where only a crossing from outside is looked for.
    for (size_t index : near) {
      if (index == crossing->index) continue;
      ContactState& other = state_.contacts[index];
      const ContactResponse o = respond(other, state_.y, nullptr, PairSearch::Global);
      if (o.geometry.searched && o.geometry.gap <= 0 && o.rate > 0) impacts.push_back(apply_impulse(other, o));
    }
    if (impacts.size() > before && storm_.storm(state_.t))
      failure_ = text("world.impact_storm", {{"storm", storm_.describe()}});
  } else if (!c.active) {
    begin_contact(c, state_.t, r.rate, r.geometry.gap, r.force, loops_, kind_of(model_, c.j), c.i, c.j);
    c.onset_point = c.j < 0 ? r.geometry.point_b : r.geometry.point;
    c.onset_normal = r.geometry.normal;
  } else {
    impacts.push_back(FinishedImpact{c.i, c.j, c.onset_point, c.onset_normal, end_contact(c, state_.t, r.rate)});
  }
  restart_stepper();
  return failure_.empty() ? std::nullopt : std::optional(failure_);
}

std::optional<std::string> World::advance_to(double t_end, std::vector<FinishedImpact>& impacts,
                                             const YieldCheck& yield) {
  for (long long guard = 0; state_.t < t_end; ++guard) {
    if (guard > kMaxStepsPerCall) return text("world.too_many_steps");
    if (auto error = take_step(t_end, impacts)) return error;
    if (yield && state_.t < t_end && yield()) return std::nullopt;
  }
  return std::nullopt;
}

double World::kinetic_energy() const {
  double e = 0;
  for (int i = 0; i < model_.n; ++i) e += cl::kinetic_energy(model_.body, coordinates(i), velocities(i));
  return e;
}

double World::potential_energy() const {
  double e = 0;
  const EllipseBody& body = model_.body;
  for (int i = 0; i < model_.n; ++i) {
    const Coordinates Q = coordinates(i);
    const Vector2d observer = Q.head<2>() + observer_offset(body, Q.z());
    e -= model_.gravity.x() * (body.m * Q.x() + body.m_o * observer.x()) +
         model_.gravity.y() * (body.m * Q.y() + body.m_o * observer.y());
  }
  return e;
}

double World::spring_energy() const {
  double e = 0;
  for (size_t index : near_contacts(state_.y))
    e += respond(state_.contacts[index], state_.y, nullptr, PairSearch::Global).elastic_energy;
  return e;
}

Eigen::Vector2d World::linear_momentum() const {
  Vector2d p = Vector2d::Zero();
  for (int i = 0; i < model_.n; ++i) p += cl::linear_momentum(model_.body, coordinates(i), velocities(i));
  return p;
}

double World::angular_momentum() const {
  double l = 0;
  for (int i = 0; i < model_.n; ++i) l += cl::angular_momentum(model_.body, coordinates(i), velocities(i));
  return l;
}

ContactResponse World::contact_response(size_t index, PairSearch search) const {
  return respond(state_.contacts[index], state_.y, nullptr, search);
}

double World::exact_gap(size_t index) const {
  const ContactState& c = state_.contacts[index];
  const ContactState fresh(c.i, c.j);  // no warm start: the global search alone
  constexpr double kNoBroadPhase = std::numeric_limits<double>::infinity();
  const Ellipse A = ellipse_of(state_.y, c.i);
  if (c.j < 0) return boundary_geometry(model_, A, fresh, PairSearch::Global, kNoBroadPhase).gap;
  return pair_geometry(model_, A, ellipse_of(state_.y, c.j), fresh, PairSearch::Global, kNoBroadPhase).gap;
}

}  // namespace cl
