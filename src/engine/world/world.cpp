#include "world/world.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <Eigen/Cholesky>

#include "contact/impulse_law.h"
#include "core/number_format.h"
#include "core/text.h"
#include "dynamics/free_flight.h"
#include "geometry/ellipse_contact.h"
#include "geometry/ellipse_contact_rates.h"
#include "geometry/ellipse_implicit_contact.h"
#include "world/island_plan.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kStiffnessRateStep = 1e-6;  // s, central difference of k0 along the motion
constexpr long long kMaxStepsPerCall = 10000000;
// A contact's searches are skipped for a step while its gap exceeds this
// many times how far the bodies' points can approach within the step.
constexpr double kStageAllowance = 3;

const char* kind_of(const WorldModel& model, int j) {
  if (j >= 0) return "pair";
  return model.boundary.kind == BoundaryKind::Street ? "street" : "wall";
}

/// The island's contacts by position, as earliest_crossing() reads them.
struct IslandContacts {
  const ContactTable& table;
  const std::vector<size_t>& indices;
  const ContactState& operator[](size_t k) const { return table[indices[k]]; }
};

/// Boundary contacts first (by body), then pairs by (i, j): the order the
/// forces are summed in, the same for an island as for the whole system.
bool contact_order(const ContactState& a, const ContactState& b) {
  if ((a.j < 0) != (b.j < 0)) return a.j < 0;
  return a.i != b.i ? a.i < b.i : a.j < b.j;
}

}  // namespace

std::optional<std::string> World::start(const WorldModel& model, double t, const Vec& coordinates_and_velocities) {
  const int n = model.n;
  model_ = model;
  state_.t = t;
  state_.y = Vec::Zero(6 * n + 2);
  state_.y.head(6 * n) = coordinates_and_velocities.head(6 * n);
  state_.contacts.reset(n, model.boundary.kind != BoundaryKind::None);
  islands_.clear();
  slab_ = Slab{};
  slab_length_ = kLongestSlab;
  retired_steps_ = 0;
  step_rate_ = StepRate{};
  loops_.clear();
  failure_.clear();
  contact_evaluations_ = 0;
  // Every pair the broad phase cannot rule out, so closed_contact() sees overlaps.
  const double size = std::max(model.body.a, model.body.b);
  const double distance = 2 * size + broad_phase_margin(model.body);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if ((state_.y.segment<2>(3 * i) - state_.y.segment<2>(3 * j)).norm() <= distance)
        state_.contacts.find_or_add(i, j);
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    ContactState& c = state_.contacts[index];
    const ContactResponse r = respond_now(index, PairSearch::Global);
    c.gap = r.geometry.gap;
    if (r.geometry.searched) {
      c.warm = r.geometry.warm;
      c.has_warm = true;
    }
  }
  if (!failure_.empty()) return failure_;
  return std::nullopt;
}

void World::set_model(const WorldModel& model) {
  model_ = model;
  drop_islands();  // the next slab starts their integrators afresh with the new model
}

long long World::step_count() const {
  long long steps = retired_steps_;
  for (const Island& island : islands_) steps += island.stepper.steps();
  return steps;
}

size_t World::integrated_bodies() const {
  size_t bodies = 0;
  for (const Island& island : islands_) bodies += island.bodies.size();
  return bodies;
}

void World::drop_islands() {
  for (const Island& island : islands_) retired_steps_ += island.stepper.steps();
  islands_.clear();
  slab_ = Slab{};
}

Ellipse World::ellipse_of(const Vec& y, int l) const {
  return Ellipse{y.segment<2>(3 * l), y[3 * l + 2], model_.body.a, model_.body.b};
}

Ellipse World::ellipse(int i) const { return ellipse_of(state_.y, i); }

std::optional<std::pair<int, int>> World::closed_contact() const {
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    if (!state_.contacts.used(index)) continue;
    const ContactState& c = state_.contacts[index];
    if (c.gap <= 0 && (c.j < 0 || model_.body_contacts)) return std::pair(c.i, c.j);
  }
  return std::nullopt;
}

std::vector<size_t> World::near_contacts() const {
  const double margin = broad_phase_margin(model_.body);
  std::vector<size_t> near;
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    if (!state_.contacts.used(index)) continue;
    const ContactState& c = state_.contacts[index];
    bool is_near = c.active;
    const Ellipse A = ellipse(c.i);
    if (c.j >= 0)
      is_near = is_near || may_touch(A, ellipse(c.j), margin);
    else if (model_.boundary.kind == BoundaryKind::CircleWall)
      is_near = is_near || may_touch_wall(A, model_.boundary.radius, margin);
    else if (model_.boundary.kind == BoundaryKind::TypedWall)
      is_near = is_near || may_touch_implicit_wall(A, model_.boundary.wall->curve, margin);
    else
      is_near = true;  // the street: its search window stays under the body
    if (is_near) near.push_back(index);
  }
  return near;
}

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

