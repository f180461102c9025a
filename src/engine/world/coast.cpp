// Coasting: an island without a closed contact flies free in closed form
// (dynamics/free_flight.h) until its next contact, located on the flight.
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "dynamics/free_flight.h"

namespace cl {
namespace {

}  // namespace

Vec World::coasted(const Island& island, const Vec& y, double dt) const {
  const int k = static_cast<int>(island.bodies.size());
  Vec out = y;
  for (int l = 0; l < k; ++l) {
    Coordinates Q = y.segment<3>(3 * l);
    Velocities V = y.segment<3>(3 * (k + l));
    advance_free_flight(model_.body_of(island.bodies[l]), model_.gravity, dt, Q, V);
    out.segment<3>(3 * l) = Q;
    out.segment<3>(3 * (k + l)) = V;
  }
  return out;
}

std::optional<std::string> World::coast(Island& island, double t_end, std::vector<FinishedImpact>& impacts) {
  const int k = static_cast<int>(island.bodies.size());
  const double lever = farthest_point(model_.body);  // m, from the centre of mass (alike for every mass factor)
  const double g = model_.gravity.norm();
  failure_.clear();
  std::vector<ContactResponse> now = global_responses(island, island.y);
  if (!failure_.empty()) return failure_;
  while (island.t < t_end) {
    // The longest advance in which no contact can close: a gap shrinks no
    // faster than the points of the two bodies (or the body and the fixed
    // boundary) can move towards each other.
    std::vector<Eigen::Vector2d> com_velocity(k);
    for (int l = 0; l < k; ++l) {
      const EllipseBody body = model_.body_of(island.bodies[l]);
      com_velocity[l] = cl::linear_momentum(body, island.y.segment<3>(3 * l), island.y.segment<3>(3 * (k + l))) /
                        body.total_mass();
    }
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

}  // namespace cl
