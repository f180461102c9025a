#pragma once
// A street y = s(x) under the ellipse of seed 001: the seed's parabola with
// superimposed sine bumps, or a curve typed by the user. Everything the
// contact needs is s, s' and s'' at one x; normal, tangent and the signed
// curvature follow from them:
//   ν = (−s', 1) / w,  T = (1, s') / w,  w = sqrt(1 + s'²),
//   κ = s'' / w³  (> 0 where the street curves upwards: a valley).
// The seed's code takes s''² / w³, always positive and of the wrong size;
// the sign matters, it decides whether the street is concave (R < 0) for
// the Hertz stiffness.
#include <memory>
#include <optional>
#include <string>

#include <Eigen/Core>

namespace cl {

class Expression2D;

/// s, s', s'' at one x.
struct StreetPoint {
  double x = 0;       ///< m
  double height = 0;  ///< s(x), m
  double slope = 0;   ///< s'(x), dimensionless
  double bend = 0;    ///< s''(x), 1/m
};

/// Unit normal pointing up, out of the street: (−s', 1) / sqrt(1 + s'²).
Eigen::Vector2d street_normal(const StreetPoint& p);
/// Unit tangent in the direction of increasing x: (1, s') / sqrt(1 + s'²).
Eigen::Vector2d street_tangent(const StreetPoint& p);
/// Signed curvature κ = s'' / (1 + s'²)^{3/2}, 1/m; > 0 in a valley.
double street_curvature(const StreetPoint& p);

/// The street: built in (the seed's) or typed. Copies share one parsed
/// expression, so a scene clone is cheap.
class Street {
 public:
  /// The seed's street s(x) = (f x / 2)² + Σ_{j=1}^{bumps−1} (A / j) sin(j f x)
  /// with amplitude A (m), frequency f (1/m) and bumps >= 1 (1: the bare
  /// parabola). Derivatives are analytic.
  static Street seed(double amplitude, double frequency, int bumps);

  /// A typed street y = s(x) in muParser syntax (x in m, s in m). On error
  /// `out` is unchanged and the message says what and where ("... at
  /// position 7"). Derivatives come from a fourth-order central-difference
  /// stencil with step kDifferenceStep.
  static std::optional<std::string> typed(const std::string& text, Street& out);

  /// Step of the difference stencil, m: 2^-6, exact in binary so x +- h
  /// carries no rounding for moderate x. Truncation error h^4/30 |s^(5)| for
  /// s' and h^4/90 |s^(6)| for s''; round-off about 2e-14 |s| for s' and
  /// 5e-12 |s| (1/m) for s''. The round-off is noise from one x to the next,
  /// and the energy audit differentiates the Hertz stiffness (through s'') in
  /// time: with a step of 2^-8 that noise cost the integrator twice the steps.
  static constexpr double kDifferenceStep = 1.0 / 64;

  Street();
  /// s, s', s'' at x (NaN where a typed street cannot be evaluated).
  StreetPoint at(double x) const;
  /// s(x) alone (cheaper for drawing), m.
  double height(double x) const;
  /// The typed text; empty for the built-in street.
  const std::string& text() const;
  bool is_typed() const { return expression_ != nullptr; }

  /// First x in [from, to] (sampled every `step` m) where the street or its
  /// derivatives are not finite, if any.
  std::optional<double> first_nonfinite(double from, double to, double step) const;

  /// A jump of s by more than kJump (m) in [from, to], if one is found: the
  /// change over each `step` is narrowed by halving while it does not shrink
  /// as a continuous function's would, down to 1e-15 (1 + |x|) m. A typed
  /// street may jump (sign(x), rint(x), a ternary, atan2's branch cut); the
  /// difference stencil then makes a near-vertical wall of it that stalls
  /// the contact. Jumps smaller than the change of the slope term over a
  /// step can hide (a cancellation), so this is a check, not a proof.
  struct Jump {
    double x = 0;     ///< m, where s jumps
    double size = 0;  ///< m, |s(x+) - s(x-)|
  };
  std::optional<Jump> first_jump(double from, double to, double step) const;
  static constexpr double kJump = 1e-6;

 private:
  double amplitude_ = 1, frequency_ = 0.25;
  int bumps_ = 5;
  std::shared_ptr<const Expression2D> expression_;  // null: the built-in street
};

}  // namespace cl