void World::derivative(const Island& island, const Vec& y, Vec& dydt) const {
  const int k = static_cast<int>(island.bodies.size());
  // Each body's sine and cosine once, for all its contacts and its observer.
  std::vector<EllipseAxes>& placed = *placed_;
  placed.clear();
  for (int l = 0; l < k; ++l) placed.emplace_back(ellipse_of(y, l));
  Vec F = Vec::Zero(3 * k);
  if (model_.gravity != Vector2d::Zero())
    for (int l = 0; l < k; ++l) {
      // On the ellipse at its centre and on the observer at u = R(q) s.
      const Vector2d observer_weight = model_.body.m_o * model_.gravity;
      F.segment<2>(3 * l) = model_.body.total_mass() * model_.gravity;
      F[3 * l + 2] = cross(observer_offset(model_.body, placed[l].e1), observer_weight);
    }
  double power = 0, stiffness_power = 0;
  Vec y_ahead, y_behind;  // positions moved +-h along the velocities: d(k0)/dt by central difference
  const double h = kStiffnessRateStep;
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    if (island.skipped[p]) continue;  // apart throughout the step: no force
    const ContactState& c = state_.contacts[island.contacts[p]];
    const auto [la, lb] = island.local[p];
    const ContactResponse r = respond(c, y, k, la, lb, &F, PairSearch::Follow, placed.data());
    power += r.dissipated_power;
    if (r.stiffness == 0) continue;
    double k_rate;
    if (lb >= 0 || model_.boundary.kind == BoundaryKind::CircleWall) {
      k_rate = stiffness_rate(r, y, k, la, lb, placed.data());
    } else {  // typed walls and the street: central difference
      if (y_ahead.size() == 0) {
        y_ahead = y_behind = y;
        y_ahead.head(3 * k) += h * y.segment(3 * k, 3 * k);
        y_behind.head(3 * k) -= h * y.segment(3 * k, 3 * k);
      }
      // A microsecond from the minimum just found: one Newton step from it finds the minimum there.
      ContactState here = c;
      here.warm = r.geometry.warm;
      here.has_warm = true;
      k_rate = (stiffness(geometry(here, y_ahead, la, lb, PairSearch::Nearby), lb < 0) -
                stiffness(geometry(here, y_behind, la, lb, PairSearch::Nearby), lb < 0)) / (2 * h);
    }
    // d/dt (2/5 k rho^{5/2}) = 2/5 k' rho^{5/2} + f_el rho': the first part is no force's work.
    stiffness_power += 0.4 * k_rate * std::pow(-r.geometry.gap, 2.5);
  }
  for (int l = 0; l < k; ++l) {
    const Velocities V = y.segment<3>(3 * (k + l));
    dydt.segment<3>(3 * l) = V;
    dydt.segment<3>(3 * (k + l)) =
        accelerations_at(model_.body, observer_offset(model_.body, placed[l].e1), V, F.segment<3>(3 * l));
  }
  dydt[6 * k] = power;
  dydt[6 * k + 1] = stiffness_power;
}

OdeRhs World::rhs(const Island& island) const {
  // Made per call: a stored lambda would point at the world it was copied from.
  return [this, &island](double, const Vec& y, Vec& dydt) { derivative(island, y, dydt); };
}

void World::restart(Island& island, double t, const Vec& y) {
  retired_steps_ += island.stepper.steps();  // configure() starts a fresh integrator
  StepperSettings settings = model_.contact.stepper;
  const int k = static_cast<int>(island.bodies.size());
  settings.positions = 3 * k;  // y = [Q, V, work integrals]
  // The work integrals start at 0 in each island: held to the tolerance
  // relative to the energy the island holds, not to atol's 1e-12 J.
  double energy = island.elastic_energy;
  for (int l = 0; l < k; ++l) energy += cl::kinetic_energy(model_.body, y.segment<3>(3 * l), y.segment<3>(3 * (k + l)));
  settings.quadratures = 2;
  settings.quadrature_atol = std::max(settings.rtol * energy, settings.atol);
  island.coasting = false;
  island.stepper.configure(settings);
  island.stepper.start(t, y, rhs(island));
}

void World::resume(Island& island, double t, const Vec& y) {
  // Global stepping integrates everything, always: it is the reference.
  bool touching = model_.contact.stepping == Stepping::Global;
  for (size_t index : island.contacts) touching = touching || state_.contacts[index].active;
  if (touching) {
    restart(island, t, y);
    return;
  }
  retired_steps_ += island.stepper.steps();
  island.stepper = Stepper();
  std::fill(island.skipped.begin(), island.skipped.end(), 0);  // coasting searches every contact
  island.coasting = true;
  island.t = t;
  island.y = y;
}

