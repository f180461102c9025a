#pragma once
// A sweep's table: one row per run, "index,runs,NAME,<summary...>,failure".
// index and runs let slices written on different machines be merged and
// checked for completeness.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/scene.h"
#include "core/sweep.h"

namespace cl {

void write_sweep_header(std::ostream& out, const std::string& parameter, const std::vector<SeriesSpec>& quantities);
/// One run; a summary shorter than `quantity_count` (a run that never
/// started) is padded with empty cells.
void write_sweep_row(std::ostream& out, const SweepRow& row, long long runs, size_t quantity_count);

/// Joins the CSVs of a sweep's slices into one table sorted by index.
/// Refuses (naming the file) different headers, a run listed twice, and
/// missing runs, so a lost shard is never merged silently.
std::optional<std::string> merge_sweep_csv(const std::vector<std::string>& names, const std::vector<std::string>& texts,
                                           std::ostream& out);

}  // namespace cl
