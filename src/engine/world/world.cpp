// The world's API: starting a model, what it is in now (bodies, contacts,
// gaps), and advance_to, the loop over slabs that the stages below run.
#include "world/world.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/text.h"
#include "geometry/ellipse_implicit_contact.h"
#include "world/thread.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr long long kMaxStepsPerCall = 10000000;

}  // namespace

std::optional<std::string> World::start(const WorldModel& model, double t, const Vec& coordinates_and_velocities) {
  const int n = model.n;
  model_ = model;
  if (model.particles.present) return start_among_particles(t, coordinates_and_velocities);
  state_.particles.reset();
  state_.t = t;
  state_.y = Vec::Zero(6 * n + 2);
  state_.y.head(6 * n) = coordinates_and_velocities.head(6 * n);
  state_.contacts.reset(n, model.boundary.kind != BoundaryKind::None);
  state_.islands.clear();
  state_.slab = Slab{};
  state_.slab_length = WorldState::kLongestSlab;
  state_.retired_steps = 0;
  state_.step_rate = StepRate{};
  loops_.clear();
  failure_.clear();
  contact_evaluations_ = 0;
  state_.slack.assign(model.threads.empty() ? 0 : n, 0);
  for (int i = 0; i < n; ++i) {
    if (!model.tied(i)) continue;
    const Thread& thread = model.threads[i];
    Coordinates Q = coordinates(i);
    Velocities V = velocities(i);
    const double radial_speed = (Q.head<2>() - thread.pivot).normalized().dot(V.head<2>());  // m/s, outwards
    state_.slack[i] = thread_stretch(thread, Q) < -1e-9 * thread.length || radial_speed < 0;
    if (state_.slack[i]) continue;
    snap_thread(thread, model.body_of(i), 0, Q, V);
    state_.y.segment<3>(3 * i) = Q;
    state_.y.segment<3>(3 * (n + i)) = V;
  }
  state_.flights = DiscFlights{};
  if (flies_discs(model)) {
    start_flights(model, t, state_.y, state_.flights);
    return std::nullopt;
  }
  find_contacts();
  if (!failure_.empty()) return failure_;
  return std::nullopt;
}

void World::find_contacts() {
  const int n = model_.n;
  // Every pair the broad phase cannot rule out, so closed_contact() sees overlaps.
  const double size = std::max(model_.body.a, model_.body.b);
  const double distance = 2 * size + broad_phase_margin(model_.body);
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
}

void World::restore(const WorldState& state) {
  state_ = state;
  failure_.clear();
  loops_.clear();
  for (size_t k = 0; k < state_.contacts.slots(); ++k) {
    ContactState& c = state_.contacts[k];
    if (state_.contacts.used(k) && c.active) c.loop = loops_.begin(c.onset, contact_kind(c.j), c.i, c.j);
  }
}

void World::set_model(const WorldModel& model) {
  const WorldModel before = model_;
  const bool flew = !state_.flights.discs.empty();
  model_ = model;
  if (state_.particles) {
    refresh_particles();
    return;
  }
  state_.slack.resize(model.threads.empty() ? 0 : model.n, 0);  // threads tied now start taut
  drop_islands();  // the next slab starts their integrators afresh with the new model
  if (flies_discs(model)) {
    if (flew) change_flights_model(before, model, state_.t, state_.flights);
    else start_flights(model, state_.t, state_.y, state_.flights);
  } else if (flew) {
    // From flights to slabs: the contacts' gaps, which the flights did not keep.
    state_.flights = DiscFlights{};
    state_.contacts.reset(model.n, model.boundary.kind != BoundaryKind::None);
    find_contacts();
  }
}

long long World::step_count() const {
  long long steps = state_.retired_steps + state_.flights.handled;
  for (const Island& island : state_.islands) steps += island.stepper.steps();
  return steps;
}

size_t World::integrated_bodies() const {
  size_t bodies = 0;
  for (const Island& island : state_.islands) bodies += island.bodies.size();
  return bodies;
}

void World::drop_islands() {
  for (const Island& island : state_.islands) state_.retired_steps += island.stepper.steps();
  state_.islands.clear();
  state_.slab = Slab{};
}

Ellipse World::ellipse_of(const Vec& y, int l) const {
  return Ellipse{y.segment<2>(3 * l), y[3 * l + 2], model_.body.a, model_.body.b};
}

Ellipse World::ellipse(int i) const { return ellipse_of(state_.y, i); }

std::optional<std::pair<int, int>> World::closed_contact() const {
  if (!state_.flights.discs.empty()) return closed_flying_contact();
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    if (!state_.contacts.used(index)) continue;
    const ContactState& c = state_.contacts[index];
    if (c.gap <= 0 && (c.j < 0 || model_.body_contacts)) return std::pair(c.i, c.j);
  }
  return std::nullopt;
}

std::optional<std::pair<int, int>> World::closed_flying_contact() const {
  // The flights keep no gaps: the exact ones, once (a scene checks its start).
  const double r = model_.body.a;
  for (int i = 0; i < model_.n; ++i)
    if (model_.boundary.wall->curve.side(coordinates(i).head<2>()).clearance <= r) return std::pair(i, -1);
  if (model_.body_contacts)
    for (int i = 0; i < model_.n; ++i)
      for (int j = i + 1; j < model_.n; ++j)
        if ((coordinates(i).head<2>() - coordinates(j).head<2>()).norm() <= 2 * r) return std::pair(i, j);
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

std::optional<std::string> World::advance_to(double t_end, WorldEvents& events, const YieldCheck& yield,
                                             const AfterStep& after_step) {
  if (state_.particles) return advance_among_particles(t_end, yield, after_step);
  if (!state_.flights.discs.empty()) {
    const std::optional<std::string> error = advance_flights(model_, state_.flights, state_.t, t_end, events, yield);
    write_flights(model_, state_.flights, state_.t, state_.y);
    return error;
  }
  if (state_.slab.open && state_.slab.t1 > t_end) drop_islands();  // asked for less than the open slab: plan afresh
  long long steps = 0;
  while (state_.t < t_end) {
    if (!state_.slab.open) {
      const bool islands = model_.contact.stepping == Stepping::Islands;
      plan_slab(islands ? std::min(t_end, state_.t + std::min(slab_limit(), state_.slab_length)) : t_end);
    }
    for (; state_.slab.next < state_.islands.size(); ++state_.slab.next) {
      Island& island = state_.islands[state_.slab.next];
      while (island_time(island) < state_.slab.t1) {
        if (++steps > kMaxStepsPerCall) return text("world.too_many_steps");
        const double t_before = island_time(island);
        const bool integrating = island.motion != IslandMotion::Coasting;
        std::optional<std::string> error;
        switch (island.motion) {
          case IslandMotion::Coasting: error = coast(island, state_.slab.t1, state_.slab.events.impacts); break;
          case IslandMotion::Swinging: error = swing(island, state_.slab.t1); break;
          case IslandMotion::Integrating: error = island_step(island, state_.slab.t1, state_.slab.events.impacts); break;
        }
        if (!error) error = count_step_rate(integrating, island_time(island) - t_before);
        if (error) {
          drop_islands();  // the state stays at the last whole slab
          return error;
        }
        if (yield && island_time(island) < state_.slab.t1 && yield()) return std::nullopt;
      }
    }
    close_slab(events);
    if (yield && state_.t < t_end && yield()) return std::nullopt;
  }
  return std::nullopt;
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
