// Threads in the island's step: a taut thread whose pull would turn into a
// push goes slack, a slack one whose body reaches the length snaps taut,
// each located on the dense output like a contact's onset (world/thread.h).
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "world/thread.h"

namespace cl {

bool World::has_threads(const Island& island) const {
  for (int i : island.bodies)
    if (model_.tied(i)) return true;
  return false;
}

std::optional<World::ThreadCrossing> World::thread_crossing(const Island& island, double t0) {
  const int k = static_cast<int>(island.bodies.size());
  const Stepper& stepper = island.stepper;
  const double t1 = stepper.t();
  Vec y(stepper.y().size()), dydt(stepper.y().size());
  std::vector<double> pulls;
  // Slack: past the length (m). Taut: the pull's sign (N/m).
  const auto indicator = [&](int l, double t) {
    stepper.dense(t, y);
    if (state_.slack[island.bodies[l]]) return thread_stretch(model_.threads[island.bodies[l]], y.segment<3>(3 * l));
    derivative(island, y, dydt, &pulls);
    return -pulls[l];
  };
  std::optional<ThreadCrossing> earliest;
  for (int l = 0; l < k; ++l) {
    if (!model_.tied(island.bodies[l])) continue;
    const double at_end = indicator(l, t1);
    if (!(at_end > 0)) continue;
    const double t = find_root_after_event([&](double t) { return indicator(l, t); }, t0, indicator(l, t0), t1, at_end,
                                           1e-12 * std::max(1.0, std::abs(t1)));
    if (!earliest || t < earliest->t) earliest = ThreadCrossing{l, t};
  }
  return earliest;
}

void World::cross_thread(Island& island, int l, double t, Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  const int i = island.bodies[l];
  if (island.storm.storm(t)) failure_ = text("world.impact_storm", {{"storm", island.storm.describe()}});
  if (!state_.slack[i]) {
    state_.slack[i] = 1;
    return;
  }
  const Thread& thread = model_.threads[i];
  const EllipseBody body = model_.body_of(i);
  Coordinates Q = y.segment<3>(3 * l);
  Velocities V = y.segment<3>(3 * (k + l));
  // Below this the snaps would repeat ever faster (Zeno): end them inelastically.
  const double v_settle = 1e-6 * (V.head<2>().norm() + std::sqrt(model_.gravity.norm() * thread.length));
  const double v_radial = (Q.head<2>() - thread.pivot).normalized().dot(V.head<2>());
  const double e = v_radial * model_.thread_restitution < v_settle ? 0.0 : model_.thread_restitution;
  const ThreadSnap snap = snap_thread(thread, body, e, Q, V);
  y.segment<3>(3 * l) = Q;
  y.segment<3>(3 * (k + l)) = V;
  y[6 * k] += snap.energy_lost;
  if (e > 0) return;  // rebounding inwards: still slack
  state_.slack[i] = 0;
  Vec dydt(y.size());
  std::vector<double> pulls;
  derivative(island, y, dydt, &pulls);
  if (pulls[l] < 0) state_.slack[i] = 1;  // the thread cannot hold the body here: it flies on
}

void World::snap_threads(Island& island, Vec& y) {
  const int k = static_cast<int>(island.bodies.size());
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    if (!model_.tied(i) || state_.slack[i]) continue;
    Coordinates Q = y.segment<3>(3 * l);
    Velocities V = y.segment<3>(3 * (k + l));
    const ThreadSnap snap = snap_thread(model_.threads[i], model_.body_of(i), model_.thread_restitution, Q, V);
    if (snap.radial_speed <= 0) continue;
    y.segment<3>(3 * l) = Q;
    y.segment<3>(3 * (k + l)) = V;
    y[6 * k] += snap.energy_lost;
    if (model_.thread_restitution > 0) state_.slack[i] = 1;
  }
}

double World::thread_tension(int i) const {
  if (!model_.tied(i) || state_.slack[i]) return 0;
  const int n = model_.n;
  const EllipseBody body = model_.body_of(i);
  const Coordinates Q = coordinates(i);
  const Velocities V = velocities(i);
  // The forces on body i alone: its weight and its contacts, with the others as they are.
  Vec F = Vec::Zero(3 * n);
  F.segment<2>(3 * i) = body.total_mass() * model_.gravity;
  F[3 * i + 2] = cross(observer_offset(body, Q.z()), body.m_o * model_.gravity);
  for (size_t index = 0; index < state_.contacts.slots(); ++index) {
    if (!state_.contacts.used(index)) continue;
    const ContactState& c = state_.contacts[index];
    if (c.i == i || c.j == i) respond(c, state_.y, n, c.i, c.j, &F, PairSearch::Follow);
  }
  const Velocities A_free = accelerations(body, Q, V, F.segment<3>(3 * i));
  const Thread& thread = model_.threads[i];
  return std::max(0.0, thread_pull(thread, body, Q, V, A_free, model_.gravity.norm()).multiplier * (Q.head<2>() - thread.pivot).norm());
}

}  // namespace cl
