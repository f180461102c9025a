#pragma once
// The most recent events of a run, in bounded memory.
#include <deque>

#include "core/event.h"

namespace cl {

class EventLog {
 public:
  explicit EventLog(size_t capacity) : capacity_(capacity) {}
  void add(Event e) {
    if (events_.size() == capacity_) {
      events_.pop_front();
      ++dropped_;
    }
    events_.push_back(std::move(e));
  }
  void clear() { events_.clear(); dropped_ = 0; }
  const std::deque<Event>& events() const { return events_; }
  /// Events forgotten because the log was full.
  size_t dropped() const { return dropped_; }
  size_t total() const { return events_.size() + dropped_; }

 private:
  size_t capacity_;
  std::deque<Event> events_;
  size_t dropped_ = 0;
};

}  // namespace cl
