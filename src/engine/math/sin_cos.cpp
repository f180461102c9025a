#include "math/sin_cos.h"

#include <cmath>

namespace cl {
namespace {

constexpr double kTwoOverPi = 0.6366197723675814;
// π/2 = kHalfPi1 + kHalfPi2 + kHalfPi3 to 119 bits. The first two carry 33
// significant bits each, so n times either is exact for |n| < 2^20.
constexpr double kHalfPi1 = 1.5707963267341256;
constexpr double kHalfPi2 = 6.077100506303966e-11;
constexpr double kHalfPi3 = 2.0222662487959506e-21;
constexpr double kReducible = 1e6;  // rad: |x| 2/π stays below 2^20
// Added and taken away again, it rounds a double below 2^51 to the nearest
// integer (ties to even) without a call into the C library.
constexpr double kRoundingShift = 6755399441055744.0;  // 1.5 · 2^52

constexpr double factorial(int k) { return k <= 1 ? 1.0 : k * factorial(k - 1); }

// Taylor coefficients on |r| <= π/4: the first terms left out, r^19/19! and
// r^18/18!, are below 1e-18 there.
constexpr double kS3 = -1 / factorial(3), kS5 = 1 / factorial(5), kS7 = -1 / factorial(7), kS9 = 1 / factorial(9),
                 kS11 = -1 / factorial(11), kS13 = 1 / factorial(13), kS15 = -1 / factorial(15),
                 kS17 = 1 / factorial(17);
constexpr double kC2 = -1 / factorial(2), kC4 = 1 / factorial(4), kC6 = -1 / factorial(6), kC8 = 1 / factorial(8),
                 kC10 = -1 / factorial(10), kC12 = 1 / factorial(12), kC14 = -1 / factorial(14),
                 kC16 = 1 / factorial(16);

}  // namespace

SinCos sin_cos(double x) {
  if (!(std::abs(x) < kReducible)) return {std::sin(x), std::cos(x)};
  const double n = (x * kTwoOverPi + kRoundingShift) - kRoundingShift;
  const double r = ((x - n * kHalfPi1) - n * kHalfPi2) - n * kHalfPi3;  // rad, |r| <= π/4 and a rounding
  const double r2 = r * r;
  const double s =
      r + r * r2 * (kS3 + r2 * (kS5 + r2 * (kS7 + r2 * (kS9 + r2 * (kS11 + r2 * (kS13 + r2 * (kS15 + r2 * kS17)))))));
  const double c =
      1 + r2 * (kC2 + r2 * (kC4 + r2 * (kC6 + r2 * (kC8 + r2 * (kC10 + r2 * (kC12 + r2 * (kC14 + r2 * kC16)))))));
  switch (static_cast<long long>(n) & 3) {  // x = r + n π/2
    case 0: return {s, c};
    case 1: return {c, -s};
    case 2: return {-s, -c};
    default: return {-c, s};
  }
}

Eigen::Vector2d unit_vector(double angle) {
  const SinCos v = sin_cos(angle);
  return {v.cos, v.sin};
}

}  // namespace cl
