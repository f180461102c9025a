#pragma once
// The penalty contact of seed 003: a linear spring k_s (N/m) on the overlap
// delta (m) with a linear dashpot k_d (N s/m) on its rate. The force only
// pushes (f >= 0): a separating, damped contact never pulls the bodies together.
#include <algorithm>

namespace cl {

/// Normal force (N) for overlap `depth` (m, > 0 in contact) growing at
/// `depth_rate` (m/s, > 0 while approaching).
inline double spring_dashpot_force(double depth, double depth_rate, double k_s, double k_d) {
  return std::max(0.0, k_s * depth + k_d * depth_rate);
}

/// Energy (J) stored in the spring at overlap `depth` (m).
inline double spring_energy(double depth, double k_s) { return 0.5 * k_s * depth * depth; }

}  // namespace cl
