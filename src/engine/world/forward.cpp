// The equations of motion as integrated: the accelerations of an island's
// bodies under gravity, their contact forces and their taut threads, and the
// derivatives of the dissipated and stiffness work.
#include "world/world.h"

#include <cmath>

#include "world/thread.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kStiffnessRateStep = 1e-6;  // s, central difference of k0 along the motion

}  // namespace

double World::stiffness_rate_along_motion(const ContactState& c, const ContactResponse& r, int la, int lb,
                                          const Vec& ahead, const Vec& behind) const {
  // A microsecond from the minimum just found: one Newton step from it finds the minimum there.
  ContactState here = c;
  here.warm = r.geometry.warm;
  here.has_warm = true;
  return (stiffness(geometry(here, ahead, la, lb, PairSearch::Nearby), lb < 0) -
          stiffness(geometry(here, behind, la, lb, PairSearch::Nearby), lb < 0)) / (2 * kStiffnessRateStep);
}

const Vec& World::applied_forces(const Island& island, const Vec& y, WorkRates* rates) const {
  const int k = static_cast<int>(island.bodies.size());
  // Each body's sine and cosine once, for all its contacts and its observer
  // (a body with neither, a point mass on a thread, needs none).
  std::vector<EllipseAxes>& placed = *placed_;
  placed.clear();
  if (!island.contacts.empty() || model_.body.m_o != 0)
    for (int l = 0; l < k; ++l) placed.emplace_back(ellipse_of(y, l));
  Vec& F = *forces_;
  F.resize(3 * k);
  for (int l = 0; l < k; ++l) {
    // On the ellipse at its centre and on the observer at u = R(q) s.
    const EllipseBody body = model_.body_of(island.bodies[l]);
    F.segment<2>(3 * l) = body.total_mass() * model_.gravity;
    F[3 * l + 2] = body.m_o != 0 ? cross(observer_offset(body, placed[l].e1), body.m_o * model_.gravity) : 0.0;
  }
  // The positions moved +-h along the velocities, made once for the contacts that need them.
  Vec& ahead = *moved_ahead_;
  Vec& behind = *moved_behind_;
  bool moved = false;
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    if (island.skipped[p]) continue;  // apart throughout the step: no force
    const ContactState& c = state_.contacts[island.contacts[p]];
    const auto [la, lb] = island.local[p];
    const ContactResponse r = respond(c, y, k, la, lb, &F, PairSearch::Follow, placed.data());
    if (!rates) continue;
    rates->dissipated += r.dissipated_power;
    if (r.stiffness == 0) continue;
    double k_rate;
    if (lb >= 0 || model_.boundary.kind == BoundaryKind::CircleWall) {
      k_rate = stiffness_rate(r, y, k, la, lb, placed.data());
    } else {  // typed walls and the street: central difference
      if (!moved) {
        moved = true;
        ahead = behind = y;
        ahead.head(3 * k) += kStiffnessRateStep * y.segment(3 * k, 3 * k);
        behind.head(3 * k) -= kStiffnessRateStep * y.segment(3 * k, 3 * k);
      }
      k_rate = stiffness_rate_along_motion(c, r, la, lb, ahead, behind);
    }
    // d/dt (2/5 k rho^{5/2}) = 2/5 k' rho^{5/2} + f_el rho': the first part is no force's work.
    rates->stiffness += 0.4 * k_rate * std::pow(-r.geometry.gap, 2.5);
  }
  return F;
}

Velocities World::acceleration(const Island& island, int l, const Vec& y, const Vec& F, double* pull) const {
  const int k = static_cast<int>(island.bodies.size());
  const int i = island.bodies[l];
  const EllipseBody body = model_.body_of(i);
  const Velocities V = y.segment<3>(3 * (k + l));
  const Vector2d observer = body.m_o != 0 ? observer_offset(body, (*placed_)[l].e1) : Vector2d::Zero();
  const Velocities a = accelerations_at(body, observer, V, F.segment<3>(3 * l));
  if (!model_.tied(i) || state_.slack[i]) return a;
  const ThreadPull thread = thread_pull(model_.threads[i], body, y.segment<3>(3 * l), V, a);
  if (pull) *pull = thread.multiplier;
  return a - thread.multiplier * thread.response;
}

void World::derivative(const Island& island, const Vec& y, Vec& dydt) const {
  const int k = static_cast<int>(island.bodies.size());
  WorkRates rates;
  const Vec& F = applied_forces(island, y, &rates);
  for (int l = 0; l < k; ++l) {
    dydt.segment<3>(3 * l) = y.segment<3>(3 * (k + l));
    dydt.segment<3>(3 * (k + l)) = acceleration(island, l, y, F, nullptr);
  }
  dydt[6 * k] = rates.dissipated;
  dydt[6 * k + 1] = rates.stiffness;
}

void World::thread_pulls(const Island& island, const Vec& y, std::vector<double>& pulls) const {
  const int k = static_cast<int>(island.bodies.size());
  pulls.assign(k, 0.0);
  const Vec& F = applied_forces(island, y, nullptr);  // the pulls need no work rates
  for (int l = 0; l < k; ++l)
    if (model_.tied(island.bodies[l]) && !state_.slack[island.bodies[l]]) acceleration(island, l, y, F, &pulls[l]);
}

OdeRhs World::rhs(const Island& island) const {
  // Made per call: a stored lambda would point at the world it was copied from.
  return [this, &island](double, const Vec& y, Vec& dydt) { derivative(island, y, dydt); };
}

}  // namespace cl