Vec World::coasted(const Island& island, const Vec& y, double dt) const {
  const int k = static_cast<int>(island.bodies.size());
  Vec out = y;
  for (int l = 0; l < k; ++l) {
    Coordinates Q = y.segment<3>(3 * l);
    Velocities V = y.segment<3>(3 * (k + l));
    advance_free_flight(model_.body, model_.gravity, dt, Q, V);
    out.segment<3>(3 * l) = Q;
    out.segment<3>(3 * (k + l)) = V;
  }
  return out;
}

Vec World::island_state(const Island& island) const {
  const int n = model_.n, k = static_cast<int>(island.bodies.size());
  Vec y(6 * k + 2);
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    y.segment<3>(3 * l) = state_.y.segment<3>(3 * i);
    y.segment<3>(3 * (k + l)) = state_.y.segment<3>(3 * (n + i));
  }
  y[6 * k] = y[6 * k + 1] = 0;  // the island's own work integrals, added to the world's at each slab end
  return y;
}

double World::slab_limit() const {
  // Farther than its bounding radius, a body's reach would bring most
  // neighbours into its island; the plan stays sharp with shorter slabs.
  const double lever = centre_offset(model_.body);
  double fastest = 0;
  for (int i = 0; i < model_.n; ++i) {
    const Velocities V = velocities(i);
    fastest = std::max(fastest, V.head<2>().norm() + std::abs(V.z()) * 2 * lever);
  }
  const double size = std::max(model_.body.a, model_.body.b);
  return fastest > 0 ? size / fastest : std::numeric_limits<double>::infinity();
}

void World::plan_slab(double t1) {
  const int n = model_.n;
  double dt = t1 - state_.t;
  ContactTable& table = state_.contacts;
  std::vector<std::pair<int, int>> links;
  std::vector<double> link_energies;
  for (size_t index = table.boundary_contacts(); index < table.slots(); ++index)
    if (table.used(index) && table[index].active) {
      links.emplace_back(table[index].i, table[index].j);
      link_energies.push_back(respond_now(index, PairSearch::Follow).elastic_energy);
    }
  IslandPlan plan;
  if (model_.contact.stepping == Stepping::Global) {
    plan = single_island(n, model_.boundary.kind != BoundaryKind::None, model_.body_contacts, links);
  } else {
    IslandPlanInput input;
    input.centres.resize(n);
    input.energies.resize(n);
    for (int i = 0; i < n; ++i) {
      input.centres[i] = coordinates(i).head<2>();
      input.energies[i] = cl::kinetic_energy(model_.body, coordinates(i), velocities(i));
    }
    // Boundary contacts in progress add their elastic energy to their body.
    for (size_t index = 0; index < table.boundary_contacts(); ++index)
      if (table[index].active) input.energies[index] += respond_now(index, PairSearch::Follow).elastic_energy;
    input.links = links;
    input.link_energies = link_energies;
    input.sweep_order = std::move(*sweep_order_);
    const double size = std::max(model_.body.a, model_.body.b);
    const double margin = broad_phase_margin(model_.body);
    input.contact_distance = 2 * size + margin;
    input.body_contacts = model_.body_contacts;
    const double g = model_.gravity.norm(), mass = model_.body.total_mass();
    const double offset = centre_offset(model_.body);
    input.reach = [&](double energy, int bodies) {
      return point_reach(model_.body, offset, energy, bodies * mass, g, dt);
    };
    input.boundary_risk = [&](int i, double reach) {
      if (table[i].active) return true;
      const Ellipse A = ellipse(i);
      switch (model_.boundary.kind) {
        case BoundaryKind::CircleWall: return may_touch_wall(A, model_.boundary.radius, reach + margin);
        case BoundaryKind::TypedWall: return may_touch_implicit_wall(A, model_.boundary.wall->curve, reach + margin);
        case BoundaryKind::Street: return true;
        case BoundaryKind::None: break;
      }
      return false;
    };
    // Reaches long enough to join bodies past their touching groups would
    // make islands of a whole crowd, integrated at the step of its hardest
    // contact: a shorter slab keeps them apart. The length is remembered
    // and grows back by a quarter per slab.
    for (;;) {
      plan = plan_islands(input);
      if (plan.largest_island() <= std::max(kCrowdedIsland, 2 * plan.largest_linked) || dt <= kShortestSlab) {
        slab_length_ = dt < t1 - state_.t ? dt : std::min(kLongestSlab, 1.25 * slab_length_);
        break;
      }
      dt *= 0.5;
    }
    *sweep_order_ = std::move(plan.sweep_order);
    t1 = state_.t + dt;
  }

  // The islands, their integrators carried on where the same bodies were an island before.
  std::vector<int> island_of(n, -1);
  std::vector<Island> planned(plan.islands.size());
  for (size_t k = 0; k < plan.islands.size(); ++k) {
    planned[k].bodies = plan.islands[k];
    for (int i : plan.islands[k]) island_of[i] = static_cast<int>(k);
  }
  for (int i = 0; i < n; ++i)
    if (plan.boundary[i]) planned[island_of[i]].contacts.push_back(static_cast<size_t>(i));
  std::vector<unsigned char> kept(table.slots(), 0);
  for (const auto& [i, j] : plan.pairs) {
    const size_t index = table.find_or_add(i, j);
    if (index >= kept.size()) kept.resize(index + 1, 0);
    kept[index] = 1;
    planned[island_of[i]].contacts.push_back(index);
  }
  // Pairs that may not touch within the slab leave the table (none is active: links are planned pairs).
  for (size_t index = table.boundary_contacts(); index < table.slots(); ++index)
    if (table.used(index) && (index >= kept.size() || !kept[index])) table.remove(index);

  std::vector<int> old_island_of(n, -1);
  for (size_t k = 0; k < islands_.size(); ++k)
    for (int i : islands_[k].bodies) old_island_of[i] = static_cast<int>(k);
  std::vector<unsigned char> reused(islands_.size(), 0);
  for (Island& island : planned) {
    std::sort(island.contacts.begin(), island.contacts.end(),
              [&](size_t a, size_t b) { return contact_order(table[a], table[b]); });
    std::vector<int> local_of_body;  // only the island's bodies are looked up
    for (size_t p = 0; p < island.contacts.size(); ++p) {
      const ContactState& c = table[island.contacts[p]];
      const auto local = [&](int i) {
        return static_cast<int>(std::lower_bound(island.bodies.begin(), island.bodies.end(), i) - island.bodies.begin());
      };
      island.local.emplace_back(local(c.i), c.j < 0 ? -1 : local(c.j));
    }
    island.closing.assign(island.contacts.size(), 0.0);
    island.skipped.assign(island.contacts.size(), 0);
    island.gap_is_bound.assign(island.contacts.size(), 0);
    const int old = old_island_of[island.bodies.front()];
    const bool same = old >= 0 && !reused[old] && islands_[old].bodies == island.bodies &&
                      island_time(islands_[old]) == state_.t;
    if (same) {
      reused[old] = 1;
      Island& before = islands_[old];
      island.coasting = before.coasting;
      island.t = before.t;
      island.y = std::move(before.y);
      island.stepper = std::move(before.stepper);
      island.synced_dissipation = before.synced_dissipation;
      island.synced_stiffness_work = before.synced_stiffness_work;
      island.storm = before.storm;
      before.stepper = Stepper();
      if (island.contacts == before.contacts) {  // their gaps are those of the last accepted step
        island.gap_is_bound = std::move(before.gap_is_bound);
        island.elastic_energy = before.elastic_energy;
        continue;
      }
    } else {
      island.storm.restart(state_.t);
    }
    // Contacts new to the island: their gaps and warm starts at the slab's start.
    island.elastic_energy = 0;
    for (size_t p = 0; p < island.contacts.size(); ++p) {
      ContactState& c = table[island.contacts[p]];
      const ContactResponse r = respond_now(island.contacts[p], PairSearch::Global);
      island.elastic_energy += r.elastic_energy;
      c.gap = r.geometry.gap;
      if (r.geometry.searched) {
        c.warm = r.geometry.warm;
        c.has_warm = true;
      }
    }
    if (!same) resume(island, state_.t, island_state(island));
  }
  for (size_t k = 0; k < islands_.size(); ++k)
    if (!reused[k]) retired_steps_ += islands_[k].stepper.steps();
  islands_ = std::move(planned);
  slab_ = Slab{true, t1, 0, {}};
}

