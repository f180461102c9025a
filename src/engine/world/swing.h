#pragma once
// A body alone on a taut thread, with nothing it could touch, swings on the
// thread's circle: one degree of freedom. The world integrates it in the
// thread's angle θ from the direction of gravity ("down"), counter-clockwise,
// and its rate ω (rad/s):
//   θ' = ω,   ω' = −(g/L) sin θ,
// where the Cartesian form (world/thread.h) carries six coordinates, a
// multiplier and a projection back onto the circle. The thread pulls while
//   μ/m = ω² + (g/L) cos θ   (1/s², the multiplier per unit mass)
// is positive; where it turns negative the thread goes slack. The body's own
// rotation is untouched by a thread tied at its centre: its rate stays.
#include <cmath>

#include <Eigen/Core>

#include "dynamics/ellipse_body.h"
#include "world/model.h"

namespace cl {

/// The circle a thread holds its body on, and which way is down.
struct SwingFrame {
  Eigen::Vector2d pivot{0, 0};  ///< m
  double length = 1;            ///< m
  Eigen::Vector2d down{0, -1};  ///< unit, along gravity (-y without gravity)
  Eigen::Vector2d side{1, 0};   ///< unit, down turned a quarter counter-clockwise
  double g_over_length = 0;     ///< 1/s², |g| / L
};

SwingFrame swing_frame(const Thread& thread, const Eigen::Vector2d& gravity);

/// [θ, ω] of a body at (Q, V) on the thread's circle (rad, rad/s): its
/// direction from the pivot, and its velocity across the thread.
Eigen::Vector2d swing_angle(const SwingFrame& frame, const Coordinates& Q, const Velocities& V);

/// Puts the body's centre at the angle θ (given by cos θ and sin θ) on the
/// circle, moving at rate ω along it (Q and V: the first two components; the
/// rotation is left as it is).
void place_on_swing(const SwingFrame& frame, double cos_theta, double sin_theta, double omega, Coordinates& Q,
                    Velocities& V);

/// The thread's multiplier per unit mass at (θ, ω), 1/s²: < 0, it would push.
inline double swing_pull(const SwingFrame& frame, double cos_theta, double omega) {
  return omega * omega + frame.g_over_length * cos_theta;
}

}  // namespace cl
