// Threads in the island's step: a taut thread whose pull would turn into a
// push goes slack, a slack one whose body reaches the length snaps taut,
// each located on the dense output like a contact's onset (world/thread.h).
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "integrators/root_find.h"
#include "world/thread.h"

namespace cl {

bool World::threads_drifted(const Island& island, const Vec& y) const {
  const int k = static_cast<int>(island.bodies.size());
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (model_.tied(i) && !state_.slack[i] && thread_drifted(model_.threads[i], y.segment<3>(3 * l), y.segment<3>(3 * (k + l))))
      return true;
  }
  return false;
}

void World::project_threads(const Island& island, Vec& y) const {
  const int k = static_cast<int>(island.bodies.size());
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (!model_.tied(i) || state_.slack[i]) continue;
    Coordinates Q = y.segment<3>(3 * l);
    Velocities V = y.segment<3>(3 * (k + l));
    if (!thread_drifted(model_.threads[i], Q, V)) continue;
    project_on_thread(model_.threads[i], Q, V);
    y.segment<3>(3 * l) = Q;
    y.segment<3>(3 * (k + l)) = V;
  }
}

bool World::has_threads(const Island& island) const {
  for (int i : island.bodies)
    if (model_.tied(i)) return true;
  return false;
}

void World::thread_indicators(const Island& island, const Vec& y, std::vector<double>& indicators) const {
  const int k = static_cast<int>(island.bodies.size());
  indicators.assign(k, -1.0);
  bool any_taut = false;
  for (int i : island.bodies) any_taut = any_taut || (model_.tied(i) && !state_.slack[i]);
  std::vector<double>& pulls = *pulls_;
  if (any_taut) thread_pulls(island, y, pulls);
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (!model_.tied(i)) continue;
    if (!state_.slack[i]) {
      indicators[l] = -pulls[l];
      continue;
    }
    // Past the length only counts moving outwards: a ball a rounding beyond it as its thread went slack flies inwards.
    const Eigen::Vector2d r = y.segment<2>(3 * l) - model_.threads[i].pivot;
    indicators[l] = r.dot(y.segment<2>(3 * (k + l))) > 0 ? thread_stretch(model_.threads[i], y.segment<3>(3 * l)) : -1.0;
  }
}

std::optional<World::ThreadCrossing> World::thread_crossing(const Island& island, double t0) const {
  const Stepper& stepper = island.stepper;
  const double t1 = stepper.t();
  std::vector<double>& at_end = *indicators_;
  thread_indicators(island, stepper.y(), at_end);
  const double tolerance = 1e-12 * std::max(1.0, std::abs(t1));  // s
  Vec y;
  std::vector<double> at_start, probe;  // evaluated once a thread has crossed
  std::optional<ThreadCrossing> earliest;
  for (size_t l = 0; l < at_end.size(); ++l) {
    ThreadTurn found{t1, at_end[l]};  // an end of the step where the indicator is positive
    if (!(found.indicator > 0)) {
      const std::optional<ThreadTurn> turn = slack_turn_past_length(island, static_cast<int>(l), t0, t1);
      if (!turn) continue;
      found = *turn;
    }
    if (at_start.empty()) {
      y.resize(stepper.y().size());
      stepper.dense(t0, y);
      thread_indicators(island, y, at_start);
    }
    const auto indicator = [&](double t) {
      stepper.dense(t, y);
      thread_indicators(island, y, probe);
      return probe[l];
    };
    const double t = find_root_after_event(indicator, t0, at_start[l], found.t, found.indicator, tolerance);
    if (!earliest || t < earliest->t) earliest = ThreadCrossing{static_cast<int>(l), t};
  }
  return earliest;
}

std::optional<World::ThreadTurn> World::slack_turn_past_length(const Island& island, int l, double t0, double t1) const {
  const int i = island.bodies[l];
  if (!model_.tied(i) || !state_.slack[i]) return std::nullopt;
  // Outside the length the body recedes until it turns: the stretch peaks
  // where r.v = 0 goes from + to −. One such turn per step is looked for.
  Vec y;
  const std::optional<double> t = radial_turn(island, l, t0, t1, false, y);
  if (!t) return std::nullopt;
  // Past it by no more than a taut thread's drift is no graze: a thread
  // that just went slack leaves the length turning inwards from exactly it.
  const Thread& thread = model_.threads[i];
  const double stretch = thread_stretch(thread, y.segment<3>(3 * l));  // m
  if (!(stretch > kThreadDrift * thread.length)) return std::nullopt;
  return ThreadTurn{*t, stretch};
}

std::optional<double> World::radial_turn(const Island& island, int l, double t0, double t1, bool to_receding,
                                         Vec& y) const {
  const int k = static_cast<int>(island.bodies.size());
  const Stepper& stepper = island.stepper;
  const Eigen::Vector2d pivot = model_.threads[island.bodies[l]].pivot;
  y.resize(stepper.y().size());
  // d|r|²/dt / 2 = r.v: its sign is whether the body recedes from the pivot.
  const auto receding = [&](double t) {
    stepper.dense(t, y);
    return (y.segment<2>(3 * l) - pivot).dot(y.segment<2>(3 * (k + l)));
  };
  const double at_start = receding(t0), at_end = receding(t1);
  const double sign = to_receding ? 1 : -1;
  if (!(sign * at_start < 0 && sign * at_end >= 0)) return std::nullopt;
  const double t = find_root(receding, t0, at_start, t1, at_end, 1e-12 * std::max(1.0, std::abs(t1)));
  stepper.dense(t, y);
  return t;
}