void World::close_slab(std::vector<FinishedImpact>& impacts) {
  const int n = model_.n;
  const double dt = slab_.t1 - state_.t;
  std::vector<unsigned char> integrated(n, 0);
  for (Island& island : islands_) {
    const int k = static_cast<int>(island.bodies.size());
    const Vec& y = island_y(island);
    for (int l = 0; l < k; ++l) {
      const int i = island.bodies[l];
      integrated[i] = 1;
      state_.y.segment<3>(3 * i) = y.segment<3>(3 * l);
      state_.y.segment<3>(3 * (n + i)) = y.segment<3>(3 * (k + l));
    }
    state_.y[6 * n] += y[6 * k] - island.synced_dissipation;
    state_.y[6 * n + 1] += y[6 * k + 1] - island.synced_stiffness_work;
    island.synced_dissipation = y[6 * k];
    island.synced_stiffness_work = y[6 * k + 1];
  }
  for (int i = 0; i < n; ++i) {
    if (integrated[i]) continue;
    Coordinates Q = coordinates(i);
    Velocities V = velocities(i);
    advance_free_flight(model_.body, model_.gravity, dt, Q, V);
    state_.y.segment<3>(3 * i) = Q;
    state_.y.segment<3>(3 * (n + i)) = V;
  }
  state_.t = slab_.t1;
  std::stable_sort(slab_.impacts.begin(), slab_.impacts.end(), [](const FinishedImpact& a, const FinishedImpact& b) {
    return a.summary.onset < b.summary.onset;
  });
  impacts.insert(impacts.end(), slab_.impacts.begin(), slab_.impacts.end());
  slab_ = Slab{};
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

std::vector<size_t> World::impulse_candidates(const Island& island, double t,
                                              const std::function<double(size_t, const Vec&)>& gap_at,
                                              const Vec& y_end) {
  std::vector<size_t> candidates;
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    if (island.skipped[p]) continue;  // apart throughout the step
    const ContactState& c = state_.contacts[island.contacts[p]];
    if (c.gap > 0) {
      candidates.push_back(p);
      continue;
    }
    const double gap_end = gap_at(p, y_end);
    if (gap_end < c.gap && failure_.empty()) {
      failure_ = impulse_rest_message(c, t);
    }
  }
  return candidates;
}

