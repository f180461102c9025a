#pragma once
// The most recent events of a run, in bounded memory, and the time of each
// kind's first event (kept when the event itself is forgotten).
#include <deque>
#include <map>
#include <string>

#include "core/event.h"

namespace cl {

class EventLog {
 public:
  explicit EventLog(size_t capacity) : capacity_(capacity) {}
  void add(Event e) {
    first_times_.try_emplace(e.kind, e.t);  // a kind seen before: no change, and no copy of its name
    if (events_.size() == capacity_) {
      events_.pop_front();
      ++dropped_;
    }
    events_.push_back(std::move(e));
  }
  void clear() {
    events_.clear();
    dropped_ = 0;
    first_times_.clear();
  }
  const std::deque<Event>& events() const { return events_; }
  /// Events forgotten because the log was full.
  size_t dropped() const { return dropped_; }
  size_t total() const { return events_.size() + dropped_; }
  /// Kind -> the time of its first event since the last clear (s): where a
  /// measured series of such events is aligned to the run.
  const std::map<std::string, double>& first_times() const { return first_times_; }

 private:
  size_t capacity_;
  std::deque<Event> events_;
  size_t dropped_ = 0;
  std::map<std::string, double> first_times_;
};

}  // namespace cl
