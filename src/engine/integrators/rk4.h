#pragma once
// Classical fixed-step Runge–Kutta 4, with cubic Hermite dense output.
#include "integrators/ode.h"

namespace cl {

class Rk4 {
 public:
  explicit Rk4(double h) : h_(h) {}
  void set_step(double h) { h_ = h; }
  double step_size() const { return h_; }

  /// Starts (or restarts) at (t, y): 1 evaluation of f.
  void start(double t, const Vec& y, const OdeRhs& f);
  /// One step of min(h, t_limit - t) (4 evaluations of f), ending exactly at
  /// t_limit when it reaches it. A full step that would stop short of
  /// t_limit by under 1e-4 h (rounding accumulated in t) is stretched to
  /// land on it. Does nothing if t_limit <= t(). Always succeeds.
  bool step(const OdeRhs& f, double t_limit);

  double t() const { return t_; }
  const Vec& y() const { return y_; }
  double t_previous() const { return t_prev_; }
  /// Cubic Hermite interpolation on [t_previous(), t()] from y and f at
  /// both ends: 3rd order (error O(h^4), like RK4's global error). Equals
  /// y() before the first step after start().
  void dense(double t, Vec& out) const;

  long long accepted_steps() const { return steps_; }
  long long evaluations() const { return evaluations_; }

 private:
  double h_;
  double t_ = 0, t_prev_ = 0;
  Vec y_, f_, y_prev_, f_prev_, k2_, k3_, k4_, tmp_;
  long long steps_ = 0, evaluations_ = 0;
};

}  // namespace cl