std::string World::impulse_rest_message(const ContactState& c, double t) const {
  const std::string other = c.j >= 0 ? text("world.impulse_rest_other.body", {{"j", std::to_string(c.j)}})
                            : model_.boundary.kind == BoundaryKind::Street ? text("world.impulse_rest_other.street")
                                                                           : text("world.impulse_rest_other.wall");
  return text("world.impulse_rest", {{"i", std::to_string(c.i)}, {"other", other}, {"t", format_number(t)}});
}

FinishedImpact World::apply_impulse(const Island& island, size_t p, const ContactResponse& r, double t, Vec& y) const {
  // Generalized impulse P G^T on each body, G = (n, (p - c) x n) mapping its
  // velocities to the speed of its point p along n. With K = sum of
  // G M^-1 G^T over the bodies, the impulse law's P (contact/impulse_law.h)
  // with w = K reverses the closing speed to e times itself.
  const int k = static_cast<int>(island.bodies.size());
  const ContactState& c = state_.contacts[island.contacts[p]];
  const auto [la, lb] = island.local[p];
  const PairGeometry& g = r.geometry;
  struct Side {
    int body;     // local
    double sign;  // A is pushed along -n, B along +n
  };
  const Side sides[2] = {{la, -1}, {lb, 1}};
  const int count = lb < 0 ? 1 : 2;
  Eigen::Vector3d response[2];  // M^-1 G^T per body
  double K = 0;
  for (int s = 0; s < count; ++s) {
    const Coordinates Q = y.segment<3>(3 * sides[s].body);
    const Eigen::Vector3d G(g.normal.x(), g.normal.y(), cross(g.point - Q.head<2>(), g.normal));
    response[s] = mass_matrix(model_.body, Q.z()).ldlt().solve(G);
    K += G.dot(response[s]);
  }
  const RestitutionImpulse P = restitution_impulse(r.rate, K, model_.contact.restitution);
  for (int s = 0; s < count; ++s) y.segment<3>(3 * (k + sides[s].body)) += sides[s].sign * P.impulse * response[s];
  y[6 * k] += P.energy_lost;
  const double rebound = -respond(c, y, k, la, lb, nullptr, PairSearch::Follow).rate;
  FinishedImpact impact{c.i, c.j, c.j < 0 ? g.point_b : g.point, g.normal, {}};
  impact.summary.onset = t;
  impact.summary.impact_speed = r.rate;
  impact.summary.rebound_speed = rebound;
  impact.summary.restitution = rebound / r.rate;
  return impact;
}

void World::plan_step(Island& island, double t_end) {
  const int k = static_cast<int>(island.bodies.size());
  const Vec& y = island.stepper.y();
  const double h = std::min(island.stepper.next_step(), t_end - island.stepper.t());
  double energy = island.elastic_energy;
  for (int l = 0; l < k; ++l) energy += cl::kinetic_energy(model_.body, y.segment<3>(3 * l), y.segment<3>(3 * (k + l)));
  const double reach = point_reach(model_.body, farthest_point(model_.body), energy, k * model_.body.total_mass(),
                                   model_.gravity.norm(), h);
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    ContactState& c = state_.contacts[island.contacts[p]];
    island.closing[p] = island.local[p].second < 0 ? reach : 2 * reach;
    // The stages of a step stray from the motion by a fraction of its length: room for that.
    const auto apart = [&] { return c.gap > kStageAllowance * island.closing[p]; };
    island.skipped[p] = !c.active && apart();
    if (island.skipped[p] || !island.gap_is_bound[p]) continue;
    // A bound too small to skip on: the exact gap now, at the step's start.
    const ContactResponse r = respond(c, y, k, island.local[p].first, island.local[p].second, nullptr, PairSearch::Global);
    c.gap = r.geometry.gap;
    if (r.geometry.searched) {
      c.warm = r.geometry.warm;
      c.has_warm = true;
    }
    island.gap_is_bound[p] = 0;
    island.skipped[p] = apart();
  }
}

