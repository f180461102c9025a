#pragma once
#include <cstdint>
#include <random>

namespace cl {

/// Uniform in [0, 1) from a 64-bit engine's raw bits. std::mt19937_64's output
/// is fixed by the standard, std::uniform_real_distribution's is not: this
/// keeps a seed's run identical in the browser (libc++) and natively (libstdc++).
inline double unit_random(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

}  // namespace cl
