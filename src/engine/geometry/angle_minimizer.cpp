#include "geometry/angle_minimizer.h"

#include <algorithm>
#include <cmath>
#include <array>

#include "math/sin_cos.h"

namespace cl {
namespace {

constexpr double kTwoPi = 6.283185307179586;
// Converged once the Newton step left is below this (rad): f is then exact
// to round-off (its error ~ f'' step² / 2) and the angle to about this.
constexpr double kAngleTolerance = 1e-12;
// A deeper minimum must win by more than this (units of f) to replace the
// warm-started one.
constexpr double kTieTolerance = 1e-12;
// Only a discontinuous or NaN f can need this many steps in one bracket.
constexpr int kMaxStepsPerMinimum = 200;
// Bracketing steps from a warm start (rad): the first when f'' gives no
// Newton estimate, and the cap on the doubling.
constexpr double kFirstBlindStep = 0.05;
constexpr double kLongestStep = kTwoPi / 8;
// Plain Newton steps tried from a warm start before bracketing.
constexpr int kNewtonTries = 3;
// Largest coarse sample (ContactSearch::samples is clamped to it).
constexpr int kMaxSamples = 256;
// Steps no longer than this (rad) rotate the last direction by Taylor
// polynomials: cos to θ⁶ and sin to θ⁷ are off by θ⁸/8! < 1e-19 here, and
// a Newton step is usually far shorter.
constexpr double kShortRotation = 1.0 / 64;

// The unit vector at `angle`, `step` (rad) on from `direction`: a short
// step rotates it by the Taylor sine and cosine.
Eigen::Vector2d direction_after(const Eigen::Vector2d& direction, double angle, double step) {
  if (!(std::abs(step) <= kShortRotation)) return unit_vector(angle);
  const double s2 = step * step;
  const double c = 1 - s2 / 2 * (1 - s2 / 12 * (1 - s2 / 30));
  const double s = step * (1 - s2 / 6 * (1 - s2 / 20 * (1 - s2 / 42)));
  return {c * direction.x() - s * direction.y(), s * direction.x() + c * direction.y()};
}

// At a minimum to within kAngleTolerance: the Newton step left is smaller.
bool converged(const AngleDerivatives& f) {
  return f.d2_dtheta2 >= 0 && std::abs(f.d_dtheta) <= kAngleTolerance * f.d2_dtheta2;
}

struct Point {
  double angle;
  AngleDerivatives f;
  Eigen::Vector2d direction;  // (cos angle, sin angle)
};

// One search: the function, and the steps and evaluations spent so far.
struct Search {
  const AngleFunction& f;
  AngleMinimum result{0, Eigen::Vector2d(1, 0), 0, 0, 0, 0};

  Point at(double angle) { return at(angle, unit_vector(angle)); }
  /// f at `from`'s angle + step: a short step rotates from's direction by
  /// the Taylor sine and cosine instead of evaluating them afresh.
  Point from(const Point& start, double step) {
    const double angle = start.angle + step;
    return at(angle, direction_after(start.direction, angle, step));
  }
  Point at(double angle, const Eigen::Vector2d& direction) {
    ++result.evaluations;
    return {angle, f(angle, direction), direction};
  }

  // Refines the minimum in [lo, hi], f'(lo) < 0 <= f'(hi), starting from
  // the end with the lower f. Newton on f' inside the bracket; bisection
  // when f'' <= 0, when Newton would leave the bracket, or when it is not
  // at least halving the step before last (so the bracket keeps shrinking).
  Point refine(Point lo, Point hi) {
    Point x = lo.f.value <= hi.f.value ? lo : hi;
    double step = hi.angle - lo.angle;
    double step_before = step;
    for (int i = 0; i < kMaxStepsPerMinimum && !converged(x.f) &&
                    hi.angle - lo.angle > kAngleTolerance;
         ++i) {
      const double newton = x.angle - x.f.d_dtheta / x.f.d2_dtheta2;
      const bool newton_is_safe = x.f.d2_dtheta2 > 0 && newton > lo.angle && newton < hi.angle &&
                                  std::abs(newton - x.angle) <= 0.5 * std::abs(step_before);
      const double next = newton_is_safe ? newton : 0.5 * (lo.angle + hi.angle);
      newton_is_safe ? ++result.newton_steps : ++result.bisection_steps;
      step_before = step;
      step = next - x.angle;
      x = from(x, step);
      (x.f.d_dtheta < 0 ? lo : hi) = x;
    }
    return x;
  }

