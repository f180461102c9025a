#pragma once
#include <cmath>
#include <string>
#include <vector>

namespace cl {

/// Something that happened at one instant: a contact onset, a thread going
/// slack, ... `fields` follow the scene's event_fields; NaN = not applicable.
struct Event {
  double t = 0;      ///< s
  std::string kind;  ///< "slack", "taut", "wall", ...
  std::vector<double> fields;
};

inline Event make_event(double t, std::string kind, size_t field_count) {
  return Event{t, std::move(kind), std::vector<double>(field_count, std::nan(""))};
}

}  // namespace cl
