#include "integrators/rk4.h"

namespace cl {
namespace {

// When a full step would stop short of t_limit by less than this fraction of
// h, the gap is rounding accumulated in t: stretch the step to land instead
// of taking a sliver of a step afterwards.
constexpr double kSliverFraction = 1e-4;

}  // namespace

void Rk4::start(double t, const Vec& y, const OdeRhs& f) {
  const Eigen::Index n = y.size();
  t_ = t;
  t_prev_ = t;  // empty dense interval: dense() returns y until the first step
  y_ = y;
  for (Vec* v : {&f_, &y_prev_, &f_prev_, &k2_, &k3_, &k4_, &tmp_}) v->resize(n);
  f(t_, y_, f_);
  ++evaluations_;
}

bool Rk4::step(const OdeRhs& f, double t_limit) {
  if (!(t_limit > t_)) return true;  // already there: nothing to do
  const bool lands_on_limit = t_ + h_ * (1 + kSliverFraction) >= t_limit;
  const double t_new = lands_on_limit ? t_limit : t_ + h_;
  const double h = t_new - t_;  // the step between the two representable times

  // Keep the start of the step for the dense output; f_prev_ is stage 1.
  y_prev_.swap(y_);
  f_prev_.swap(f_);
  const double t_mid = t_ + 0.5 * h;
  tmp_ = y_prev_ + (0.5 * h) * f_prev_;
  f(t_mid, tmp_, k2_);
  tmp_ = y_prev_ + (0.5 * h) * k2_;
  f(t_mid, tmp_, k3_);
  tmp_ = y_prev_ + h * k3_;
  f(t_new, tmp_, k4_);
  y_ = y_prev_ + (h / 6) * (f_prev_ + 2 * k2_ + 2 * k3_ + k4_);
  f(t_new, y_, f_);  // slope at the new end: next stage 1 and Hermite data
  evaluations_ += 4;

  t_prev_ = t_;
  t_ = t_new;
  ++steps_;
  return true;
}

void Rk4::dense(double t, Vec& out) const {
  const double h = t_ - t_prev_;
  if (h == 0) {  // no step since start()
    out = y_;
    return;
  }
  const double s = (t - t_prev_) / h;
  const double s1 = 1 - s;
  // Cubic Hermite basis: values at both ends, then slopes (times h).
  const double from_start = (1 + 2 * s) * s1 * s1;
  const double from_end = s * s * (3 - 2 * s);
  const double slope_start = s * s1 * s1 * h;
  const double slope_end = -s * s * s1 * h;
  out = from_start * y_prev_ + from_end * y_ + slope_start * f_prev_ + slope_end * f_;
}

}  // namespace cl
