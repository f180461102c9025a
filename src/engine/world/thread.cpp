#include "world/thread.h"

#include <cmath>

#include <Eigen/Cholesky>

#include "contact/impulse_law.h"

namespace cl {

namespace {

/// Baumgarte's rate over the thread's own (its swing's, or its spin's without gravity).
constexpr double kFeedbackOverSwing = 10;

/// M^-1 G for the thread's gradient G = (r, 0).
Eigen::Vector3d thread_response(const EllipseBody& body, const Coordinates& Q, const Eigen::Vector2d& r) {
  return mass_matrix(body, Q.z()).ldlt().solve(Eigen::Vector3d(r.x(), r.y(), 0));
}

}  // namespace

ThreadPull thread_pull(const Thread& thread, const EllipseBody& body, const Coordinates& Q, const Velocities& V,
                       const Velocities& A_free, double g) {
  const Eigen::Vector2d r = Q.head<2>() - thread.pivot, v = V.head<2>();
  const double L = thread.length;
  const double w = kFeedbackOverSwing * std::sqrt((g + v.squaredNorm() / L) / L);  // 1/s
  const double c = 0.5 * (r.squaredNorm() - L * L), c_rate = r.dot(v);
  ThreadPull pull;
  pull.response = thread_response(body, Q, r);
  pull.multiplier =
      (r.dot(A_free.head<2>()) + v.squaredNorm() + 2 * w * c_rate + w * w * c) / r.dot(pull.response.head<2>());
  return pull;
}

double thread_stretch(const Thread& thread, const Coordinates& Q) {
  return (Q.head<2>() - thread.pivot).norm() - thread.length;
}

ThreadSnap snap_thread(const Thread& thread, const EllipseBody& body, double restitution, Coordinates& Q,
                       Velocities& V) {
  const Eigen::Vector2d r = Q.head<2>() - thread.pivot;
  const Eigen::Vector2d n = r / r.norm();
  Q.head<2>() = thread.pivot + thread.length * n;
  // The radial speed is G V / |r| with G = (n, 0) per unit length: K = G M^-1 G^T.
  const Eigen::Vector3d response = thread_response(body, Q, n);
  const double K = n.dot(response.head<2>());
  ThreadSnap snap;
  snap.radial_speed = n.dot(V.head<2>());
  if (snap.radial_speed <= 0) return snap;
  const RestitutionImpulse P = restitution_impulse(snap.radial_speed, K, restitution);
  V -= P.impulse * response;
  snap.energy_lost = P.energy_lost;
  return snap;
}

}  // namespace cl
