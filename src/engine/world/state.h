#pragma once
// The changing part of a world (DESIGN.md, "One world"): a plain value. A
// snapshot, a reset, a rewind or a comparison run is a copy of it.
#include <vector>

#include <Eigen/Core>

#include "integrators/ode.h"
#include "world/contact_table.h"

namespace cl {

struct WorldState {
  double t = 0;  ///< s
  /// [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}, E_diss, W_stiffness]: coordinates and
  /// velocities of each body (ellipse_body.h), the work dissipated by the
  /// contacts (J) and the work of their changing Hertz stiffness (J).
  Vec y;
  /// The n boundary contacts (none in an open plane), then the pairs that may touch.
  ContactTable contacts;
};

}  // namespace cl
