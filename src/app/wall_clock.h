#pragma once
// Wall time for the frames' budgets and the starts' slices: a steady clock,
// never the simulation's time.
#include <chrono>

namespace cl::app {

/// Seconds since an arbitrary start, steady.
inline double wall_now() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(clock::now().time_since_epoch()).count();
}

}  // namespace cl::app
