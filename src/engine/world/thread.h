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
// derivative): the world puts the body back on the circle with a tangential
// velocity (project_on_thread) when the drift exceeds kThreadDrift.
#include <Eigen/Core>

#include "dynamics/ellipse_body.h"
#include "world/model.h"

namespace cl {

struct ThreadPull {
  double multiplier = 0;       ///< mu, N/m (the tension over |r|); < 0: the thread would push
  Eigen::Vector3d response{0, 0, 0};  ///< M^-1 G, the accelerations per unit mu
};

/// Relative drift of a taut thread's length (or of its radial speed, per
/// unit speed) beyond which the world projects the body back.
constexpr double kThreadDrift = 1e-10;

/// The pull of a taut thread on a body at (Q, V) whose accelerations without it are A_free.
ThreadPull thread_pull(const Thread& thread, const EllipseBody& body, const Coordinates& Q, const Velocities& V,
                       const Velocities& A_free);

/// Whether a taut thread's body has drifted off its circle or off a tangential velocity by more than kThreadDrift.
bool thread_drifted(const Thread& thread, const Coordinates& Q, const Velocities& V);
/// Puts the body on the thread's circle (along its direction from the pivot) with its radial velocity removed.
void project_on_thread(const Thread& thread, Coordinates& Q, Velocities& V);

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
