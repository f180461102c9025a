#pragma once
// Adaptive Dormand–Prince 5(4) with the 4th-order continuous extension of
// Hairer, Nørsett & Wanner (dense output), as in scipy's RK45 / dopri5.f.
#include <algorithm>
#include <limits>
#include <string>

#include "integrators/step_interval.h"

namespace cl {

struct Dopri5Options {
  double rtol = 1e-9;   ///< relative tolerance per component
  double atol = 1e-12;  ///< absolute tolerance per component (units of y)
  double h_max = std::numeric_limits<double>::infinity();  ///< s
  double h_min = 1e-14;  ///< s; a smaller step is reported as a failure
                         ///< (so is a step below the resolution of t)
  /// The last `tail` components (quadratures riding along, such as work
  /// integrals) are held to `tail_atol` absolute (their units) instead of
  /// atol, with the same rtol.
  Eigen::Index tail = 0;
  double tail_atol = 0;
};

class Dopri5 : public StepInterval {
 public:
  explicit Dopri5(Dopri5Options options = {});
  void set_options(const Dopri5Options& options) { options_ = options; }
  const Dopri5Options& options() const { return options_; }

  /// Starts (or restarts after a discontinuity) at (t, y); picks a first
  /// step with Hairer's heuristic (2 evaluations of f). The step counters
  /// keep counting across restarts.
  void start(double t, const Vec& y, const OdeRhs& f);
  /// Takes one accepted step that ends at or before `t_limit`, exactly at
  /// `t_limit` (bit for bit) when the proposed step would pass it; never
  /// longer than h_max (up to the rounding of t). Does nothing if
  /// t_limit <= t(). Returns false if the step size fell below h_min or f
  /// kept producing NaN/inf: then t, y and the dense output are unchanged.
  bool step(const OdeRhs& f, double t_limit);

  /// Continuous solution on [t_previous(), t()], 4th order (local error
  /// O(h^5)); equals y() before the first step after start().
  void dense(double t, Vec& out) const;

  /// The longest step the next call can take (s): rejections only shorten it.
  double next_step() const { return std::min(h_, options_.h_max); }

  long long accepted_steps() const { return accepted_; }
  long long rejected_steps() const { return rejected_; }
  long long evaluations() const { return evaluations_; }

 private:
  Dopri5Options options_;
  double h_ = 0;
  Vec k1_;  // f(t_, y_) (first same as last)
  Vec r1_, r2_, r3_, r4_, r5_;  // dense-output coefficients of the last step
  Vec k2_, k3_, k4_, k5_, k6_, k7_, y_new_, y_tmp_, err_;
  double err_prev_ = 1e-4;  // for the PI step-size controller
  long long accepted_ = 0, rejected_ = 0, evaluations_ = 0;
};

}  // namespace cl
