#pragma once
// Overlap of two spheres: the one geometric query both contact models share.
// In 3D, or in the D axes a run uses (particle_system.h: a 2D run's x and z),
// the last of which is z.
#include <Eigen/Core>

namespace cl {

template <int D>
struct SphereOverlapIn {
  double depth;                      ///< m: (r_a + r_b) - |x_b - x_a|; >= 0 in contact
  Eigen::Matrix<double, D, 1> normal;  ///< unit, from a to b (+z when the centres coincide)
};
using SphereOverlap = SphereOverlapIn<3>;

template <int D>
SphereOverlapIn<D> sphere_overlap(const Eigen::Matrix<double, D, 1>& x_a, const Eigen::Matrix<double, D, 1>& x_b,
                                  double contact_distance) {
  const Eigen::Matrix<double, D, 1> d = x_b - x_a;
  const double distance = d.norm();
  // Coinciding centres have no direction: push b up (it is the later, upper one in a pile).
  if (!(distance > 1e-12 * contact_distance))
    return {contact_distance - distance, Eigen::Matrix<double, D, 1>::Unit(D - 1)};
  return {contact_distance - distance, d / distance};
}

}  // namespace cl
