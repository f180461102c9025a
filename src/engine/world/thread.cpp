#include "world/thread.h"

#include <cmath>

#include "contact/impulse_law.h"

namespace cl {

namespace {

/// M^-1 G for the thread's gradient G = (r, 0): the accelerations G alone gives a body at rest.
Eigen::Vector3d thread_response(const EllipseBody& body, const Coordinates& Q, const Eigen::Vector2d& r) {
  const Eigen::Vector2d observer = body.m_o != 0 ? observer_offset(body, Q.z()) : Eigen::Vector2d::Zero();
  return accelerations_at(body, observer, Velocities::Zero(), Velocities(r.x(), r.y(), 0));
}

}  // namespace

ThreadPull thread_pull(const Thread& thread, const EllipseBody& body, const Coordinates& Q, const Velocities& V,
                       const Velocities& A_free) {
  const Eigen::Vector2d r = Q.head<2>() - thread.pivot;
  ThreadPull pull;
  pull.response = thread_response(body, Q, r);
  pull.multiplier = (r.dot(A_free.head<2>()) + V.head<2>().squaredNorm()) / r.dot(pull.response.head<2>());
  return pull;
}

bool thread_drifted(const Thread& thread, const Coordinates& Q, const Velocities& V) {
  const Eigen::Vector2d r = Q.head<2>() - thread.pivot;
  const double length = r.norm();
  return std::abs(length - thread.length) > kThreadDrift * thread.length ||
         std::abs(r.dot(V.head<2>())) > kThreadDrift * length * V.head<2>().norm();
}

void project_on_thread(const Thread& thread, Coordinates& Q, Velocities& V) {
  const Eigen::Vector2d n = (Q.head<2>() - thread.pivot).normalized();
  Q.head<2>() = thread.pivot + thread.length * n;
  V.head<2>() -= n.dot(V.head<2>()) * n;
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
