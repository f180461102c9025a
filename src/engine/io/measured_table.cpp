#include "io/measured_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"

namespace cl {
namespace {

constexpr std::array<char, 3> kSeparators = {',', ';', '\t'};
// Text from the file is shown (in messages, legends, JSON): valid UTF-8, cut here.
constexpr size_t kQuotedChars = 40;   // a cell quoted in a message
constexpr size_t kNameChars = 80;     // a column's name
constexpr size_t kUnitChars = 20;     // a column's unit
constexpr size_t kTitleChars = 200;   // the title (lines above the header can be many)

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

/// The lines of `text` without their line ends; blank lines and "#" comments dropped.
std::vector<std::string> content_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;  // a UTF-8 byte order mark
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!trimmed(line).empty() && trimmed(line)[0] != '#') lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

/// One line's cells split at `separator`, quotes removed ("" inside quotes is one ").
std::vector<std::string> cells_of(const std::string& line, char separator) {
  std::vector<std::string> cells(1);
  bool in_quotes = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_quotes) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cells.back() += '"';
        ++i;
      } else if (c == '"') {
        in_quotes = false;
      } else {
        cells.back() += c;
      }
    } else if (c == '"') {
      in_quotes = true;
    } else if (c == separator) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  for (auto& cell : cells) cell = trimmed(cell);
  return cells;
}

/// A cell as a number: decimal comma or point as the file writes them; NaN
/// for a missing value (empty, "NaN"); nullopt for anything else.
std::optional<double> cell_value(std::string cell, bool decimal_comma) {
  if (cell.empty() || cell == "NaN" || cell == "nan" || cell == "NAN") return std::numeric_limits<double>::quiet_NaN();
  if (decimal_comma) std::replace(cell.begin(), cell.end(), ',', '.');
  return parse_number(cell);
}

bool numeric_row(const std::vector<std::string>& cells, bool decimal_comma) {
  bool any = false;
  for (const auto& cell : cells) {
    const auto value = cell_value(cell, decimal_comma);
    if (!value) return false;
    any = any || !std::isnan(*value);
  }
  return any;
}

/// The index of the first row of numbers when cells are split at
/// `separator`, or lines.size().
size_t first_numeric_row(const std::vector<std::string>& lines, char separator) {
  size_t row = 0;
  while (row < lines.size() && !numeric_row(cells_of(lines[row], separator), separator != ',')) ++row;
  return row;
}

struct Layout {
  char separator = ',';
  size_t first_data = 0;  // the first row of numbers; the header is the line above
};

/// The separator under which the header (the line above the first row of
/// numbers) and that row split into the same number of cells; of several,
/// the one giving the most; ',' when none does. (Later rows are not asked:
/// a ragged row is the file's error, named by its row.)
Layout choose_layout(const std::vector<std::string>& lines) {
  Layout best;
  size_t best_cells = 0;
  for (char separator : kSeparators) {  // ',' first: it stands when no other fits
    const size_t first = first_numeric_row(lines, separator);
    if (separator == ',') best.first_data = first;
    if (first == 0 || first == lines.size()) continue;
    const size_t cells = cells_of(lines[first - 1], separator).size();
    if (cells == cells_of(lines[first], separator).size() && cells > best_cells) {
      best = {separator, first};
      best_cells = cells;
    }
  }
  return best;
}

MeasuredTableParse refused(const std::string& reason) {
  return {std::nullopt, text("measured.rejected", {{"reason", reason}})};
}

}  // namespace

std::pair<std::string, std::string> split_name_and_unit(const std::string& header) {
  const std::string h = trimmed(header);
  for (const auto& [open, close] : {std::pair{'(', ')'}, std::pair{'[', ']'}}) {
    const size_t at = h.rfind(open);
    if (at != std::string::npos && at > 0 && h.back() == close)
      return {trimmed(h.substr(0, at)), trimmed(h.substr(at + 1, h.size() - at - 2))};
  }
  const size_t slash = h.rfind(" / ");
  if (slash != std::string::npos && slash > 0) return {trimmed(h.substr(0, slash)), trimmed(h.substr(slash + 3))};
  return {h, ""};
}

MeasuredTableParse parse_measured_table(const std::string& text_in_file, const MeasuredTableLimits& limits) {
  if (text_in_file.size() > limits.max_bytes)
    return refused(text("measured.too_large", {{"bytes", std::to_string(text_in_file.size())},
                                                {"max", std::to_string(limits.max_bytes)}}));
  const std::vector<std::string> lines = content_lines(text_in_file);
  if (lines.empty()) return refused(text("measured.empty"));

  // The header is the last line before the first row of numbers.
  const auto [separator, first_data] = choose_layout(lines);
  const bool decimal_comma = separator != ',';
  if (first_data == lines.size()) return refused(text("measured.no_numbers"));
  if (first_data == 0) return refused(text("measured.no_header"));
  if (lines.size() - first_data > limits.max_rows)
    return refused(text("measured.too_many_rows", {{"rows", std::to_string(lines.size() - first_data)},
                                                    {"max", std::to_string(limits.max_rows)}}));

  MeasuredTable table;
  for (size_t i = 0; i + 1 < first_data; ++i) {
    std::string title_line;
    for (const auto& cell : cells_of(lines[i], separator))
      if (!cell.empty()) title_line += (title_line.empty() ? "" : " ") + cell;
    if (!title_line.empty()) table.title += (table.title.empty() ? "" : " / ") + title_line;
    if (table.title.size() > kTitleChars) break;
  }
  table.title = printable(table.title, kTitleChars);
  const std::vector<std::string> header = cells_of(lines[first_data - 1], separator);
  if (header.size() > limits.max_columns)
    return refused(text("measured.too_many_columns", {{"columns", std::to_string(header.size())},
                                                       {"max", std::to_string(limits.max_columns)}}));
  for (size_t c = 0; c < header.size(); ++c) {
    auto [name, unit] = split_name_and_unit(header[c]);
    name = printable(name, kNameChars);
    unit = printable(unit, kUnitChars);
    if (name.empty()) name = text("measured.column_n", {{"n", std::to_string(c + 1)}});
    for (const auto& earlier : table.columns)
      if (earlier.name == name) return refused(text("measured.column_twice", {{"name", printable(name, kQuotedChars)}}));
    table.columns.push_back({name, unit, {}});
  }

  for (size_t i = first_data; i < lines.size(); ++i) {
    const std::vector<std::string> cells = cells_of(lines[i], separator);
    const std::string row = std::to_string(i - first_data + 1);
    if (cells.size() > header.size())
      return refused(text("measured.too_many_cells", {{"row", row}, {"cells", std::to_string(cells.size())},
                                                      {"columns", std::to_string(header.size())}}));
    for (size_t c = 0; c < header.size(); ++c) {
      const std::string cell = c < cells.size() ? cells[c] : "";
      const auto value = cell_value(cell, decimal_comma);
      if (!value)
        return refused(text("measured.not_a_number", {{"row", row}, {"column", printable(table.columns[c].name, kQuotedChars)},
                                                      {"cell", printable(cell, kQuotedChars)}}));
      table.columns[c].values.push_back(*value);
    }
  }
  return {std::move(table), ""};
}

}  // namespace cl
