#pragma once
// The changing part of a world (DESIGN.md, "One world"): a plain value. A
// snapshot, a reset, a rewind or a comparison run is a copy of it.
#include <vector>

#include <Eigen/Core>

#include "contact/contact_tracker.h"
#include "dynamics/ellipse_body.h"
#include "integrators/ode.h"

namespace cl {

/// One possible contact: body i with the boundary (j < 0) or with body j > i.
struct ContactState : TrackedContact {
  ContactState(int body_i, int body_j) : i(body_i), j(body_j) {}
  int i = 0, j = -1;
  /// Where the last search found it: the normal's angle (rad) for the
  /// angle-minimised pairs, the street abscissa (m) for the street. The
  /// warm start of the next search.
  double warm = 0;
  bool has_warm = false;
  Eigen::Vector2d onset_point{0, 0};   ///< boundary point at the located onset, m
  Eigen::Vector2d onset_normal{1, 0};  ///< contact normal there, from body i to the boundary or body j
};

struct WorldState {
  double t = 0;  ///< s
  /// [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}, E_diss, W_stiffness]: coordinates and
  /// velocities of each body (ellipse_body.h), the work dissipated by the
  /// contacts (J) and the work of their changing Hertz stiffness (J).
  Vec y;
  /// The n boundary contacts (none in an open plane), then the pairs
  /// (0,1), (0,2), ..., (1,2), ...
  std::vector<ContactState> contacts;
};

}  // namespace cl