  // From a warm start: Newton while it converges, else refine_bracketed().
  Point refine_from(Point start) {
    if (converged(start.f)) return start;
    // A warm start from the last state is usually a Newton step or two from
    // the minimum: plain Newton first, while f is convex there and each step
    // is less than half the one before (quadratic convergence).
    Point x = start;
    double step_before = kFirstBlindStep;
    for (int i = 0; i < kNewtonTries && x.f.d2_dtheta2 > 0; ++i) {
      const double step = -x.f.d_dtheta / x.f.d2_dtheta2;
      if (!(std::abs(step) <= 0.5 * step_before)) break;
      const Point next = from(x, step);
      if (!(next.f.value <= x.f.value + kTieTolerance)) break;  // overshot: bracket from x instead
      ++result.newton_steps;
      x = next;
      if (converged(x.f)) return x;
      step_before = std::abs(step);
    }
    return refine_bracketed(x);
  }

  // Walks downhill from `start` with doubling steps (at most π/4) until f'
  // changes sign, then refines that bracket. The first step is 1.5 Newton
  // steps, so near a minimum one step usually brackets it.
  Point refine_bracketed(Point start) {
    const AngleDerivatives& f = start.f;
    if (converged(f)) return start;
    const bool newton_works = f.d2_dtheta2 > 0;
    const double direction = f.d_dtheta > 0 ? -1 : 1;
    double step = newton_works ? 1.5 * std::abs(f.d_dtheta / f.d2_dtheta2) : kFirstBlindStep;
    Point here = start;
    for (double travelled = 0; travelled < kTwoPi; travelled += step, step *= 2) {
      step = std::min(step, kLongestStep);
      const Point ahead = from(here, direction * step);
      const bool crossed = direction > 0 ? ahead.f.d_dtheta >= 0 : ahead.f.d_dtheta <= 0;
      if (crossed) return direction > 0 ? refine(here, ahead) : refine(ahead, here);
      here = ahead;
    }
    return here;  // f' kept its sign over a full turn: f is flat to round-off
  }

  // Samples the circle and refines every bracketed local minimum; the deepest wins.
  Point best_of_sample(int samples) {
    std::array<Point, kMaxSamples + 1> sample_storage;
    size_t count = 0;
    const auto push = [&](const Point& p) { sample_storage[count++] = p; };
    // Directions by repeated rotation: after `samples` products the unit
    // vector is off by a few ulps, far below what bracketing can notice.
    const Eigen::Vector2d turn(std::cos(kTwoPi / samples), std::sin(kTwoPi / samples));
    Eigen::Vector2d direction(1, 0);
    push(at(0, direction));
    for (int k = 1; k < samples; ++k) {
      direction = Eigen::Vector2d(turn.x() * direction.x() - turn.y() * direction.y(),
                                  turn.y() * direction.x() + turn.x() * direction.y());
      push(at(kTwoPi * k / samples, direction));
    }
    push({kTwoPi, sample_storage[0].f, sample_storage[0].direction});  // the same point, one turn on
    const Point* sample = sample_storage.data();
    Point best = *std::min_element(sample, sample + count, [](const Point& p, const Point& q) {
      return p.f.value < q.f.value;
    });
    for (int k = 0; k < samples; ++k) {
      if (sample[k].f.d_dtheta < 0 && sample[k + 1].f.d_dtheta >= 0) {
        const Point minimum = refine(sample[k], sample[k + 1]);
        if (minimum.f.value < best.f.value) best = minimum;
      }
    }
    return best;
  }
};

}  // namespace

AngleMinimum minimize_over_angle(const AngleFunction& f, const ContactSearch& search) {
  Search run{f};
  if (search.one_newton_step && search.warm_angle && !search.global_check) {
    const Point warm = run.at(*search.warm_angle);
    if (warm.f.d2_dtheta2 > 0) {
      const double step = -warm.f.d_dtheta / warm.f.d2_dtheta2;
      run.result.angle = std::remainder(warm.angle + step, kTwoPi);
      run.result.direction = direction_after(warm.direction, run.result.angle, step);
      run.result.value = warm.f.value + 0.5 * warm.f.d_dtheta * step;  // the quadratic model's minimum
      ++run.result.newton_steps;
      return run.result;
    }
  }
  std::optional<Point> best;
  if (search.warm_angle) best = run.refine_from(run.at(*search.warm_angle));
  if (!best || search.global_check) {
    const Point global = run.best_of_sample(std::clamp(search.samples, 3, kMaxSamples));
    if (!best || global.f.value < best->f.value - kTieTolerance) best = global;
  }
  run.result.angle = std::remainder(best->angle, kTwoPi);
  run.result.value = best->f.value;
  run.result.direction = best->direction;
  return run.result;
}

}  // namespace cl
