#pragma once
// The constant part of a world of rigid bodies (DESIGN.md, "One world"):
// its bodies, its boundary, gravity, materials, the contact law and the
// integrator. Nothing in it changes while a run goes on; the state that does
// is world/state.h. A scene is a description that builds one of these.
#include <algorithm>
#include <memory>
#include <vector>

#include <Eigen/Core>

#include "contact/friction_law.h"
#include "contact/hertz_stiffness.h"
#include "contact/normal_law.h"
#include "dynamics/ellipse_body.h"
#include "geometry/typed_wall.h"
#include "geometry/street.h"
#include "geometry/uniform_grid.h"
#include "integrators/stepper.h"
#include "particles/surface_plane.h"

namespace cl {

/// What the bodies move in.
enum class BoundaryKind {
  None,        ///< open plane: body-body contacts only
  CircleWall,  ///< inside a circle of radius `radius` about the origin (seed 000)
  Street,      ///< above a street y = s(x) (seed 001)
  TypedWall,   ///< inside a wall f(x, y) = 0 typed by the user (seed 002)
  Box,         ///< above a floor, between walls (seed 003): planes, for a world with particles
};

struct Boundary {
  BoundaryKind kind = BoundaryKind::None;
  double radius = 0;                          ///< CircleWall, m
  Street street;                              ///< Street
  std::shared_ptr<const TypedWall> wall;      ///< TypedWall
  /// Box: the floor, walls and lid. In 3D; a 2D world lies in the x-z plane
  /// of the particles, its (x, y) their (x, z).
  std::vector<SurfacePlane> planes;
  ElasticMaterial material;
};

/// How the bodies are integrated (world/world.h).
enum class Stepping {
  Islands,  ///< bodies that touch or might in islands, each with its own step; the others in closed form
  Global,   ///< every body in one system with one step: the reference the islands must match
};

/// How contacts push, damp and rub, and how time is stepped.
struct ContactSettings {
  /// Impulse law: at each located onset the normal approach speed is
  /// reversed and scaled by `restitution` in one instant (no penetration,
  /// no friction); otherwise the compliant force `law`.
  bool impulse = false;
  double restitution = 1;  ///< e of the impulse law
  NormalLaw law = NormalLaw::HuntCrossley;
  double c_tau = 0.9;             ///< restitution parameter of the damped laws
  double linear_stiffness = 1e6;  ///< N/m, linear spring-dashpot law
  FrictionLaw friction_law = FrictionLaw::SpeedProportional;
  FrictionParams friction;
  StepperSettings stepper;
  Stepping stepping = Stepping::Islands;
};

/// A thread tying a body's centre to a fixed pivot (seed 004): a unilateral
/// distance constraint |c - pivot| <= length. Taut, it pulls with a tension
/// >= 0 and does no work; when the tension would turn negative it goes slack
/// and the body flies free until the distance reaches the length again,
/// where the thread snaps taut with the model's thread restitution.
struct Thread {
  bool tied = false;
  Eigen::Vector2d pivot{0, 0};  ///< m
  double length = 1;            ///< m
  /// m: a nail at the pivot; a body on a slack thread passing closer is
  /// reported (ThreadEvent::Pass), not stopped.
  double pivot_radius = 0;
};

/// Spheres of one radius (seed 003; particles/particle_system.h), in a Box
/// under gravity along -y (the particles' -z), stepped with the world's
/// bodies by the fixed-step path (world/bodies_among_particles.h). Their law
/// and integrator are the world's (ContactSettings); these are the
/// constants the particles' contacts, and the bodies' with them and with
/// the box, use.
struct ParticleKind {
  bool present = false;
  double radius = 0.3;  ///< m
  double k_s = 8000;    ///< N/m, linear law: spring
  double k_d = 0;       ///< N s/m, linear law: dashpot
  double k_h = 1e5;     ///< N/m^1.5, the Hertz family's stiffness
  double k_p = 0;       ///< impulse law: projection factor, in [0, 1]
  UniformGrid::Bounds bounds;  ///< where they are expected (m): the broad phase's grid covers at most this
};

/// n bodies of one shape (an ellipse with its observer mass; a disc is
/// a = b with the observer at the centre) in one boundary under uniform
/// gravity, each free or on a thread.
struct WorldModel {
  int n = 0;
  EllipseBody body;
  /// Body i is mass_factors[i] times as heavy as `body` (the same shape,
  /// denser: its ellipse, observer and inertia alike). Empty: all alike.
  std::vector<double> mass_factors;
  /// Per body (empty: none tied).
  std::vector<Thread> threads;
  /// e of a thread snapping taut: the outward radial speed is reversed and
  /// scaled by it (0: removed, the mass swings on).
  double thread_restitution = 0;
  ElasticMaterial body_material;
  Boundary boundary;
  Eigen::Vector2d gravity{0, 0};  ///< m/s²
  ContactSettings contact;
  /// Whether bodies touch each other (else only the boundary; a pair
  /// already in contact finishes its impact).
  bool body_contacts = true;
  /// Particles among the bodies (their count is the state's).
  ParticleKind particles;

  /// Body i as it moves: `body` scaled by its mass factor.
  EllipseBody body_of(int i) const { return mass_factors.empty() ? body : scaled(mass_factors[i]); }
  /// The effective mass of body i's contact with the boundary (j < 0) or with body j, kg.
  double effective_mass(int i, int j) const {
    if (mass_factors.empty()) return j < 0 ? body.total_mass() : 0.5 * body.total_mass();
    const double m_i = body_of(i).total_mass();
    if (j < 0) return m_i;
    const double m_j = body_of(j).total_mass();
    return m_i * m_j / (m_i + m_j);
  }
  bool tied(int i) const { return !threads.empty() && threads[i].tied; }
  bool any_tied() const {
    for (const Thread& thread : threads)
      if (thread.tied) return true;
    return false;
  }
  /// The lightest body: how far energy can carry a body is bounded by its.
  EllipseBody lightest_body() const {
    return mass_factors.empty() ? body : scaled(*std::min_element(mass_factors.begin(), mass_factors.end()));
  }

 private:
  EllipseBody scaled(double factor) const {
    EllipseBody denser = body;
    denser.m *= factor;
    denser.m_o *= factor;
    return denser;
  }
};

}  // namespace cl
