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

void World::derivative(const Island& island, const Vec& y, Vec& dydt, std::vector<double>* pulls) const {
  const int k = static_cast<int>(island.bodies.size());
  // Each body's sine and cosine once, for all its contacts and its observer
  // (a body with neither, a point mass on a thread, needs none).
  std::vector<EllipseAxes>& placed = *placed_;
  placed.clear();
  const bool turned = !island.contacts.empty() || model_.body.m_o != 0;
  if (turned)
    for (int l = 0; l < k; ++l) placed.emplace_back(ellipse_of(y, l));
  const auto observer = [&](const EllipseBody& body, int l) {
    return turned ? observer_offset(body, placed[l].e1) : Vector2d::Zero();  // m_o = 0 without it
  };
  Vec& F = *forces_;
  F.setZero(3 * k);
  if (model_.gravity != Vector2d::Zero())
    for (int l = 0; l < k; ++l) {
      // On the ellipse at its centre and on the observer at u = R(q) s.
      const EllipseBody body = model_.body_of(island.bodies[l]);
      const Vector2d observer_weight = body.m_o * model_.gravity;
      F.segment<2>(3 * l) = body.total_mass() * model_.gravity;
      F[3 * l + 2] = cross(observer(body, l), observer_weight);
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
  if (pulls) pulls->assign(k, 0.0);
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    const EllipseBody body = model_.body_of(i);
    const Velocities V = y.segment<3>(3 * (k + l));
    dydt.segment<3>(3 * l) = V;
    dydt.segment<3>(3 * (k + l)) = accelerations_at(body, observer(body, l), V, F.segment<3>(3 * l));
    if (model_.tied(i) && !state_.slack[i]) {
      const ThreadPull pull = thread_pull(model_.threads[i], body, y.segment<3>(3 * l), V, dydt.segment<3>(3 * (k + l)));
      dydt.segment<3>(3 * (k + l)) -= pull.multiplier * pull.response;
      if (pulls) (*pulls)[l] = pull.multiplier;
    }
  }
  dydt[6 * k] = power;
  dydt[6 * k + 1] = stiffness_power;
}

OdeRhs World::rhs(const Island& island) const {
  // Made per call: a stored lambda would point at the world it was copied from.
  return [this, &island](double, const Vec& y, Vec& dydt) { derivative(island, y, dydt); };
}

}  // namespace cl