std::optional<std::string> World::island_step(Island& island, double t_end, std::vector<FinishedImpact>& impacts) {
  const int k = static_cast<int>(island.bodies.size());
  Stepper& stepper = island.stepper;
  const double t0 = stepper.t();
  failure_.clear();
  plan_step(island, t_end);
  if (!failure_.empty()) return failure_;
  const bool fixed_step = model_.contact.stepper.kind != IntegratorKind::Dopri5;
  const IslandEnergy before = fixed_step ? island_energy(island, stepper.y(), island.elastic_energy) : IslandEnergy{};
  if (!stepper.step(rhs(island), t_end)) return text("world.step_underflow");
  if (!failure_.empty()) return failure_;
  // The step's end gets the global search once: for the crossings and, if none, for the refresh.
  const Vec& y_end = stepper.y();
  const std::vector<ContactResponse> at_end = global_responses(island, y_end);
  if (fixed_step && !model_.contact.impulse) {
    double elastic = 0;
    for (const ContactResponse& r : at_end) elastic += r.elastic_energy;
    if (auto error = blown_up(before, island_energy(island, y_end, elastic))) return error;
  }
  const std::function<double(size_t, const Vec&)> gap_at = [&](size_t p, const Vec& y) {
    if (&y == &y_end) return at_end[p].geometry.gap;
    return respond(state_.contacts[island.contacts[p]], y, k, island.local[p].first, island.local[p].second, nullptr,
                   PairSearch::Global)
        .geometry.gap;
  };
  std::vector<size_t> candidates;
  if (model_.contact.impulse) {
    candidates = impulse_candidates(island, stepper.t(), gap_at, y_end);
  } else {
    for (size_t p = 0; p < island.contacts.size(); ++p)
      if (!island.skipped[p]) candidates.push_back(p);
  }
  const IslandContacts contacts{state_.contacts, island.contacts};
  const std::optional<ContactCrossing> crossing = earliest_crossing(stepper, t0, contacts, candidates, gap_at);
  if (!failure_.empty()) return failure_;
  if (!crossing) {
    if (refresh_contacts(island, at_end, y_end)) restart(island, stepper.t(), Vec(y_end));  // the force jumped: the last stage is stale
    return failure_.empty() ? std::nullopt : std::optional(failure_);
  }
  // Restart exactly at the event, so the force law switches there and nowhere else.
  const double t = crossing->t;
  Vec y(y_end.size());
  stepper.dense(t, y);
  std::fill(island.skipped.begin(), island.skipped.end(), 0);  // every contact searched at the event
  refresh_contacts(island, global_responses(island, y), y);
  const size_t p = crossing->index;
  ContactState& c = state_.contacts[island.contacts[p]];
  const auto [la, lb] = island.local[p];
  const ContactResponse r = respond(c, y, k, la, lb, nullptr, PairSearch::Global);
  if (model_.contact.impulse) {
    apply_impulses(island, p, r, t, y, impacts);
  } else if (!c.active) {
    open_contact(island, c, t, r);
  } else {
    count_contact_event(island, t);
    impacts.push_back(FinishedImpact{c.i, c.j, c.onset_point, c.onset_normal, end_contact(c, t, r.rate)});
  }
  resume(island, t, y);
  return failure_.empty() ? std::nullopt : std::optional(failure_);
}

World::IslandEnergy World::island_energy(const Island& island, const Vec& y, double elastic) const {
  const int k = static_cast<int>(island.bodies.size());
  const EllipseBody& body = model_.body;
  IslandEnergy e;
  e.moving = elastic;
  for (int l = 0; l < k; ++l) {
    const Coordinates Q = y.segment<3>(3 * l);
    e.moving += cl::kinetic_energy(body, Q, y.segment<3>(3 * (k + l)));
    const Vector2d observer = Q.head<2>() + observer_offset(body, Q.z());
    e.potential -= model_.gravity.dot(body.m * Q.head<2>() + body.m_o * observer);
  }
  return e;
}

std::optional<std::string> World::count_step_rate(bool integrated, double span) {
  // Integrator steps per island and simulated second, over the last
  // kStepRateWindow island-seconds: bounded by the parameters, not a clock.
  // An explicit integrator on a contact stiffer than it can follow (dopri5
  // resting on E = 1e12 Pa) or a fixed step far below the contact's time
  // scale (rk4 at dt = 1e-7 s through a long contact) would otherwise take
  // minutes for a second of simulated time.
  StepRate& r = step_rate_;
  if (integrated) {
    r.steps += 1;
    r.integrated_seconds += span;
  }
  r.island_seconds += span;
  if (r.steps > kStepAllowance && r.steps > kMaxStepRate * r.island_seconds) {
    const StepperSettings& stepper = model_.contact.stepper;
    char step[32];  // s, the mean step while integrating, to 2 digits
    std::snprintf(step, sizeof step, "%.2g", r.integrated_seconds / r.steps);
    const std::string limit = format_number(kMaxStepRate);
    return stepper.kind == IntegratorKind::Dopri5
               ? text("world.step_rate_adaptive", {{"step", step}, {"rate", limit}, {"rtol", format_number(stepper.rtol)}})
               : text("world.step_rate", {{"step", step},
                                          {"rate", limit},
                                          {"dt", format_number(stepper.h)},
                                          {"integrator", integrator_id(stepper.kind)}});
  }
  if (r.island_seconds > kStepRateWindow) {  // the older half is forgotten
    r.steps *= 0.5;
    r.integrated_seconds *= 0.5;
    r.island_seconds *= 0.5;
  }
  return std::nullopt;
}

