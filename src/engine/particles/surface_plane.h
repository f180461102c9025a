#pragma once
// A fixed plane the particles rest on or bounce off: a floor, a wall, a lid.
#include <Eigen/Core>

namespace cl {

/// The plane {y : y.normal = offset}; `normal` (unit) points to the free side.
struct SurfacePlane {
  Eigen::Vector3d normal;
  double offset;  ///< m
};

}  // namespace cl
