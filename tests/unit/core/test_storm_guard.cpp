// StormGuard: a Zeno series of events is caught within one window; a steady
// rate, however high below the threshold, never is.
#include <doctest/doctest.h>

#include "core/storm_guard.h"

TEST_CASE("storm guard: a Zeno series (each gap 1 % shorter) is caught, a steady 1e6 events/s is not") {
  cl::StormGuard guard(10000, 1e-4);
  guard.restart(0);
  double t = 0, gap = 1e-3;
  long long events = 0;
  bool caught = false;
  while (!caught && events < 10000000) {
    t += gap;
    gap *= 0.99;
    ++events;
    caught = guard.storm(t);
  }
  MESSAGE("Zeno series (t -> 0.1 s) caught after " << events << " events: " << guard.describe());
  CHECK(caught);
  CHECK(events <= 20000);

  cl::StormGuard steady(10000, 1e-4);
  steady.restart(0);
  bool false_alarm = false;
  for (long long k = 1; k <= 1000000 && !false_alarm; ++k) false_alarm = steady.storm(k * 1e-6);
  CHECK(!false_alarm);
}
