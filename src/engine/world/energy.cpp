// The energy audit's terms and the momenta, of an island or the whole world.
#include "world/world.h"

#include "dynamics/ellipse_body.h"

namespace cl {

using Eigen::Vector2d;

World::IslandEnergy World::island_energy(const Island& island, const Vec& y, double elastic) const {
  const int k = static_cast<int>(island.bodies.size());
  IslandEnergy e;
  e.moving = elastic;
  for (int l = 0; l < k; ++l) {
    const EllipseBody body = model_.body_of(island.bodies[l]);
    const Coordinates Q = y.segment<3>(3 * l);
    e.moving += cl::kinetic_energy(body, Q, y.segment<3>(3 * (k + l)));
    const Vector2d observer = Q.head<2>() + observer_offset(body, Q.z());
    e.potential -= model_.gravity.dot(body.m * Q.head<2>() + body.m_o * observer);
  }
  return e;
}

double World::kinetic_energy() const {
  double e = 0;
  for (int i = 0; i < model_.n; ++i) e += cl::kinetic_energy(model_.body_of(i), coordinates(i), velocities(i));
  return e;
}

double World::potential_energy() const {
  double e = 0;
  for (int i = 0; i < model_.n; ++i) {
    const EllipseBody body = model_.body_of(i);
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
  for (int i = 0; i < model_.n; ++i) p += cl::linear_momentum(model_.body_of(i), coordinates(i), velocities(i));
  return p;
}

double World::angular_momentum() const {
  double l = 0;
  for (int i = 0; i < model_.n; ++i) l += cl::angular_momentum(model_.body_of(i), coordinates(i), velocities(i));
  return l;
}

}  // namespace cl
