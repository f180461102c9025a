#include "integrators/leapfrog.h"

namespace cl {

int Leapfrog::advance(const OdeRhs& f) {
  const double h = t_ - t_prev_;
  const Eigen::Index p = positions_, extra = y_prev_.size() - 2 * p;
  half_ = y_prev_;
  half_.segment(p, p) += (0.5 * h) * f_prev_.segment(p, p);  // kick
  half_.head(p) += h * half_.segment(p, p);                  // drift
  f_half_.resize(half_.size());
  f(t_, half_, f_half_);
  y_ = half_;
  y_.segment(p, p) += (0.5 * h) * f_half_.segment(p, p);  // kick
  f(t_, y_, f_);  // w does not feed back into f: its slopes at the end are final
  y_.tail(extra) = y_prev_.tail(extra) + (0.5 * h) * (f_prev_.tail(extra) + f_.tail(extra));  // trapezoid
  return 2;
}

}  // namespace cl
