#include "integrators/root_find.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace cl {
namespace {

// Brent's method needs at most about (log2(width / tol))^2 evaluations; this
// cap only stops a g that is discontinuous or NaN from looping forever.
constexpr int kMaxEvaluations = 1000;
// Halvings towards an event's time when looking for the side a gap opened to:
// 2^-40 of a step is below the root finder's own resolution.
constexpr int kEventHalvings = 40;

bool same_sign(double u, double v) { return (u > 0) == (v > 0); }

}  // namespace

double find_root(const std::function<double(double)>& g, double a, double ga, double b, double gb,
                 double t_tol) {
  if (gb == 0) return b;
  if (ga == 0) return a;
  const double eps = std::numeric_limits<double>::epsilon();

  // best: the estimate with the smallest |g|; other: the end of the bracket
  // on the other side of the root; prev: the previous best, the third point
  // for inverse quadratic interpolation.
  double best = b, g_best = gb;
  double other = b, g_other = gb;  // replaced by a on the first pass
  double prev = a, g_prev = ga;
  double step = best - prev;  // the last step taken
  double step_before = step;  // the one before it

  for (int evaluations = 0;; ++evaluations) {
    if (same_sign(g_best, g_other)) {  // the root lies between prev and best
      other = prev;
      g_other = g_prev;
      step = step_before = best - prev;
    }
    if (std::abs(g_other) < std::abs(g_best)) {
      prev = best;
      best = other;
      other = prev;
      g_prev = g_best;
      g_best = g_other;
      g_other = g_prev;
    }
    // The bracket [best, other] is 2|half| wide; stop at t_tol (or a few ulps).
    const double tol = std::max(0.5 * t_tol, 2 * eps * std::abs(best));
    const double half = 0.5 * (other - best);
    if (std::abs(half) <= tol || g_best == 0 || evaluations >= kMaxEvaluations) break;

    if (std::abs(step_before) >= tol && std::abs(g_prev) > std::abs(g_best)) {
      // Interpolate: secant with two distinct points, inverse quadratic with three.
      const double s = g_best / g_prev;
      double p, q;
      if (prev == other) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const double q_other = g_prev / g_other;
        const double r_other = g_best / g_other;
        p = s * (2 * half * q_other * (q_other - r_other) - (best - prev) * (r_other - 1));
        q = (q_other - 1) * (r_other - 1) * (s - 1);
      }
      if (p > 0) {
        q = -q;
      } else {
        p = -p;
      }
      // Accept the interpolant only if it stays well inside the bracket and
      // shrinks faster than bisection would over two steps.
      if (2 * p < std::min(3 * half * q - std::abs(tol * q), std::abs(step_before * q))) {
        step_before = step;
        step = p / q;
      } else {
        step = step_before = half;
      }
    } else {
      step = step_before = half;
    }
    prev = best;
    g_prev = g_best;
    // Move by at least tol, so that a one-sided approach still closes the bracket.
    best += std::abs(step) > tol ? step : std::copysign(tol, half);
    g_best = g(best);
  }
  // Of the two ends of the final bracket, return the one past the event.
  return (g_best == 0 || same_sign(g_best, gb)) ? best : other;
}

std::optional<RootBracketEnd> bracket_start_after_event(const std::function<double(double)>& g, double a, double b,
                                                        bool positive) {
  double step = b - a;
  for (int m = 0; m < kEventHalvings; ++m) {
    step *= 0.5;
    const double t = a + step;
    const double value = g(t);
    if (positive ? value > 0 : value <= 0) return RootBracketEnd{t, value};
  }
  return std::nullopt;
}

double find_root_after_event(const std::function<double(double)>& g, double a, double ga, double b, double gb,
                             double t_tol) {
  if ((ga > 0) != (gb > 0)) return find_root(g, a, ga, b, gb, t_tol);
  const std::optional<RootBracketEnd> start = bracket_start_after_event(g, a, b, !(gb > 0));
  return start ? find_root(g, start->t, start->g, b, gb, t_tol) : a;
}

}  // namespace cl
