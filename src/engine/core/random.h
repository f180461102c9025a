#pragma once
#include <cstdint>
#include <random>

namespace cl {

/// Uniform in [0, 1) from a 64-bit engine's raw bits. std::mt19937_64's output
/// is fixed by the standard, std::uniform_real_distribution's is not: this
/// keeps a seed's run identical in the browser (libc++) and natively (libstdc++).
inline double unit_random(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

/// Two draws for a point's (x, y), uniform in [0, 1)^2. Spelled out because
/// Vector2d(unit_random(rng), unit_random(rng)) leaves the order to the
/// compiler (GCC draws y first, Clang x): the browser's seed-000 start then
/// differed from the CLI's. y is drawn first, as every native run did.
struct UnitPair {
  double x, y;
};
inline UnitPair unit_random_pair(std::mt19937_64& rng) {
  const double y = unit_random(rng);
  const double x = unit_random(rng);
  return {x, y};
}

}  // namespace cl
