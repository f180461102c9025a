#pragma once
// A body that touches nothing, in closed form. An ellipse with its observer
// is one rigid body: its centre of mass (at the centre plus ε R(q) s, with
// ε = m_o / (m + m_o)) moves on a parabola under uniform gravity, and it
// turns at a constant rate (gravity has no torque about the centre of
// mass). So the state after any time is exact, with no steps at all.
//
// The same picture bounds how far a body can get while it does touch others:
// the kinetic energy a group of bodies can hold is bounded by what it has
// now plus what gravity can give it (contacts among them and with the fixed
// boundary only take energy away), and that bounds every member's speed.
#include <Eigen/Core>

#include "dynamics/ellipse_body.h"

namespace cl {

/// Advances a free body by dt (s) under gravity g (m/s²): Q and V in place.
void advance_free_flight(const EllipseBody& body, const Eigen::Vector2d& gravity, double dt, Coordinates& Q,
                         Velocities& V);

/// The body's moment of inertia about its centre of mass (ellipse and observer), kg m².
double inertia_about_mass_centre(const EllipseBody& body);

/// Distance (m) of the ellipse's centre from the body's centre of mass.
double centre_offset(const EllipseBody& body);
/// Distance (m) of the body's farthest point from its centre of mass.
double farthest_point(const EllipseBody& body);

/// How far (m) a material point at `radius` (m) from its body's centre of
/// mass can move within dt (s), for any member of a group of bodies that
/// holds `energy` (J, kinetic plus elastic), has total mass `group_mass`
/// (kg), and falls under gravity of size g (m/s²).
double point_reach(const EllipseBody& body, double radius, double energy, double group_mass, double g, double dt);

}  // namespace cl
