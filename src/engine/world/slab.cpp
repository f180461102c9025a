// Slabs of time: at the start of each the bodies that may touch within it
// are grouped into islands (world/island_plan.h), the others fly free; at its
// end every body is brought to the slab's time.
#include "world/world.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "dynamics/free_flight.h"
#include "geometry/ellipse_implicit_contact.h"
#include "world/island_plan.h"

namespace cl {
namespace {

/// Boundary contacts first (by body), then pairs by (i, j): the order the
/// forces are summed in, the same for an island as for the whole system.
bool contact_order(const ContactState& a, const ContactState& b) {
  if ((a.j < 0) != (b.j < 0)) return a.j < 0;
  return a.i != b.i ? a.i < b.i : a.j < b.j;
}

}  // namespace

double World::slab_limit() const {
  // One body in an open plane touches nothing: its slab runs to the end asked for.
  if (model_.n == 1 && model_.boundary.kind == BoundaryKind::None) return std::numeric_limits<double>::infinity();
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
  // One body in an open plane touches nothing: the island it was (a body on
  // a thread is one) goes on as it is.
  if (n == 1 && model_.boundary.kind == BoundaryKind::None && state_.islands.size() == 1 &&
      island_time(state_.islands.front()) == state_.t) {
    state_.slab = Slab{true, t1, 0, {}};
    return;
  }
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
      input.energies[i] = cl::kinetic_energy(model_.body_of(i), coordinates(i), velocities(i));
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
    // The lightest body reaches farthest: its reach bounds every member's
    // (a group of heavier bodies holds more mass, so the bound stays one).
    const EllipseBody lightest = model_.lightest_body();
    double mass = lightest.total_mass();  // kg: becomes the heaviest body's
    for (double factor : model_.mass_factors) mass = std::max(mass, factor * model_.body.total_mass());
    const double g = model_.gravity.norm();
    const double offset = centre_offset(lightest);
    input.reach = [&](double energy, int bodies) {
      return point_reach(lightest, offset, energy, bodies * mass, g, dt);
    };
    input.boundary_risk = [&](int i, double reach) {
      if (model_.boundary.kind == BoundaryKind::None) return false;  // the table has no boundary contacts
      if (table[i].active) return true;
      const Ellipse A = ellipse(i);
      switch (model_.boundary.kind) {
        case BoundaryKind::CircleWall: return may_touch_wall(A, model_.boundary.radius, reach + margin);
        case BoundaryKind::TypedWall: return may_touch_implicit_wall(A, model_.boundary.wall->curve, reach + margin);
        case BoundaryKind::Street: return true;
        case BoundaryKind::Box:  // stepped among particles, never in slabs
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
        state_.slab_length = dt < t1 - state_.t ? dt : std::min(WorldState::kLongestSlab, 1.25 * state_.slab_length);
        break;
      }
      dt *= 0.5;
    }
    *sweep_order_ = std::move(plan.sweep_order);
    t1 = state_.t + dt;
    // A body on a thread is integrated, free or not (its path is no parabola).
    std::vector<unsigned char> placed(n, 0);
    for (const std::vector<int>& island : plan.islands)
      for (int i : island) placed[i] = 1;
    for (int i = 0; i < n; ++i)
      if (model_.tied(i) && !placed[i]) plan.islands.push_back({i});
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
  for (size_t k = 0; k < state_.islands.size(); ++k)
    for (int i : state_.islands[k].bodies) old_island_of[i] = static_cast<int>(k);
  std::vector<unsigned char> reused(state_.islands.size(), 0);
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
    const bool same = old >= 0 && !reused[old] && state_.islands[old].bodies == island.bodies &&
                      island_time(state_.islands[old]) == state_.t;
    if (same) {
      reused[old] = 1;
      Island& before = state_.islands[old];
      island.motion = before.motion;
      island.t = before.t;
      island.y = std::move(before.y);
      island.stepper = std::move(before.stepper);
      island.synced_dissipation = before.synced_dissipation;
      island.synced_stiffness_work = before.synced_stiffness_work;
      island.storm = before.storm;
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
    if (!same)
      resume(island, state_.t, island_state(island));
    else if ((island.motion == IslandMotion::Swinging) != can_swing(island))  // a contact came near, or all left
      resume(island, state_.t, Vec(island_y(island)));
  }
  for (size_t k = 0; k < state_.islands.size(); ++k)
    if (!reused[k]) state_.retired_steps += state_.islands[k].stepper.steps();
  state_.islands = std::move(planned);
  state_.slab = Slab{true, t1, 0, {}};
}

void World::close_slab(WorldEvents& events) {
  const int n = model_.n;
  const double dt = state_.slab.t1 - state_.t;
  std::vector<unsigned char> integrated(n, 0);
  for (Island& island : state_.islands) {
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
    advance_free_flight(model_.body_of(i), model_.gravity, dt, Q, V);
    state_.y.segment<3>(3 * i) = Q;
    state_.y.segment<3>(3 * (n + i)) = V;
  }
  state_.t = state_.slab.t1;
  WorldEvents& ended = state_.slab.events;
  std::stable_sort(ended.impacts.begin(), ended.impacts.end(), [](const FinishedImpact& a, const FinishedImpact& b) {
    return a.summary.onset < b.summary.onset;
  });
  std::stable_sort(ended.threads.begin(), ended.threads.end(),
                   [](const ThreadEvent& a, const ThreadEvent& b) { return a.t < b.t; });
  events.impacts.insert(events.impacts.end(), ended.impacts.begin(), ended.impacts.end());
  events.threads.insert(events.threads.end(), ended.threads.begin(), ended.threads.end());
  state_.slab = Slab{};
}

}  // namespace cl
