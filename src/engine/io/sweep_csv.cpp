#include "io/sweep_csv.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include "core/number_format.h"
#include "core/message_text.h"
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

/// Reads a line (without its end) into `line`, at most `cap` + 1 bytes of
/// it: a longer line shows as longer than `cap`, the rest unread. False at
/// the end of the input.
bool read_capped_line(std::istream& in, std::string& line, size_t cap) {
  line.clear();
  std::istream::int_type c;
  while ((c = in.get()) != std::istream::traits_type::eof()) {
    if (c == '\n') return true;
    line.push_back(static_cast<char>(c));
    if (line.size() > cap) return true;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return !line.empty();
}

/// The first of a row's `count` leading cells that is neither empty nor a
/// finite number (the sweep writes a failed run's summary as empty cells).
std::optional<std::string> first_non_finite(const std::string& line, size_t count) {
  size_t begin = 0;
  for (size_t k = 0; k < count; ++k) {
    const size_t end = std::min(line.find(',', begin), line.size());
    const std::string cell = line.substr(begin, end - begin);
    if (!cell.empty()) {
      char* rest = nullptr;
      const double value = std::strtod(cell.c_str(), &rest);
      if (*rest != '\0' || !std::isfinite(value)) return cell;
    }
    if (end == line.size()) break;
    begin = end + 1;
  }
  return std::nullopt;
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

std::optional<std::string> SweepMerge::add(const std::string& name, std::istream& in) {
  std::string line;
  long long number = 1;
  const std::string max = std::to_string(kMaxLine);
  auto at = [&] { return std::to_string(number); };
  if (!read_capped_line(in, line, kMaxLine) || line.rfind("index,runs,", 0) != 0)
    return text("sweep.merge_not_table", {{"file", name}});
  if (header_.empty()) {
    header_ = line;
    first_name_ = name;
    number_cells_ = static_cast<size_t>(std::count(line.begin(), line.end(), ','));
  }
  if (line != header_) return text("sweep.merge_columns_differ", {{"file", name}, {"first", first_name_}});
  std::map<long long, std::string> rows;
  long long runs = runs_;
  while (++number, read_capped_line(in, line, kMaxLine)) {
    if (line.size() > kMaxLine) return text("sweep.merge_line_too_long", {{"file", name}, {"line", at()}, {"max", max}});
    if (line.empty()) continue;
    long long index = 0, n = 0;
    if (!read_row_key(line, index, n)) return text("sweep.merge_no_key", {{"file", name}, {"line", at()}});
    if (runs == 0) runs = n;
    if (n != runs)
      return text("sweep.merge_run_count",
                  {{"file", name}, {"line", at()}, {"runs", std::to_string(n)}, {"others", std::to_string(runs)}});
    if (const std::optional<std::string> cell = first_non_finite(line, number_cells_))
      return text("sweep.merge_not_finite", {{"file", name}, {"line", at()}, {"cell", cl::quoted(*cell)}});
    if (rows_.count(index) || !rows.emplace(index, line).second)
      return text("sweep.merge_twice", {{"file", name}, {"index", std::to_string(index)}});
  }
  if (in.bad()) return text("cli.cannot_read", {{"what", text("cli.what_sweep_table")}, {"path", name}});
  runs_ = runs;
  rows_.merge(rows);
  return std::nullopt;
}

std::optional<std::string> SweepMerge::incomplete() const {
  if (runs_ == 0) return text("sweep.merge_no_runs");
  std::vector<long long> missing;
  for (long long i = 0; i < runs_ && missing.size() < 1000; ++i)
    if (!rows_.count(i)) missing.push_back(i);
  if (!missing.empty())
    return text("sweep.merge_missing", {{"runs", run_ranges(missing) + (missing.size() > 8 ? ", ..." : "")},
                                        {"total", std::to_string(runs_)}});
  return std::nullopt;
}

void SweepMerge::write(std::ostream& out) const {
  out << header_ << '\n';
  for (const auto& [index, line] : rows_) out << line << '\n';
}

}  // namespace cl
