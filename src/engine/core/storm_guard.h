#pragma once
// An endless series of events or steps, detected early: a Zeno series of
// impacts piles its event times up at one instant, which a run can never
// pass; counting them against a fixed budget would take minutes and
// gigabytes. Instead every `count` of them must span at least `span`
// seconds of simulated time: a storm is caught within `count` events.
#include <string>

namespace cl {

class StormGuard {
 public:
  StormGuard(long long count, double span) : count_(count), span_(span) {}

  /// Starts counting afresh at simulated time `t` (s).
  void restart(double t) {
    in_window_ = 0;
    window_start_ = t;
  }
  /// Counts one event at `t` (s). True when it completes a window of `count`
  /// events that took less than `span`.
  bool storm(double t) {
    if (++in_window_ < count_) return false;
    const bool crowded = t - window_start_ < span_;
    if (!crowded) restart(t);
    return crowded;
  }
  /// "10000 within 0.0001 s from t = 0.27 s", for the message of a storm.
  std::string describe() const;

 private:
  long long count_;
  double span_;  // s
  long long in_window_ = 0;
  double window_start_ = 0;  // s
};

}  // namespace cl
