#include "contact/contact_tracker.h"

#include <algorithm>

namespace cl {

const std::vector<std::string>& impact_fields() {
  static const std::vector<std::string> fields = {"v_impact", "max_penetration", "duration", "v_rebound",
                                                  "restitution"};
  return fields;
}

void write_impact_fields(const ImpactSummary& impact, Event& event, size_t first) {
  event.fields[first] = impact.impact_speed;
  event.fields[first + 1] = impact.max_penetration;
  event.fields[first + 2] = impact.duration;
  event.fields[first + 3] = impact.rebound_speed;
  event.fields[first + 4] = impact.restitution;
}

void begin_contact(TrackedContact& c, double t, double rate, double gap, double force, ImpactLoopLog& loops,
                   const std::string& kind, int i, int j) {
  c.active = true;
  c.impact_speed = rate;
  c.onset = t;
  c.max_penetration = 0;
  c.loop = loops.begin(t, kind, i, j);
  follow_contact(c, gap, force, loops);
}

ImpactSummary end_contact(TrackedContact& c, double t, double rate) {
  c.active = false;
  ImpactSummary s;
  s.onset = c.onset;
  s.impact_speed = c.impact_speed;
  s.max_penetration = c.max_penetration;
  s.duration = t - c.onset;
  s.rebound_speed = -rate;
  s.restitution = c.impact_speed > 0 ? -rate / c.impact_speed : std::nan("");
  return s;
}

void follow_contact(TrackedContact& c, double gap, double force, ImpactLoopLog& loops) {
  c.max_penetration = std::max(c.max_penetration, -gap);
  loops.add_point(c.loop, std::max(0.0, -gap), force);
}

}  // namespace cl
