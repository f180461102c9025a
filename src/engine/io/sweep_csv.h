#pragma once
// A sweep's table: one row per run, "index,runs,NAME,<summary...>,failure".
// index and runs let slices written on different machines be merged and
// checked for completeness.
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/scene.h"
#include "run/sweep.h"

namespace cl {

void write_sweep_header(std::ostream& out, const std::string& parameter, const std::vector<SeriesSpec>& quantities);
/// One run; a summary shorter than `quantity_count` (a run that never
/// started) is padded with empty cells.
void write_sweep_row(std::ostream& out, const SweepRow& row, long long runs, size_t quantity_count);

/// Joins the CSVs of a sweep's slices into one table sorted by index. Each
/// is read a line at a time: memory grows with the rows kept, never with a
/// line (one longer than kMaxLine is refused: /dev/zero is not a table).
/// Refuses, naming the file and line, different headers, a run listed twice,
/// missing runs and a cell that is not a finite number (nan, inf, 1e999), so
/// a lost or damaged shard is never merged silently.
class SweepMerge {
 public:
  /// Bytes in a row: a sweep writes ~20 numbers and a message.
  static constexpr size_t kMaxLine = 64 << 10;

  /// Reads the slice `name` from `in`; on error nothing of it is kept.
  std::optional<std::string> add(const std::string& name, std::istream& in);
  /// What keeps the tables added from making the whole sweep: no runs, or
  /// the runs missing. Nothing once every run was added.
  std::optional<std::string> incomplete() const;
  /// The joined table (whole when incomplete() says nothing).
  void write(std::ostream& out) const;

 private:
  std::string header_, first_name_;
  size_t number_cells_ = 0;  // cells before the failure text: index, runs, the value, the summary
  long long runs_ = 0;
  std::map<long long, std::string> rows_;
};

}  // namespace cl