void World::open_contact(Island& island, ContactState& c, double t, const ContactResponse& r) {
  count_contact_event(island, t);
  begin_contact(c, t, r.rate, r.geometry.gap, r.force, loops_, kind_of(model_, c.j), c.i, c.j);
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

std::optional<std::string> World::blown_up(const IslandEnergy& before, const IslandEnergy& after) const {
  // Passive contacts only take energy out (W_k, the stiffness work, moves a
  // little): a step that more than doubles the energy of motion and springs
  // is a fixed step too long for the contact's stiffness, which flings the
  // bodies ever faster, and a run of huge speeds and angles never ends
  // (E_e = 1e12 Pa or k_linear = 1e12 N/m under euler). Stopped as it
  // starts, by the state alone: the same verdict in every build.
  const double gained = after.moving + after.potential - (before.moving + before.potential);  // J
  const double floor = 1e-6 * (before.moving + std::abs(before.potential)) + 1e-12;  // J, round-off at rest
  if (!(gained > before.moving + floor)) return std::nullopt;
  const StepperSettings& stepper = model_.contact.stepper;
  return text("world.blew_up", {{"before", format_number(before.moving)},
                                {"after", format_number(after.moving)},
                                {"integrator", integrator_id(stepper.kind)},
                                {"dt", format_number(stepper.h)}});
}

void World::apply_impulses(Island& island, size_t first, const ContactResponse& r, double t, Vec& y,
                           std::vector<FinishedImpact>& impacts) {
  const int k = static_cast<int>(island.bodies.size());
  const size_t before = impacts.size();
  if (r.rate > 0) impacts.push_back(apply_impulse(island, first, r, t, y));  // a graze that is already opening needs none
  // Contacts that cross at the same instant (a symmetric start meeting two
  // walls at once) get theirs too, one after another: the next step starts
  // with them touching, where only a crossing from outside is looked for.
  for (size_t q = 0; q < island.contacts.size(); ++q) {
    if (q == first) continue;
    const ContactState& other = state_.contacts[island.contacts[q]];
    const ContactResponse o =
        respond(other, y, k, island.local[q].first, island.local[q].second, nullptr, PairSearch::Global);
    if (o.geometry.searched && o.geometry.gap <= 0 && o.rate > 0) impacts.push_back(apply_impulse(island, q, o, t, y));
  }
  bool storm = false;
  for (size_t e = before; e < impacts.size(); ++e) storm |= island.storm.storm(t);
  if (storm) failure_ = text("world.impact_storm", {{"storm", island.storm.describe()}});
}

std::optional<std::string> World::coast(Island& island, double t_end, std::vector<FinishedImpact>& impacts) {
  const int k = static_cast<int>(island.bodies.size());
  const EllipseBody& body = model_.body;
  const double lever = farthest_point(body);  // m, from the centre of mass
  const double g = model_.gravity.norm();
  failure_.clear();
  std::vector<ContactResponse> now = global_responses(island, island.y);
  if (!failure_.empty()) return failure_;
  while (island.t < t_end) {
    // The longest advance in which no contact can close: a gap shrinks no
    // faster than the points of the two bodies (or the body and the fixed
    // boundary) can move towards each other.
    std::vector<Eigen::Vector2d> com_velocity(k);
    for (int l = 0; l < k; ++l)
      com_velocity[l] = cl::linear_momentum(body, island.y.segment<3>(3 * l), island.y.segment<3>(3 * (k + l))) /
                        body.total_mass();
    double dt = t_end - island.t;
    for (size_t p = 0; p < island.contacts.size(); ++p) {
      const auto [la, lb] = island.local[p];
      const double closing =
          lb < 0 ? com_velocity[la].norm() + g * (t_end - island.t) + std::abs(island.y[3 * (k + la) + 2]) * lever
                 : (com_velocity[la] - com_velocity[lb]).norm() +
                       (std::abs(island.y[3 * (k + la) + 2]) + std::abs(island.y[3 * (k + lb) + 2])) * lever;
      const double gap = now[p].geometry.gap;
      // Closer than that allows, an onset is looked for one integrator step
      // ahead (h_max): a graze in and out within it would be missed, as it
      // would inside an integrator step.
      if (closing > 0) dt = std::min(dt, std::max(gap / closing, model_.contact.stepper.h_max));
    }
    const double t_next = std::min(island.t + dt, t_end);
    const Vec y_next = coasted(island, island.y, t_next - island.t);
    const std::vector<ContactResponse> next = global_responses(island, y_next);
    if (!failure_.empty()) return failure_;
    // The earliest contact that closed, located on the closed-form motion.
    std::optional<ContactCrossing> crossing;
    for (size_t p = 0; p < island.contacts.size(); ++p) {
      const double gap = now[p].geometry.gap, gap_next = next[p].geometry.gap;
      if (model_.contact.impulse && gap <= 0) {  // just after its impulse: it must open
        if (gap_next < gap && failure_.empty()) {
          const ContactState& c = state_.contacts[island.contacts[p]];
          failure_ = impulse_rest_message(c, t_next);
        }
        continue;
      }
      if (!(gap_next <= 0)) continue;
      const int la = island.local[p].first, lb = island.local[p].second;  // captured below: no structured binding
      const ContactState& c = state_.contacts[island.contacts[p]];
      Vec probe;
      const std::function<double(double)> gap_at = [&](double t) {
        probe = coasted(island, island.y, t - island.t);
        return respond(c, probe, k, la, lb, nullptr, PairSearch::Global).geometry.gap;
      };
      // A compliant contact that ended here has a gap of a round-off either
      // side of zero: it touches again where its gap closes after opening.
      const double t =
          find_root_after_event(gap_at, island.t, gap, t_next, gap_next, 1e-12 * std::max(1.0, std::abs(t_next)));
      if (!crossing || t < crossing->t) crossing = ContactCrossing{p, t};
    }
    if (!failure_.empty()) return failure_;
    if (!crossing) {
      refresh_contacts(island, next, y_next);
      island.t = t_next;
      island.y = y_next;
      now = next;
      continue;
    }
    const double t = crossing->t;
    Vec y = coasted(island, island.y, t - island.t);
    refresh_contacts(island, global_responses(island, y), y);
    const size_t p = crossing->index;
    ContactState& c = state_.contacts[island.contacts[p]];
    const ContactResponse r = respond(c, y, k, island.local[p].first, island.local[p].second, nullptr, PairSearch::Global);
    island.t = t;
    if (model_.contact.impulse) {
      apply_impulses(island, p, r, t, y, impacts);
      island.y = y;
      if (!failure_.empty()) return failure_;
      now = global_responses(island, island.y);
      continue;
    }
    open_contact(island, c, t, r);
    resume(island, t, y);
    return failure_.empty() ? std::nullopt : std::optional(failure_);
  }
  return std::nullopt;
}

std::optional<std::string> World::advance_to(double t_end, std::vector<FinishedImpact>& impacts,
                                             const YieldCheck& yield) {
  if (slab_.open && slab_.t1 > t_end) drop_islands();  // asked for less than the open slab: plan afresh
  long long steps = 0;
  while (state_.t < t_end) {
    if (!slab_.open) {
      const bool islands = model_.contact.stepping == Stepping::Islands;
      plan_slab(islands ? std::min(t_end, state_.t + std::min(slab_limit(), slab_length_)) : t_end);
    }
    for (; slab_.next < islands_.size(); ++slab_.next) {
      Island& island = islands_[slab_.next];
      while (island_time(island) < slab_.t1) {
        if (++steps > kMaxStepsPerCall) return text("world.too_many_steps");
        const double t_before = island_time(island);
        const bool integrating = !island.coasting;
        std::optional<std::string> error =
            integrating ? island_step(island, slab_.t1, slab_.impacts) : coast(island, slab_.t1, slab_.impacts);
        if (!error) error = count_step_rate(integrating, island_time(island) - t_before);
        if (error) {
          drop_islands();  // the state stays at the last whole slab
          return error;
        }
        if (yield && island_time(island) < slab_.t1 && yield()) return std::nullopt;
      }
    }
    close_slab(impacts);
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
  for (size_t index : near_contacts()) e += respond_now(index, PairSearch::Global).elastic_energy;
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
  return respond_now(index, search);
}

double World::exact_gap(int i, int j) const {
  constexpr double kNoBroadPhase = std::numeric_limits<double>::infinity();
  // From the kept contact's warm start: the searches know where a followed
  // minimum is the global one (pair_geometry.h) and check globally elsewhere.
  const EllipseAxes A(ellipse(i));
  ContactState seed(i, j);
  const std::optional<size_t> kept = state_.contacts.find(i, j);
  if (kept && state_.contacts[*kept].has_warm) seed = state_.contacts[*kept];
  if (j < 0) return boundary_geometry(model_, A, seed, PairSearch::Global, kNoBroadPhase).gap;
  // Two ellipses apart have one minimum: for bounding discs apart the line of centres leads to it.
  const EllipseAxes B(ellipse(j));
  if (!seed.has_warm && !may_touch(A.shape, B.shape, 0)) {
    const Vector2d line = B.shape.center - A.shape.center;
    seed.warm = std::atan2(line.y(), line.x());
    seed.has_warm = true;
  }
  return pair_geometry(model_, A, B, seed, PairSearch::Global, kNoBroadPhase).gap;
}

}  // namespace cl
