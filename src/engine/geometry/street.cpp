#include "geometry/street.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "math/expression.h"

namespace cl {

Eigen::Vector2d street_normal(const StreetPoint& p) {
  return Eigen::Vector2d(-p.slope, 1) / std::sqrt(1 + p.slope * p.slope);
}

Eigen::Vector2d street_tangent(const StreetPoint& p) {
  return Eigen::Vector2d(1, p.slope) / std::sqrt(1 + p.slope * p.slope);
}

double street_curvature(const StreetPoint& p) {
  const double w2 = 1 + p.slope * p.slope;
  return p.bend / (w2 * std::sqrt(w2));
}

Street::Street() = default;

Street Street::seed(double amplitude, double frequency, int bumps) {
  Street s;
  s.amplitude_ = amplitude;
  s.frequency_ = frequency;
  s.bumps_ = bumps;
  return s;
}

std::optional<std::string> Street::typed(const std::string& text, Street& out) {
  auto expression = std::make_shared<Expression2D>();
  if (auto error = expression->compile(text)) return error->message;
  if (expression->uses_variable("y")) return cl::text("street.uses_y");
  Street s;
  s.expression_ = std::move(expression);
  out = std::move(s);
  return std::nullopt;
}

const std::string& Street::text() const {
  static const std::string none;
  return expression_ ? expression_->text() : none;
}

double Street::height(double x) const {
  if (expression_) return (*expression_)(x, 0);
  const double f = frequency_;
  double s = 0.25 * f * f * x * x;
  for (int j = 1; j < bumps_; ++j) s += amplitude_ / j * std::sin(j * f * x);
  return s;
}

StreetPoint Street::at(double x) const {
  StreetPoint p;
  p.x = x;
  if (expression_) {
    // Five-point stencil: s' = (−s₂ + 8s₁ − 8s₋₁ + s₋₂) / 12h,
    // s'' = (−s₂ + 16s₁ − 30s₀ + 16s₋₁ − s₋₂) / 12h², both O(h⁴).
    const double h = kDifferenceStep;
    const double s0 = height(x), s1 = height(x + h), s_1 = height(x - h);
    const double s2 = height(x + 2 * h), s_2 = height(x - 2 * h);
    p.height = s0;
    p.slope = (-s2 + 8 * s1 - 8 * s_1 + s_2) / (12 * h);
    p.bend = (-s2 + 16 * s1 - 30 * s0 + 16 * s_1 - s_2) / (12 * h * h);
    return p;
  }
  // d/dx (A/j) sin(j f x) = A f cos(j f x);  d²/dx² = −A j f² sin(j f x).
  const double f = frequency_;
  p.height = 0.25 * f * f * x * x;
  p.slope = 0.5 * f * f * x;
  p.bend = 0.5 * f * f;
  for (int j = 1; j < bumps_; ++j) {
    const double phase = j * f * x;
    const double sine = std::sin(phase), cosine = std::cos(phase);
    p.height += amplitude_ / j * sine;
    p.slope += amplitude_ * f * cosine;
    p.bend -= amplitude_ * j * f * f * sine;
  }
  return p;
}

std::optional<Street::Jump> Street::first_jump(double from, double to, double step) const {
  double a = from, s_a = height(a);  // m
  for (double b = from + step; b <= to; b += step) {
    const double s_b = height(b);
    double lo = a, hi = b, s_lo = s_a, s_hi = s_b;
    while (std::abs(s_hi - s_lo) >= kJump) {
      // Down to 1e-15 m (neighbouring doubles near 1 m) and still apart: a jump,
      // or a slope above 1e9, which the stencil cannot follow either.
      if (hi - lo <= 1e-15 * (1 + std::abs(lo))) return Jump{lo, std::abs(s_hi - s_lo)};
      const double mid = 0.5 * (lo + hi);
      const double s_mid = height(mid);
      const double left = std::abs(s_mid - s_lo), right = std::abs(s_hi - s_mid);
      if (std::max(left, right) < 0.75 * std::abs(s_hi - s_lo)) break;  // both halves shrink: continuous here
      if (left >= right) {
        hi = mid;
        s_hi = s_mid;
      } else {
        lo = mid;
        s_lo = s_mid;
      }
    }
    a = b;
    s_a = s_b;
  }
  return std::nullopt;
}

std::optional<double> Street::first_nonfinite(double from, double to, double step) const {
  for (double x = from; x <= to; x += step) {
    const StreetPoint p = at(x);
    if (!std::isfinite(p.height) || !std::isfinite(p.slope) || !std::isfinite(p.bend)) return x;
  }
  return std::nullopt;
}

}  // namespace cl
