#include "dynamics/free_flight.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

/// ε: the share of the observer in the body's mass.
double observer_share(const EllipseBody& body) { return body.m_o / body.total_mass(); }

/// The work of the changing Hertz stiffness (world.h) can add a little
/// energy: measured up to 8e-3 of E0 in the seed case; the bound allows 5 %.
constexpr double kStiffnessWorkAllowance = 1.05;

}  // namespace

void advance_free_flight(const EllipseBody& body, const Eigen::Vector2d& gravity, double dt, Coordinates& Q,
                         Velocities& V) {
  const double eps = observer_share(body);
  const double w = V.z();
  const Eigen::Vector2d offset0 = eps * observer_offset(body, Q.z());  // centre of mass from the centre, m
  const Eigen::Vector2d com = Q.head<2>() + offset0;
  const Eigen::Vector2d com_velocity = V.head<2>() + w * Eigen::Vector2d(-offset0.y(), offset0.x());
  const double q = Q.z() + w * dt;
  const Eigen::Vector2d offset = eps * observer_offset(body, q);
  const Eigen::Vector2d com_now = com + dt * com_velocity + 0.5 * dt * dt * gravity;
  const Eigen::Vector2d com_velocity_now = com_velocity + dt * gravity;
  Q << com_now - offset, q;
  V << com_velocity_now - w * Eigen::Vector2d(-offset.y(), offset.x()), w;
}

double inertia_about_mass_centre(const EllipseBody& body) {
  const double eps = observer_share(body);
  const double s2 = body.s.squaredNorm();
  return body.inertia() + body.m * eps * eps * s2 + body.m_o * (1 - eps) * (1 - eps) * s2;
}

double centre_offset(const EllipseBody& body) { return observer_share(body) * body.s.norm(); }

double farthest_point(const EllipseBody& body) { return std::max(body.a, body.b) + centre_offset(body); }

double point_reach(const EllipseBody& body, double radius, double energy, double group_mass, double g, double dt) {
  // A member's kinetic energy is at most u(t) = E + M g d(t), where d bounds
  // how far any member's centre of mass has fallen. With ½ m_t v² <= u and
  // d' = v, sqrt(u) grows linearly: sqrt(u) = sqrt(E) + M g t / sqrt(2 m_t),
  // so d(t) = t sqrt(2 E / m_t) + ½ (M / m_t) g t².
  const double mt = body.total_mass();
  const double e = kStiffnessWorkAllowance * std::max(energy, 0.0);
  const double com_reach = dt * std::sqrt(2 * e / mt) + 0.5 * (group_mass / mt) * g * dt * dt;
  const double root_u = std::sqrt(e) + group_mass * g * dt / std::sqrt(2 * mt);
  const double w_max = std::sqrt(2 * root_u * root_u / inertia_about_mass_centre(body));
  // The point turns about the centre of mass at distance `radius`.
  return com_reach + radius * std::min(2.0, w_max * dt);
}

}  // namespace cl
