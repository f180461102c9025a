#include "integrators/fixed_step.h"

namespace cl {
namespace {

// When a full step would stop short of t_limit by less than this fraction of
// h, the gap is rounding accumulated in t: stretch the step to land instead
// of taking a sliver of a step afterwards.
constexpr double kSliverFraction = 1e-4;

}  // namespace

void FixedStepIntegrator::start(double t, const Vec& y, const OdeRhs& f) {
  open(t, y);
  for (Vec* v : {&f_, &y_prev_, &f_prev_}) v->resize(y.size());
  f(t_, y_, f_);
  ++evaluations_;
}

bool FixedStepIntegrator::step(const OdeRhs& f, double t_limit) {
  if (!(t_limit > t_)) return true;  // already there: nothing to do
  const bool lands_on_limit = t_ + h_ * (1 + kSliverFraction) >= t_limit;
  const double t_new = lands_on_limit ? t_limit : t_ + h_;
  // Keep the start of the step for the method and the dense output.
  y_prev_.swap(y_);
  f_prev_.swap(f_);
  t_prev_ = t_;
  t_ = t_new;
  evaluations_ += advance(f);
  ++steps_;
  return true;
}

void FixedStepIntegrator::dense(double t, Vec& out) const {
  double s;
  if (!fraction_of_step(t, out, s)) return;
  const double h = t_ - t_prev_;
  const double s1 = 1 - s;
  // Cubic Hermite basis: values at both ends, then slopes (times h).
  const double from_start = (1 + 2 * s) * s1 * s1;
  const double from_end = s * s * (3 - 2 * s);
  const double slope_start = s * s1 * s1 * h;
  const double slope_end = -s * s * s1 * h;
  out = from_start * y_prev_ + from_end * y_ + slope_start * f_prev_ + slope_end * f_;
}

}  // namespace cl
