#include "core/storm_guard.h"

#include "core/number_format.h"

namespace cl {

std::string StormGuard::describe() const {
  return std::to_string(count_) + " within " + format_number(span_) + " s from t = " + format_number(window_start_) +
         " s";
}

}  // namespace cl
