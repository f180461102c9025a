#include "io/sweep_csv.h"

#include <cmath>
#include <map>
#include <sstream>

#include "core/number_format.h"
#include "core/text.h"
#include "io/csv.h"

namespace cl {
namespace {

/// A count as the sweep writes it: decimal digits, no sign, no leading
/// zero, no exponent ("0x0", "-0", "1e0" and "007" are not row keys).
std::optional<long long> read_count(const std::string& cell) {
  if (cell.empty() || cell.size() > 18 || (cell.size() > 1 && cell[0] == '0')) return std::nullopt;
  long long value = 0;
  for (char c : cell) {
    if (c < '0' || c > '9') return std::nullopt;
    value = 10 * value + (c - '0');
  }
  return value;
}

/// index and runs, the first two cells of a row.
bool read_row_key(const std::string& line, long long& index, long long& runs) {
  const size_t first = line.find(',');
  const size_t second = first == std::string::npos ? first : line.find(',', first + 1);
  if (second == std::string::npos) return false;
  const std::optional<long long> i = read_count(line.substr(0, first));
  const std::optional<long long> n = read_count(line.substr(first + 1, second - first - 1));
  if (!i || !n || *n < 1 || *i >= *n || *n > kMaxSweepRuns) return false;
  index = *i;
  runs = *n;
  return true;
}

std::string run_ranges(const std::vector<long long>& missing) {
  std::string text;
  for (size_t k = 0; k < missing.size() && k < 8;) {
    size_t end = k;
    while (end + 1 < missing.size() && missing[end + 1] == missing[end] + 1) ++end;
    text += (text.empty() ? "" : ", ") + std::to_string(missing[k]) +
            (end > k ? "-" + std::to_string(missing[end]) : "");
    k = end + 1;
  }
  return text;
}

}  // namespace

void write_sweep_header(std::ostream& out, const std::string& parameter, const std::vector<SeriesSpec>& quantities) {
  out << "index,runs," << parameter;
  for (const SeriesSpec& q : quantities) out << ',' << q.name;
  out << ",failure\n";
}

void write_sweep_row(std::ostream& out, const SweepRow& row, long long runs, size_t quantity_count) {
  out << row.index << ',' << runs << ',' << format_number(row.value);
  for (size_t q = 0; q < quantity_count; ++q) {
    out << ',';
    if (q < row.summary.size() && !std::isnan(row.summary[q])) out << format_number(row.summary[q]);
  }
  out << ',' << csv_text_cell(row.failure) << '\n';
}

std::optional<std::string> merge_sweep_csv(const std::vector<std::string>& names, const std::vector<std::string>& texts,
                                           std::ostream& out) {
  std::string header;
  long long runs = 0;
  std::map<long long, std::string> rows;
  for (size_t f = 0; f < texts.size(); ++f) {
    std::istringstream in(texts[f]);
    std::string line;
    if (!std::getline(in, line) || line.rfind("index,runs,", 0) != 0)
      return text("sweep.merge_not_table", {{"file", names[f]}});
    if (header.empty()) header = line;
    if (line != header) return text("sweep.merge_columns_differ", {{"file", names[f]}, {"first", names[0]}});
    for (long long number = 2; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      long long index = 0, n = 0;
      if (!read_row_key(line, index, n))
        return text("sweep.merge_no_key", {{"file", names[f]}, {"line", std::to_string(number)}});
      if (runs == 0) runs = n;
      if (n != runs)
        return text("sweep.merge_run_count", {{"file", names[f]},
                                              {"line", std::to_string(number)},
                                              {"runs", std::to_string(n)},
                                              {"others", std::to_string(runs)}});
      if (!rows.emplace(index, line).second)
        return text("sweep.merge_twice", {{"file", names[f]}, {"index", std::to_string(index)}});
    }
  }
  std::vector<long long> missing;
  for (long long i = 0; i < runs && missing.size() < 1000; ++i)
    if (!rows.count(i)) missing.push_back(i);
  if (runs == 0) return text("sweep.merge_no_runs");
  if (!missing.empty())
    return text("sweep.merge_missing", {{"runs", run_ranges(missing) + (missing.size() > 8 ? ", ..." : "")},
                                        {"total", std::to_string(runs)}});
  out << header << '\n';
  for (const auto& [index, line] : rows) out << line << '\n';
  return std::nullopt;
}

}  // namespace cl
