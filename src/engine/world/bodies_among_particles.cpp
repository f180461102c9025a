#include "world/bodies_among_particles.h"

#include <cstdint>
#include <utility>
#include <vector>

#include "dynamics/ellipse_body.h"
#include "geometry/ellipse.h"
#include "world/pair_geometry.h"

namespace cl {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

/// Names body i's contact with particle p.
uint64_t particle_key(int i, size_t p) { return (static_cast<uint64_t>(i) << 32) | static_cast<uint32_t>(p); }

/// Names body i's contact with plane k.
uint64_t plane_key(int i, size_t k) {
  return (static_cast<uint64_t>(i) << 32) | (0xffffff00u + static_cast<uint32_t>(k));
}

/// A particle's position or velocity (3D) in the world's plane: its x and z.
Vector2d in_plane(const Vector3d& v) { return {v.x(), v.z()}; }

}  // namespace

void RigidBodiesAmongParticles::kick_drift(double kick, double drift) {
  const int n = model_.n;
  for (int i = 0; i < n; ++i) {
    y_.segment<3>(3 * (n + i)) += kick * kept_.accelerations.segment<3>(3 * i);
    y_.segment<3>(3 * i) += drift * y_.segment<3>(3 * (n + i));
  }
}

void RigidBodiesAmongParticles::kick(double dt) {
  const int n = model_.n;
  for (int i = 0; i < n; ++i) y_.segment<3>(3 * (n + i)) += dt * kept_.accelerations.segment<3>(3 * i);
}

bool RigidBodiesAmongParticles::add_forces(ParticleSystem& particles, bool count) {
  const int n = model_.n;
  const double r = law_.r;
  kept_.accelerations.resize(3 * n);
  kept_.elastic_energy = 0;
  std::unordered_map<uint64_t, double> onsets;  // the contacts of this evaluation
  std::vector<std::pair<size_t, Vector3d>> reactions;  // N, on particles
  for (int i = 0; i < n; ++i) {
    const EllipseBody body = model_.body_of(i);
    const Coordinates Q = y_.segment<3>(3 * i);
    const Velocities V = y_.segment<3>(3 * (n + i));
    if (!Q.allFinite() || !V.allFinite()) return false;
    const EllipseAxes A(Ellipse{Q.head<2>(), Q[2], body.a, body.b});
    const Vector2d observer = body.m_o != 0 ? observer_offset(body, A.e1) : Vector2d::Zero();
    Velocities F;
    F.head<2>() = body.total_mass() * model_.gravity;
    F[2] = cross(observer, body.m_o * model_.gravity);
    // The force on the body (N) of a contact of geometry g with something
    // moving at `other` (m/s) at the contact point; zero while apart.
    const auto respond = [&](const PairGeometry& g, uint64_t key, const Vector2d& other) -> Vector2d {
      if (!g.searched || g.gap >= 0) return Vector2d::Zero();
      const double rate = (point_velocity(Q, V, g.point) - other).dot(g.normal);  // m/s, > 0 approaching
      const auto known = kept_.onset_speeds.find(key);
      const bool begun = known == kept_.onset_speeds.end();
      const double onset = begun ? rate : known->second;
      onsets.emplace(key, onset);
      if (count && begun) ++kept_.body_contacts;
      const auto [force, energy] = contact_force(law_, -g.gap, rate, onset);
      kept_.elastic_energy += energy;
      const Vector2d on_body = -force * g.normal;
      F.head<2>() += on_body;
      F[2] += cross(g.point - Q.head<2>(), on_body);
      return on_body;
    };
    for (size_t k = 0; k < model_.boundary.planes.size(); ++k)
      respond(plane_geometry(A, model_.boundary.planes[k]), plane_key(i, k), Vector2d::Zero());
    particles.for_each_position([&](size_t p, const Vector3d& x, bool) {
      const PairGeometry g = sphere_geometry(A, in_plane(x), r, 0);
      if (!g.searched || g.gap >= 0) return;
      const Vector2d on_body = respond(g, particle_key(i, p), in_plane(particles.velocity(p)));
      reactions.emplace_back(p, Vector3d(-on_body.x(), 0, -on_body.y()));
    });
    kept_.accelerations.segment<3>(3 * i) = accelerations_at(body, observer, V, F);
  }
  for (const auto& [p, force] : reactions) particles.push(p, force);
  // Onsets are kept by a step's evaluation only: a refresh between steps
  // (an added particle, a changed law) sees the same contacts.
  if (count) kept_.onset_speeds.swap(onsets);
  return true;
}

}  // namespace cl
