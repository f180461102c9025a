#include "integrators/rk4.h"

namespace cl {

int Rk4::advance(const OdeRhs& f) {
  for (Vec* v : {&k2_, &k3_, &k4_}) v->resize(y_prev_.size());
  const double h = t_ - t_prev_;  // the step between the two representable times
  const double t_mid = t_prev_ + 0.5 * h, t_new = t_;
  tmp_ = y_prev_ + (0.5 * h) * f_prev_;  // f_prev_ is stage 1
  f(t_mid, tmp_, k2_);
  tmp_ = y_prev_ + (0.5 * h) * k2_;
  f(t_mid, tmp_, k3_);
  tmp_ = y_prev_ + h * k3_;
  f(t_new, tmp_, k4_);
  y_ = y_prev_ + (h / 6) * (f_prev_ + 2 * k2_ + 2 * k3_ + k4_);
  f(t_new, y_, f_);  // slope at the new end: next stage 1 and Hermite data
  return 4;
}

}  // namespace cl
