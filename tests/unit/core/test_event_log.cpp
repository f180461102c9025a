// EventLog: the most recent `capacity` events, in order, with a count of
// those forgotten.
#include <algorithm>
#include <cmath>

#include <doctest/doctest.h>

#include "core/event_log.h"

TEST_CASE("EventLog keeps the newest events and counts the dropped ones") {
  cl::EventLog log(5);
  for (int i = 0; i < 12; ++i) log.add(cl::make_event(i, "tick", 2));
  CHECK(log.events().size() == 5);
  CHECK(log.dropped() == 7);
  CHECK(log.total() == 12);
  for (size_t k = 0; k < 5; ++k) CHECK(log.events()[k].t == 7.0 + k);
  CHECK(std::isnan(log.events()[0].fields[1]));  // make_event: fields not applicable yet
  log.clear();
  CHECK(log.events().empty());
  CHECK(log.total() == 0);
}

TEST_CASE("EventLog stays bounded over 1e6 events") {
  cl::EventLog log(100);
  size_t largest = 0;
  for (int i = 0; i < 1000000; ++i) {
    log.add(cl::make_event(i, "wall", 4));
    largest = std::max(largest, log.events().size());
  }
  MESSAGE("1e6 events into capacity 100: largest size " << largest << ", dropped " << log.dropped());
  CHECK(largest == 100);
  CHECK(log.dropped() == 1000000 - 100);
  CHECK(log.events().back().t == 999999.0);
  CHECK(log.events().front().t == 999900.0);
}
