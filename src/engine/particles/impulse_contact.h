#pragma once
// The impulse ("hardcore") contact of seed 003 for spheres: an instantaneous
// exchange of momentum with restitution e, applied to impacting contacts only
// (overlapping and approaching: an impulse on a separating pair would turn it
// round), plus position projections scaled by k_p in [0, 1] that push
// overlapping bodies apart. The projections also free a pair that overlaps
// with zero relative velocity, which impulses alone would leave stuck.
//
// Penetration (the seed's corrected eq. 5.8/5.9): pair a, b with centres
// x_a, x_b, radii r_a, r_b: delta = r_a + r_b - |x_b - x_a|, normal n from a
// to b; a sphere and a plane through p with normal n pointing to the free
// side: delta = r - (x - p).n. Contact when delta >= 0.
#include <Eigen/Core>

namespace cl {

/// Result of one contact: whether the bodies touch and whether an impulse was applied.
struct ImpulseOutcome {
  bool touching = false;
  bool impact = false;
};

/// Sphere a against sphere b (inverse masses w_a, w_b in 1/kg). Impulse
/// j = -(1 + e) (v_b - v_a).n / (w_a + w_b) when approaching; projections move
/// a by -k_p w_a / (w_a + w_b) delta n and b by +k_p w_b / (w_a + w_b) delta n
/// (the seed's eqs. 5.27/5.28), which keep the centre of mass in place.
ImpulseOutcome collide_spheres(Eigen::Vector3d& x_a, Eigen::Vector3d& v_a, double w_a, Eigen::Vector3d& x_b,
                               Eigen::Vector3d& v_b, double w_b, double r_a, double r_b, double e, double k_p);

/// Sphere against a fixed plane {y : (y - p).n = 0} (unit normal n towards the free side).
ImpulseOutcome collide_sphere_plane(Eigen::Vector3d& x, Eigen::Vector3d& v, double r, const Eigen::Vector3d& n,
                                    double offset, double e, double k_p);

}  // namespace cl
