#pragma once
// The constant part of a world of rigid bodies (DESIGN.md, "One world"):
// its bodies, its boundary, gravity, materials, the contact law and the
// integrator. Nothing in it changes while a run goes on; the state that does
// is world/state.h. A scene is a description that builds one of these.
#include <memory>

#include <Eigen/Core>

#include "contact/friction_law.h"
#include "contact/hertz_stiffness.h"
#include "contact/normal_law.h"
#include "dynamics/ellipse_body.h"
#include "geometry/typed_wall.h"
#include "geometry/street.h"
#include "integrators/stepper.h"

namespace cl {

/// What the bodies move in.
enum class BoundaryKind {
  None,        ///< open plane: body-body contacts only
  CircleWall,  ///< inside a circle of radius `radius` about the origin (seed 000)
  Street,      ///< above a street y = s(x) (seed 001)
  TypedWall,   ///< inside a wall f(x, y) = 0 typed by the user (seed 002)
};

struct Boundary {
  BoundaryKind kind = BoundaryKind::None;
  double radius = 0;                          ///< CircleWall, m
  Street street;                              ///< Street
  std::shared_ptr<const TypedWall> wall;      ///< TypedWall
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

/// n alike bodies (an ellipse with its observer mass; a disc is a = b with
/// the observer at the centre) in one boundary under uniform gravity.
struct WorldModel {
  int n = 0;
  EllipseBody body;
  ElasticMaterial body_material;
  Boundary boundary;
  Eigen::Vector2d gravity{0, 0};  ///< m/s²
  ContactSettings contact;
  /// Whether bodies touch each other (else only the boundary; a pair
  /// already in contact finishes its impact).
  bool body_contacts = true;
};

}  // namespace cl
