// libFuzzer target: a measured table's text, as "Load data", a dropped CSV
// or --data would read it (io/measured_table.h). A table read must be whole
// and bounded: every column as long as the first, no infinite value, within
// the limits, its words valid UTF-8 (they are shown); a refusal must say why. Built and run by .ci/fuzz.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/message_text.h"
#include "io/measured_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const cl::MeasuredTableLimits limits;
  const cl::MeasuredTableParse parsed =
      cl::parse_measured_table(std::string(reinterpret_cast<const char*>(data), size), limits);
  if (!parsed.table) {
    if (parsed.error.empty() || !cl::is_valid_utf8(parsed.error)) std::abort();
    return 0;
  }
  const cl::MeasuredTable& table = *parsed.table;
  if (table.columns.empty() || table.columns.size() > limits.max_columns || table.rows() == 0 ||
      table.rows() > limits.max_rows)
    std::abort();
  if (!cl::is_valid_utf8(table.title)) std::abort();
  for (const auto& column : table.columns) {
    if (column.values.size() != table.rows() || column.name.empty() || !cl::is_valid_utf8(column.name) ||
        !cl::is_valid_utf8(column.unit))
      std::abort();
    for (double value : column.values)
      if (std::isinf(value)) std::abort();
  }
  return 0;
}
