#pragma once
// The real-time factor as it is: simulated time over wall time, both summed
// over the last second or so of frames (exponential weights in wall time).
// Nothing is clamped, so a slow frame counts in full; only a gap long enough
// to mean the page was not running at all (a hidden tab) starts it afresh.
#include <cmath>

namespace cl::app {

class SpeedMeter {
 public:
  static constexpr double kWindow = 1.0;    ///< s of wall time the factor averages over
  static constexpr double kNotRunning = 5;  ///< s; a longer gap between frames restarts the meter

  /// One frame: `simulated` s advanced in `wall` s.
  void add(double simulated, double wall) {
    if (!(wall > 0)) return;
    if (wall > kNotRunning) {
      clear();
      return;
    }
    const double keep = std::exp(-wall / kWindow);
    simulated_ = keep * simulated_ + simulated;
    wall_ = keep * wall_ + wall;
  }
  void clear() { simulated_ = wall_ = 0; }
  /// Simulated s per wall s; 0 before any frame.
  double factor() const { return wall_ > 0 ? simulated_ / wall_ : 0; }
  /// Wall time the current figure rests on, s (it is rough below about kWindow).
  double span() const { return wall_; }

 private:
  double simulated_ = 0, wall_ = 0;
};

}  // namespace cl::app
