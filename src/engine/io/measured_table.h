#pragma once
// Measurements a user brings to compare a run with (and to fit it to): a
// table of numbers as phyphox, Tracker or a spreadsheet exports it.
//   - one header row naming the columns, each name optionally with its unit:
//     "Time (s)", "y [mm]", "t / ms"; rows above it (Tracker writes the
//     track's name) become the title;
//   - cells separated by commas, semicolons or tabs (whichever splits the
//     header and the first rows alike), quoted as RFC 4180 quotes them;
//   - decimal points, or decimal commas when cells are not comma-separated
//     (phyphox's "semicolon, decimal comma" export);
//   - an empty cell or NaN is a missing value (Tracker leaves frames without
//     a mark empty); any other cell that is not a number rejects the file,
//     naming its row and column.
// Read within limits (bytes, rows, columns): a file past them is refused,
// never half-read.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cl {

struct MeasuredColumn {
  std::string name;            ///< the header cell without its unit: "Time", "y"
  std::string unit;            ///< the unit the header gives ("s", "mm"), "" when none
  std::vector<double> values;  ///< one per data row; NaN where the cell is empty
};

struct MeasuredTable {
  std::string title;  ///< the lines above the header, joined by " / "; "" when none
  std::vector<MeasuredColumn> columns;
  size_t rows() const { return columns.empty() ? 0 : columns.front().values.size(); }
};

struct MeasuredTableLimits {
  size_t max_bytes = 8u << 20;  ///< 100,000 rows of 8 columns at 10 characters a cell
  size_t max_rows = 100000;
  size_t max_columns = 64;
};

struct MeasuredTableParse {
  std::optional<MeasuredTable> table;
  std::string error;  ///< in the current language, when `table` is empty
};

/// Reads a measured table's text (see the top of this file).
MeasuredTableParse parse_measured_table(const std::string& text, const MeasuredTableLimits& limits = {});

/// The header cell "Time (s)" split into {"Time", "s"}; "t [ms]", "y / mm"
/// likewise; a name without a unit comes back with "".
std::pair<std::string, std::string> split_name_and_unit(const std::string& header);

}  // namespace cl
