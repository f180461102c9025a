#pragma once
// The pair-function table of the world (Box2D's pattern): one pure function
// per body kind × boundary or body kind, each answering where the two meet
// at one state. Ellipse–circle wall, ellipse–street, ellipse–typed wall,
// ellipse–ellipse (a disc is an ellipse with a = b), and among particles
// ellipse–plane (of a box) and ellipse–sphere. Each is the exact
// geometry of geometry/ behind a conservative broad-phase test.
#include <optional>

#include <Eigen/Core>

#include "geometry/ellipse.h"
#include "particles/surface_plane.h"
#include "world/model.h"
#include "world/state.h"

namespace cl {

/// How a pair is searched. Stage evaluations of the integrator follow the
/// contact's current minimum from its warm start (a few Newton steps);
/// accepted states and event location get the global search, which cannot
/// miss a deeper minimum.
/// Nearby is for a state a microsecond from one whose minimum the warm
/// start is (the stiffness's rate by central difference): one Newton step.
enum class PairSearch { Follow, Global, Nearby };

/// Where body A meets the boundary or body B.
struct PairGeometry {
  /// false: the broad phase ruled the pair out, and `gap` is only a lower
  /// bound (the other fields are unset).
  bool searched = false;
  /// The minimum followed from the warm start and no other looked for: a
  /// global search found it to be the global one without sampling.
  bool followed = false;
  double gap = 1;                           ///< m: > 0 apart, < 0 penetration depth
  Eigen::Vector2d normal{1, 0};             ///< unit, from A towards B (or the boundary)
  Eigen::Vector2d point_a{0, 0};            ///< on A, m
  Eigen::Vector2d point_b{0, 0};            ///< on B or the boundary, m
  Eigen::Vector2d point{0, 0};              ///< where the contact force acts, m
  double radius_a = 0, radius_b = 0;        ///< signed radii of curvature there, m (concave < 0)
  double warm = 0;                          ///< the next search's warm start (angle, rad; street: x, m)
  std::optional<double> nonfinite_x;        ///< street: where s(x) could not be evaluated, m
};

/// Broad-phase margin of the table (m): pairs farther apart than this are
/// not searched. A quarter of the bodies' smaller semi-axis.
double broad_phase_margin(const EllipseBody& body);

/// How far a contact's warm start moved from `from` to `to`: angles (rad)
/// modulo 2π, the street's abscissa (m) as it is.
double warm_start_shift(const WorldModel& model, const ContactState& contact, double from, double to);

/// Body `body` (ellipse A, its axes evaluated) against the model's
/// boundary. `contact` gives the warm start. `margin` (m): the broad-phase
/// margin (infinity: always search).
PairGeometry boundary_geometry(const WorldModel& model, const EllipseAxes& A, const ContactState& contact,
                               PairSearch search, double margin);

/// Ellipse A against ellipse B.
PairGeometry pair_geometry(const WorldModel& model, const EllipseAxes& A, const EllipseAxes& B,
                           const ContactState& contact, PairSearch search, double margin);

/// Ellipse A against a plane of a box, seen in the world's plane (the
/// particles' x-z): exact, in closed form, from the support point of the
/// ellipse against the plane's normal. Not searched if the plane is
/// parallel to the world's plane (a 3D box's front and back).
PairGeometry plane_geometry(const EllipseAxes& A, const SurfacePlane& plane);

/// Ellipse A against a sphere (a disc in the world's plane) of `radius` (m)
/// centred at `centre` (m). `margin` (m): the broad-phase margin.
PairGeometry sphere_geometry(const EllipseAxes& A, const Eigen::Vector2d& centre, double radius, double margin);

}  // namespace cl
