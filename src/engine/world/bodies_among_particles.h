#pragma once
// A world's rigid bodies among its particles (WorldModel::particles): moved
// by the particles' fixed step with the same kicks and drifts
// (integrators/kick_drift.h), so the whole world advances as one system
// with one evaluation of its forces per step. A body touches the particles
// (ellipse–sphere) and the box's planes (ellipse–plane) by the particles'
// own law and constants (contact_force in particles/particle_system.h): an
// ellipse dropped onto a pile meets it as its particles meet each other.
// Each contact pushes the body at its contact point, so it turns the body
// too; each reaction goes to its particle (ParticleSystem::push).
#include "particles/particle_system.h"
#include "world/model.h"
#include "world/state.h"

namespace cl {

class RigidBodiesAmongParticles final : public BodiesAmongParticles {
 public:
  /// The bodies of `model` at y = [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}, ...], with
  /// the particles' law `law`; what they keep between steps is in `kept`.
  RigidBodiesAmongParticles(const WorldModel& model, const ParticleModel& law, Vec& y, ParticleState& kept)
      : model_(model), law_(law), y_(y), kept_(kept) {}

  void kick_drift(double kick, double drift) override;
  bool add_forces(ParticleSystem& particles, bool count) override;
  void kick(double dt) override;

 private:
  const WorldModel& model_;
  const ParticleModel& law_;
  Vec& y_;
  ParticleState& kept_;
};

}  // namespace cl
