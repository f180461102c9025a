#pragma once
// What every one-step integrator keeps of its last accepted step: the
// interval [t_previous, t] and the state y at its end. Dense output
// interpolates on that interval; right after a (re)start the interval is
// empty and the dense output is y itself.
#include "integrators/ode.h"

namespace cl {

class StepInterval {
 public:
  double t() const { return t_; }
  const Vec& y() const { return y_; }
  double t_previous() const { return t_prev_; }

 protected:
  /// Starts an empty interval at (t, y).
  void open(double t, const Vec& y) {
    t_ = t_prev_ = t;
    y_ = y;
  }
  /// Where t lies in the last step, as a fraction of it; false (and `out`
  /// set to y) while no step has been taken since the start.
  bool fraction_of_step(double t, Vec& out, double& s) const {
    if (t_ == t_prev_) {
      out = y_;
      return false;
    }
    s = (t - t_prev_) / (t_ - t_prev_);
    return true;
  }

  double t_ = 0, t_prev_ = 0;  ///< s
  Vec y_;
};

}  // namespace cl
