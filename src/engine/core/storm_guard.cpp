#include "core/storm_guard.h"

#include "core/number_format.h"
#include "core/text.h"

namespace cl {

std::string StormGuard::describe() const {
  return text("storm.describe", {{"count", std::to_string(count_)},
                                 {"span", format_number(span_)},
                                 {"t", format_number(window_start_)}});
}

}  // namespace cl
