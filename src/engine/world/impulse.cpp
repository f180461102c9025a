// The impulse law: rigid contacts answered by one instantaneous impulse
// each (contact/impulse_law.h) at the located onset, the impacts that end
// there, and the refusal of a body that would rest on impulses.
#include "world/world.h"

#include <Eigen/Cholesky>

#include "contact/impulse_law.h"
#include "core/number_format.h"
#include "core/text.h"
#include "dynamics/ellipse_body.h"

namespace cl {

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
    response[s] = mass_matrix(model_.body_of(island.bodies[sides[s].body]), Q.z()).ldlt().solve(G);
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

}  // namespace cl
