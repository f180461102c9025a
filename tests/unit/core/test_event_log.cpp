// EventLog: the most recent `capacity` events, in order, with a count of
// those forgotten, and each kind's first time.
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

TEST_CASE("EventLog remembers each kind's first time after the event is forgotten, until cleared") {
  cl::EventLog log(3);
  log.add(cl::make_event(0.25, "bounce", 1));
  log.add(cl::make_event(0.5, "wall", 1));
  for (int i = 1; i <= 10; ++i) log.add(cl::make_event(0.5 + i, "bounce", 1));
  CHECK(log.events().front().t == 8.5);  // the first bounce is long forgotten
  CHECK(log.first_times().at("bounce") == 0.25);
  CHECK(log.first_times().at("wall") == 0.5);
  CHECK(log.first_times().size() == 2);
  log.clear();
  CHECK(log.first_times().empty());
  log.add(cl::make_event(0.75, "bounce", 1));
  CHECK(log.first_times().at("bounce") == 0.75);
}