void World::report_pivot_passes(const Island& island, double t0, double t1) {
  const int k = static_cast<int>(island.bodies.size());
  Vec y;  // sized for the first body with a nail to pass
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (!model_.tied(i) || !state_.slack[i] || model_.threads[i].pivot_radius <= 0) continue;
    // The closest pass: from approaching to receding.
    const std::optional<double> t = radial_turn(island, l, t0, t1, true, y);
    if (!t || (y.segment<2>(3 * l) - model_.threads[i].pivot).norm() > model_.threads[i].pivot_radius) continue;
    const double speed = y.segment<2>(3 * (k + l)).norm();
    state_.slab.events.threads.push_back({ThreadEvent::Kind::Pass, i, *t, y.segment<2>(3 * l), speed, speed});
  }
}

void World::cross_thread(Island& island, int l, double t, Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  const int i = island.bodies[l];
  if (island.storm.storm(t)) failure_ = text("world.impact_storm", {{"storm", island.storm.describe()}});
  const Thread& thread = model_.threads[i];
  Coordinates Q = y.segment<3>(3 * l);
  const double speed = y.segment<2>(3 * (k + l)).norm();
  if (!state_.slack[i]) {
    // Off the circle from exactly its length, so the return to it is a crossing of zero.
    Q.head<2>() = thread.pivot + thread.length * (Q.head<2>() - thread.pivot).normalized();
    y.segment<3>(3 * l) = Q;
    state_.slack[i] = 1;
    state_.slab.events.threads.push_back({ThreadEvent::Kind::Slack, i, t, Q.head<2>(), speed, speed});
    return;
  }
  state_.slack[i] = 0;
  const double after = tighten(island, l, y);
  state_.slab.events.threads.push_back(
      {ThreadEvent::Kind::Taut, i, t, y.segment<2>(3 * l), speed, after, !state_.slack[i]});
}

double World::tighten(Island& island, int l, Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  const int i = island.bodies[l];
  const Thread& thread = model_.threads[i];
  Coordinates Q = y.segment<3>(3 * l);
  Velocities V = y.segment<3>(3 * (k + l));
  // Below this the snaps would repeat ever faster (Zeno): end them inelastically.
  const double v_settle = 1e-6 * (V.head<2>().norm() + std::sqrt(model_.gravity.norm() * thread.length));
  const double v_radial = (Q.head<2>() - thread.pivot).normalized().dot(V.head<2>());  // m/s, outwards
  if (v_radial < -v_settle) {  // moving inwards: the thread cannot hold it
    state_.slack[i] = 1;
    return V.head<2>().norm();
  }
  const double e = v_radial * model_.thread_restitution < v_settle ? 0.0 : model_.thread_restitution;
  const ThreadSnap snap = snap_thread(thread, model_.body_of(i), e, Q, V);
  y.segment<3>(3 * l) = Q;
  y.segment<3>(3 * (k + l)) = V;
  y[6 * k] += snap.energy_lost;
  if (e > 0) {
    state_.slack[i] = 1;  // rebounding inwards
  } else {
    std::vector<double> pulls;
    thread_pulls(island, y, pulls);
    state_.slack[i] = pulls[l] < 0;  // the thread cannot hold the body here: it flies on
  }
  return V.head<2>().norm();
}

void World::snap_threads(Island& island, double t, Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (!model_.tied(i) || state_.slack[i]) continue;
    const double speed = y.segment<2>(3 * (k + l)).norm();
    tighten(island, l, y);
    if (state_.slack[i])
      state_.slab.events.threads.push_back({ThreadEvent::Kind::Slack, i, t, y.segment<2>(3 * l), speed, speed});
  }
}

double World::thread_tension(int i) const {
  if (!model_.tied(i) || state_.slack[i]) return 0;
  const int n = model_.n;
  const EllipseBody body = model_.body_of(i);
  const Coordinates Q = coordinates(i);
  const Velocities V = velocities(i);
  // The forces on body i alone: its weight and its contacts, with the others as they are.
  const Eigen::Vector2d observer = body.m_o != 0 ? observer_offset(body, Q.z()) : Eigen::Vector2d::Zero();
  Velocities F_i;
  F_i << body.total_mass() * model_.gravity, cross(observer, body.m_o * model_.gravity);
  Vec F;  // of every body, made for the first contact of body i
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    if (!state_.contacts.used(index)) continue;
    const ContactState& c = state_.contacts[index];
    if (c.i != i && c.j != i) continue;
    if (F.size() == 0) {
      F = Vec::Zero(3 * n);
      F.segment<3>(3 * i) = F_i;
    }
    respond(c, state_.y, n, c.i, c.j, &F, PairSearch::Follow);
  }
  if (F.size() != 0) F_i = F.segment<3>(3 * i);
  const Velocities A_free = accelerations_at(body, observer, V, F_i);
  const Thread& thread = model_.threads[i];
  return std::max(0.0, thread_pull(thread, body, Q, V, A_free).multiplier * (Q.head<2>() - thread.pivot).norm());
}

}  // namespace cl
