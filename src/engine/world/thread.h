#pragma once
// A body on a thread (world/model.h, Thread): while taut, the distance of
// its centre c from the pivot p stays at the length L. With r = c - p and
// G = (r, 0) the constraint's gradient over the body's coordinates (x, y, q),
// keeping r.r constant to second order, r.a + v.v = 0, fixes the multiplier
// mu (N/m) of the generalized force -mu G:
//   a = a_free - mu M^-1 G,   mu = (r.a_free + v.v) / (r . (M^-1 G)_xy),
// and the tension is mu |r| (N). A negative mu is a thread that would push:
// it goes slack there. Integrated, r.r drifts from L^2 by the integrator's
// error, and nothing pulls it back (the constraint holds only its second
// derivative); Baumgarte's feedback, c'' + 2 w c' + w^2 c = 0 with
// c = (r.r - L^2) / 2, draws it back at a rate w well above the swing's and
// is zero on the exact motion. Snapping taut, the outward radial speed v_r is
// answered by the impulse law along G (contact/impulse_law.h).
#include <Eigen/Core>

#include "dynamics/ellipse_body.h"
#include "world/model.h"

namespace cl {

struct ThreadPull {
  double multiplier = 0;       ///< mu, N/m (the tension over |r|); < 0: the thread would push
  Eigen::Vector3d response{0, 0, 0};  ///< M^-1 G, the accelerations per unit mu
};

/// The pull of a taut thread on a body at (Q, V) whose accelerations without
/// it are A_free, under gravity of size g (m/s²).
ThreadPull thread_pull(const Thread& thread, const EllipseBody& body, const Coordinates& Q, const Velocities& V,
                       const Velocities& A_free, double g);

/// Distance of the body's centre beyond the thread's length, m (> 0: past it).
double thread_stretch(const Thread& thread, const Coordinates& Q);

struct ThreadSnap {
  double radial_speed = 0;  ///< outward, before, m/s
  double energy_lost = 0;   ///< J
};

/// Snaps the thread taut: puts the centre on the thread's circle and turns
/// an outward radial speed v_r into -e v_r (V changes; Q keeps its angle).
ThreadSnap snap_thread(const Thread& thread, const EllipseBody& body, double restitution, Coordinates& Q,
                       Velocities& V);

}  // namespace cl
