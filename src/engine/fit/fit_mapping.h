#pragma once
// Which measured column is what in a scene: the column picker's choice, or
// the CLI's --map, "COLUMN=TARGET,COLUMN=TARGET":
//   t=t             the column of times, for a series target;
//   y=com_height    a series, at those times;
//   Time=bounce     times of the scene's events of that kind (no time column).
// COLUMN is a header's name without its unit ("Time" for "Time (s)"), or
// the whole header. A unit in brackets after it overrides the file's:
// "y[mm]=com_height". Values are converted to the target's unit (times to
// s) by core/unit_conversion.h; a column without a unit is read in the
// target's own, and a note says so. Rows where a mapped cell is empty are
// left out.
#include <optional>
#include <string>
#include <vector>

#include "core/scene.h"
#include "fit/run_residuals.h"
#include "io/measured_table.h"

namespace cl {

/// One column's place in the fit: `column` of the table read in `unit`.
struct ColumnMapping {
  std::string column;
  std::string unit;    ///< "" = the file's, or the target's when the file names none
  std::string target;  ///< "t", a series name or an event kind
};

/// Parses "COLUMN[UNIT]=TARGET,..."; an error text naming the part that is wrong.
std::optional<std::string> parse_column_mappings(const std::string& text, std::vector<ColumnMapping>& out);

/// The fit's target from `table` and `mappings`, checked against the scene's
/// series and event kinds; `notes` gets what was assumed (a unit).
std::optional<std::string> read_fit_target(const MeasuredTable& table, const std::vector<ColumnMapping>& mappings,
                                           const SceneDescription& description, const std::vector<SeriesSpec>& series,
                                           FitTarget& out, std::vector<std::string>& notes);

}  // namespace cl
