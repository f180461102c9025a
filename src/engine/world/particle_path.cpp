// The fixed-step path of a world with particles: the particles and the
// bodies among them, one step of h for all, by semi-implicit Euler or
// leapfrog as kicks and drifts (or, without bodies, every integrator and
// law the particles take).
#include "world/world.h"

#include "core/text.h"
#include "integrators/kick_drift.h"
#include "world/bodies_among_particles.h"

namespace cl {

ParticleModel World::particle_model() const {
  const ContactSettings& c = model_.contact;
  const ParticleKind& kind = model_.particles;
  ParticleModel m;
  m.impulse = c.impulse;
  m.law = c.law;
  m.integrator = c.stepper.kind;
  m.h = c.stepper.h;
  m.rtol = c.stepper.rtol;
  m.e = c.restitution;
  m.c_tau = c.c_tau;
  m.k_p = kind.k_p;
  m.k_s = kind.k_s;
  m.k_d = kind.k_d;
  m.k_h = kind.k_h;
  m.r = kind.radius;
  m.g = -model_.gravity.y();  // along the particles' -z
  return m;
}

std::optional<std::string> World::particles_refuse(const WorldModel& model) {
  if (model.boundary.kind != BoundaryKind::Box) return text("world.particles.box");
  // The bodies move by the particles' kicks and drifts, pushed by forces.
  if (model.n > 0 && (model.contact.impulse || !is_kick_drift(model.contact.stepper.kind)))
    return text("world.particles.bodies_fixed_step");
  return std::nullopt;
}

std::optional<std::string> World::start_among_particles(double t, const Vec& coordinates_and_velocities) {
  const int n = model_.n;
  if (auto error = particles_refuse(model_)) return error;
  state_ = WorldState{};
  state_.t = t;
  state_.y = Vec::Zero(6 * n + 2);
  state_.y.head(6 * n) = coordinates_and_velocities.head(6 * n);
  ParticleState& particles = state_.particles.emplace();
  particles.system.set_surfaces(model_.boundary.planes);
  particles.system.set_grid_bounds(model_.particles.bounds);
  particles.system.set_time(t);
  loops_.clear();
  failure_.clear();
  refresh_particles();
  return std::nullopt;
}

void World::refresh_particles() {
  ParticleState& particles = *state_.particles;
  const ParticleModel law = particle_model();
  particles.system.forces_changed();
  if (model_.n == 0) {
    particles.system.refresh(law);
    return;
  }
  RigidBodiesAmongParticles bodies(model_, law, state_.y, particles);
  particles.system.refresh(law, &bodies);
}

std::optional<std::string> World::advance_among_particles(double t_end, const YieldCheck& yield,
                                                          const AfterStep& after_step) {
  ParticleState& particles = *state_.particles;
  const ParticleModel law = particle_model();
  RigidBodiesAmongParticles bodies(model_, law, state_.y, particles);
  const bool ok = particles.system.advance_to(law, t_end, after_step, yield, model_.n > 0 ? &bodies : nullptr);
  state_.t = particles.system.time();
  if (!ok) return text("world.particles.not_finite");
  return std::nullopt;
}

}  // namespace cl
