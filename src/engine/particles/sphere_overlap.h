#pragma once
// Overlap of two spheres: the one geometric query both contact models share.
#include <Eigen/Core>

namespace cl {

struct SphereOverlap {
  double depth;            ///< m: (r_a + r_b) - |x_b - x_a|; >= 0 in contact
  Eigen::Vector3d normal;  ///< unit, from a to b (+z when the centres coincide)
};

inline SphereOverlap sphere_overlap(const Eigen::Vector3d& x_a, const Eigen::Vector3d& x_b, double contact_distance) {
  const Eigen::Vector3d d = x_b - x_a;
  const double distance = d.norm();
  // Coinciding centres have no direction: push b up (it is the later, upper one in a pile).
  if (!(distance > 1e-12 * contact_distance)) return {contact_distance - distance, Eigen::Vector3d::UnitZ()};
  return {contact_distance - distance, d / distance};
}

}  // namespace cl
