#include "integrators/dopri5.h"

#include <algorithm>
#include <cmath>

namespace cl {
namespace {

// Dormand & Prince (1980) Butcher tableau, in the usual c_i / a_ij naming.
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561,
                 a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
// The 5th-order weights; stage 7 is evaluated at the new point with them, so
// its derivative is the next step's k1 (first same as last).
constexpr double a71 = 35.0 / 384, a73 = 500.0 / 1113, a74 = 125.0 / 192, a75 = -2187.0 / 6784,
                 a76 = 11.0 / 84;
// Error weights: 5th-order minus embedded 4th-order weights.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200,
                 e6 = 22.0 / 525, e7 = -1.0 / 40;
// Hairer's continuous extension (dopri5.f, "contd5"): the quartic term.
constexpr double d1 = -12715105075.0 / 11282082432, d3 = 87487479700.0 / 32700410799,
                 d4 = -10690763975.0 / 1880347072, d5 = 701980252875.0 / 199316789632,
                 d6 = -1453857185.0 / 822651844, d7 = 69997945.0 / 29380423;

// Step-size control (Hairer, Nørsett & Wanner I, II.4, and dopri5.f defaults).
constexpr double kSafety = 0.9;      // aim below the tolerance so the next step passes
constexpr double kMinFactor = 0.2;   // a step shrinks at most 5x at once
constexpr double kMaxFactor = 10.0;  // ... and grows at most 10x
constexpr double kBeta = 0.04;       // PI weight of the previous step's error
// Exponent of the current error: 1/(embedded order + 1), less the PI share.
constexpr double kAlpha = 1.0 / 5 - 0.75 * kBeta;
// Floor on the remembered error, so one tiny error cannot fuel a huge step.
constexpr double kMinRememberedError = 1e-4;

/// Root mean square of an array expression (0 for an empty state).
template <typename Expr>
double rms(const Eigen::ArrayBase<Expr>& values) {
  if (values.size() == 0) return 0.0;
  return std::sqrt(values.square().sum() / static_cast<double>(values.size()));
}

}  // namespace

Dopri5::Dopri5(Dopri5Options options) : options_(options) {}

void Dopri5::start(double t, const Vec& y, const OdeRhs& f) {
  const Eigen::Index n = y.size();
  open(t, y);
  for (Vec* v : {&k1_, &k2_, &k3_, &k4_, &k5_, &k6_, &k7_, &y_new_, &y_tmp_, &err_, &r1_, &r2_,
                 &r3_, &r4_, &r5_}) {
    v->resize(n);
  }
  f(t_, y_, k1_);
  ++evaluations_;
  err_prev_ = kMinRememberedError;

  // Hairer's initial step: a step with which an explicit Euler step would
  // make a scaled error of about 0.01, checked against an estimate of y''.
  Eigen::ArrayXd scale = options_.atol + options_.rtol * y_.array().abs();
  const Eigen::Index tail = std::min(options_.tail, n);
  scale.tail(tail) += options_.tail_atol - options_.atol;
  const double y_size = rms(y_.array() / scale);
  const double slope_size = rms(k1_.array() / scale);
  double h_euler = (y_size < 1e-5 || slope_size < 1e-5) ? 1e-6 : 0.01 * y_size / slope_size;
  h_euler = std::min(h_euler, options_.h_max);
  y_tmp_ = y_ + h_euler * k1_;
  f(t_ + h_euler, y_tmp_, k2_);
  ++evaluations_;
  const double curvature_size = rms((k2_ - k1_).array() / scale) / h_euler;
  const double largest = std::max(slope_size, curvature_size);
  const double h_order =
      largest <= 1e-15 ? std::max(1e-6, h_euler * 1e-3) : std::pow(0.01 / largest, 1.0 / 5);
  h_ = std::min({100 * h_euler, h_order, options_.h_max});
}

bool Dopri5::step(const OdeRhs& f, double t_limit) {
  if (!(t_limit > t_)) return true;  // already there: nothing to do
  const double h_on_entry = h_;
  bool rejected_in_this_call = false;
  for (;;) {
    // Written so that a NaN step size (from a NaN derivative) also fails.
    if (!(h_ >= options_.h_min)) {
      h_ = h_on_entry;
      return false;
    }
    const double h_proposed = std::min(h_, options_.h_max);
    const bool lands_on_limit = t_ + h_proposed >= t_limit;
    const double t_new = lands_on_limit ? t_limit : t_ + h_proposed;
    // The step actually taken between two representable times, so that the
    // stages and the dense output agree with t_new - t_ to the last bit.
    const double h = t_new - t_;
    if (!(h > 0)) {  // h is below the resolution of t
      h_ = h_on_entry;
      return false;
    }

    y_tmp_ = y_ + h * (a21 * k1_);
    f(t_ + c2 * h, y_tmp_, k2_);
    y_tmp_ = y_ + h * (a31 * k1_ + a32 * k2_);
    f(t_ + c3 * h, y_tmp_, k3_);
    y_tmp_ = y_ + h * (a41 * k1_ + a42 * k2_ + a43 * k3_);
    f(t_ + c4 * h, y_tmp_, k4_);
    y_tmp_ = y_ + h * (a51 * k1_ + a52 * k2_ + a53 * k3_ + a54 * k4_);
    f(t_ + c5 * h, y_tmp_, k5_);
    y_tmp_ = y_ + h * (a61 * k1_ + a62 * k2_ + a63 * k3_ + a64 * k4_ + a65 * k5_);
    f(t_new, y_tmp_, k6_);
    y_new_ = y_ + h * (a71 * k1_ + a73 * k3_ + a74 * k4_ + a75 * k5_ + a76 * k6_);
    f(t_new, y_new_, k7_);
    evaluations_ += 6;

    // Each component's error over atol + rtol |y| (the tail's over its own atol).
    const Eigen::Index n = y_.size(), tail = std::min(options_.tail, n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double scale = (i < n - tail ? options_.atol : options_.tail_atol) +
                           options_.rtol * std::max(std::abs(y_[i]), std::abs(y_new_[i]));
      err_[i] = h * (e1 * k1_[i] + e3 * k3_[i] + e4 * k4_[i] + e5 * k5_[i] + e6 * k6_[i] + e7 * k7_[i]) / scale;
    }
    const double err = rms(err_.array());

    if (!(err <= 1.0)) {  // also rejects NaN
      ++rejected_;
      rejected_in_this_call = true;
      const double shrink =
          std::isfinite(err) ? std::max(kMinFactor, kSafety * std::pow(err, -kAlpha)) : kMinFactor;
      h_ = h * shrink;
      continue;
    }

    const double growth = std::clamp(kSafety * std::pow(err, -kAlpha) * std::pow(err_prev_, kBeta),
                                     kMinFactor, kMaxFactor);
    double h_next = h * growth;
    // Right after a rejection the error model has just been wrong: don't grow.
    if (rejected_in_this_call) h_next = std::min(h_next, h);
    // A step cut short to land on t_limit says nothing against the longer
    // step the controller had proposed.
    if (lands_on_limit) h_next = std::max(h_next, h_);
    h_ = std::min(h_next, options_.h_max);
    err_prev_ = std::max(err, kMinRememberedError);

    // Dense output y(t_ + s h) = r1 + s (r2 + (1-s) (r3 + s (r4 + (1-s) r5))).
    r1_ = y_;
    r2_ = y_new_ - y_;
    r3_ = h * k1_ - r2_;
    r4_ = r2_ - h * k7_ - r3_;
    r5_ = h * (d1 * k1_ + d3 * k3_ + d4 * k4_ + d5 * k5_ + d6 * k6_ + d7 * k7_);

    t_prev_ = t_;
    t_ = t_new;
    y_.swap(y_new_);
    k1_.swap(k7_);
    ++accepted_;
    return true;
  }
}

void Dopri5::dense(double t, Vec& out) const {
  double s;
  if (!fraction_of_step(t, out, s)) return;
  const double s1 = 1 - s;
  out = r1_ + s * (r2_ + s1 * (r3_ + s * (r4_ + s1 * r5_)));
}

}  // namespace cl
