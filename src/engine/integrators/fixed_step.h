#pragma once
// What every fixed-step method shares: the clock (steps of h, the last one
// landing exactly on the limit), the slope f kept at both ends of the last
// step, and cubic Hermite dense output between them (3rd order, error
// O(h^4)), so that events are located the same way whatever the method. A
// method supplies advance(): one step from (y_prev_, f_prev_).
#include "integrators/step_interval.h"

namespace cl {

class FixedStepIntegrator : public StepInterval {
 public:
  explicit FixedStepIntegrator(double h) : h_(h) {}
  virtual ~FixedStepIntegrator() = default;
  void set_step(double h) { h_ = h; }
  double step_size() const { return h_; }

  /// Starts (or restarts) at (t, y): 1 evaluation of f.
  void start(double t, const Vec& y, const OdeRhs& f);
  /// One step of min(h, t_limit - t), ending exactly at t_limit when it
  /// reaches it. A full step that would stop short of t_limit by under
  /// 1e-4 h (rounding accumulated in t) is stretched to land on it. Does
  /// nothing if t_limit <= t(). Always succeeds.
  bool step(const OdeRhs& f, double t_limit);

  /// Cubic Hermite interpolation on [t_previous(), t()] from y and f at
  /// both ends. Equals y() before the first step after start().
  void dense(double t, Vec& out) const;

  long long accepted_steps() const { return steps_; }
  long long evaluations() const { return evaluations_; }

 protected:
  /// One step from t_prev_ to t_: y_prev_ and f_prev_ hold its start;
  /// writes y_ and f_ = f(t_, y_) at its end. Returns the evaluations of f
  /// it made.
  virtual int advance(const OdeRhs& f) = 0;

  Vec f_, y_prev_, f_prev_;

 private:
  double h_;
  long long steps_ = 0, evaluations_ = 0;
};

/// A fixed-step method for a second-order system y = [q, v, w]: q' = v,
/// v' = a(t, y), and extra states w' = g(t, y) that do not feed back into f
/// (work integrals).
class SecondOrderFixedStep : public FixedStepIntegrator {
 public:
  /// `positions`: the length of q (and of v).
  SecondOrderFixedStep(double h, Eigen::Index positions) : FixedStepIntegrator(h), positions_(positions) {}

 protected:
  Eigen::Index positions_;
};

}  // namespace cl
