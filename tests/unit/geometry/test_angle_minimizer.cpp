// geometry/angle_minimizer: the direction it hands back and to f is the unit
// vector of its angle. Short steps rotate the last direction by Taylor sine
// and cosine instead of evaluating them; over many searches following a
// moving minimum the two must agree to round-off.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>

#include "geometry/angle_minimizer.h"

namespace {

/// f(θ) = 1 − cos(θ − θ0) + 0.3 (1 − cos 2(θ − θ0)): one minimum, at θ0.
cl::AngleDerivatives bowl(double theta, double theta0) {
  const double d = theta - theta0;
  return {1 - std::cos(d) + 0.3 * (1 - std::cos(2 * d)), std::sin(d) + 0.6 * std::sin(2 * d),
          std::cos(d) + 1.2 * std::cos(2 * d)};
}

}  // namespace

TEST_CASE("angle minimiser: every direction it forms is the unit vector of its angle, to round-off") {
  double worst_given = 0, worst_result = 0, worst_angle = 0;
  std::optional<double> warm;
  int evaluations = 0;
  // The minimum moves by 1e-4 ... 0.05 rad per search: Newton steps from the
  // warm start are short (Taylor rotation) or long (sine and cosine).
  double theta0 = 0.3;
  for (int k = 0; k < 2000; ++k) {
    theta0 += 1e-4 * (1 + (k % 50) * 10);
    const cl::AngleMinimum m = cl::minimize_over_angle(
        [&](double theta, const Eigen::Vector2d& n) {
          worst_given = std::max(worst_given, (n - Eigen::Vector2d(std::cos(theta), std::sin(theta))).norm());
          return bowl(theta, theta0);
        },
        cl::ContactSearch{warm, false, 48});
    worst_result = std::max(worst_result, (m.direction - Eigen::Vector2d(std::cos(m.angle), std::sin(m.angle))).norm());
    worst_angle = std::max(worst_angle, std::abs(std::remainder(m.angle - theta0, 2 * M_PI)));
    evaluations += m.evaluations;
    warm = m.angle;
  }
  std::printf("angle minimiser, 2000 warm searches: |n - (cos, sin)| at most %.2e (given to f), %.2e (returned); "
              "minimum found to %.2e rad; %.2f evaluations per search\n",
              worst_given, worst_result, worst_angle, evaluations / 2000.0);
  CHECK(worst_given <= 1e-14);
  CHECK(worst_result <= 1e-14);
  CHECK(worst_angle <= 1e-10);
}
