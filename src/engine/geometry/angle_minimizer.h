#pragma once
// Global minimisation of a smooth 2π-periodic function of one angle, the
// search behind every ellipse contact: a coarse sample of the whole circle
// plus safeguarded Newton steps, warm-started from the previous answer.
#include <functional>
#include <optional>

#include <Eigen/Core>

#include "geometry/angle_derivatives.h"

namespace cl {

/// How to search. With a warm angle (rad, the minimiser found one step
/// earlier) the nearby minimum is refined first. global_check adds a coarse
/// sample of `samples` angles over the whole circle and refines every local
/// minimum it brackets, so a jump to another, deeper minimum is never
/// missed; without a warm angle the sample is always taken. global_check =
/// false with a warm angle is the fast path for consecutive time steps: it
/// follows the current minimum and can stay in it after another has become
/// deeper.
struct ContactSearch {
  std::optional<double> warm_angle;
  bool global_check = true;
  int samples = 48;  ///< 3 to 256
  /// With a warm angle and no global check: one Newton step from it and no
  /// more, for a state a microsecond from the one whose minimum the warm
  /// angle is (its error is the square of a step that is itself ~1e-6 rad).
  bool one_newton_step = false;
};

/// Where the search ended and what it cost.
struct AngleMinimum {
  double angle;         // rad, in [−π, π]
  Eigen::Vector2d direction;  // (cos angle, sin angle)
  double value;         // f at angle
  int newton_steps;     // accepted Newton steps, all refinements together
  int bisection_steps;  // safeguard steps (f'' <= 0 or Newton left the bracket)
  int evaluations;      // calls of f, sample included
};

/// A 2π-periodic function of θ (rad) with its first two derivatives. It is
/// handed θ and the unit vector n(θ) = (cos θ, sin θ), which the minimiser
/// forms once per angle (by rotation for the coarse sample): sines and
/// cosines were most of the cost of a contact search.
using AngleFunction = std::function<AngleDerivatives(double angle, const Eigen::Vector2d& direction)>;

/// Minimises the 2π-periodic f (value, df/dθ, d²f/dθ² at θ). Each local
/// minimum is bracketed by a sign change of df/dθ and refined by Newton
/// steps on df/dθ that fall back to bisection whenever f'' <= 0 or the step
/// would leave the bracket; it stops when a step is below 1e-12 rad (f is
/// then exact to round-off) or the bracket is. The deepest minimum found
/// wins; the warm-started one is kept on a tie (within 1e-12 of f's units)
/// so the answer does not flicker between equal minima.
AngleMinimum minimize_over_angle(const AngleFunction& f, const ContactSearch& search);

}  // namespace cl
