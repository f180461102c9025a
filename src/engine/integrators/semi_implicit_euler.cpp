#include "integrators/semi_implicit_euler.h"

namespace cl {

int SemiImplicitEuler::advance(const OdeRhs& f) {
  const double h = t_ - t_prev_;
  const Eigen::Index p = positions_, extra = y_prev_.size() - 2 * p;
  y_ = y_prev_;
  y_.segment(p, p) += h * f_prev_.segment(p, p);   // kick with a(y0)
  y_.head(p) += h * y_.segment(p, p);              // drift with the new velocity
  y_.tail(extra) += h * f_prev_.tail(extra);       // work integrals: explicit Euler
  f(t_, y_, f_);
  return 1;
}

}  // namespace cl
