#pragma once
// A smooth function of one angle together with its first two derivatives:
// what the contact searches evaluate and what the angle minimiser consumes.

namespace cl {

/// f(θ), df/dθ and d²f/dθ² at one angle θ (rad). The units of f are those
/// of the function (m for support values and gaps); the derivatives are per
/// rad and per rad².
struct AngleDerivatives {
  double value;
  double d_dtheta;
  double d2_dtheta2;
};

}  // namespace cl
