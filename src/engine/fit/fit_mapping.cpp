#include "fit/fit_mapping.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/number_format.h"
#include "core/text.h"
#include "core/unit_conversion.h"

namespace cl {
namespace {

constexpr const char* kTime = "t";
constexpr const char* kSeconds = "s";

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool same_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

/// The table's column named `name`: exactly, else the one equal but for case.
const MeasuredColumn* find_column(const MeasuredTable& table, const std::string& name) {
  for (const MeasuredColumn& c : table.columns)
    if (c.name == name) return &c;
  const MeasuredColumn* found = nullptr;
  for (const MeasuredColumn& c : table.columns)
    if (same_ignoring_case(c.name, name)) {
      if (found) return nullptr;  // two differ only by case: say which is meant
      found = &c;
    }
  return found;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

/// The factor converting `mapping`'s column to `si_unit`, noting an assumed unit.
std::optional<std::string> column_factor(const ColumnMapping& mapping, const MeasuredColumn& column,
                                         const std::string& si_unit, double& factor, std::vector<std::string>& notes) {
  const std::string unit = mapping.unit.empty() ? column.unit : mapping.unit;
  if (unit.empty()) {
    factor = 1;
    if (!si_unit.empty())
      notes.push_back(text("fit.note_unit_assumed", {{"column", column.name}, {"unit", si_unit}}));
    return std::nullopt;
  }
  if (unit == si_unit) {
    factor = 1;
    return std::nullopt;
  }
  const auto f = si_unit.empty() ? std::nullopt : si_factor(unit, si_unit);
  if (!f)
    return text("fit.unit_mismatch", {{"column", column.name}, {"unit", unit}, {"target", mapping.target},
                                      {"target_unit", si_unit.empty() ? "1" : si_unit}});
  factor = *f;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_column_mappings(const std::string& text_in, std::vector<ColumnMapping>& out) {
  std::vector<ColumnMapping> mappings;
  size_t begin = 0;
  while (begin <= text_in.size()) {
    const size_t end = std::min(text_in.find(',', begin), text_in.size());
    const std::string entry = trimmed(text_in.substr(begin, end - begin));
    begin = end + 1;
    const size_t equals = entry.find('=');
    ColumnMapping m;
    if (equals != std::string::npos) {
      std::string left = trimmed(entry.substr(0, equals));
      m.target = trimmed(entry.substr(equals + 1));
      const size_t open = left.rfind('[');
      if (open != std::string::npos && open > 0 && left.back() == ']') {
        m.unit = trimmed(left.substr(open + 1, left.size() - open - 2));
        left = trimmed(left.substr(0, open));
      }
      m.column = left;
    }
    if (m.column.empty() || m.target.empty() || m.target.find('=') != std::string::npos)
      return text("fit.map_entry", {{"entry", entry}});
    mappings.push_back(std::move(m));
  }
  out = std::move(mappings);
  return std::nullopt;
}

std::optional<std::string> read_fit_target(const MeasuredTable& table, const std::vector<ColumnMapping>& mappings,
                                           const SceneDescription& description, const std::vector<SeriesSpec>& series,
                                           FitTarget& out, std::vector<std::string>& notes) {
  const ColumnMapping* time = nullptr;
  const ColumnMapping* target = nullptr;
  for (const ColumnMapping& m : mappings) {
    const bool is_time = m.target == kTime;
    const ColumnMapping*& slot = is_time ? time : target;
    if (slot && is_time) return text("fit.map_two_times", {{"a", slot->column}, {"b", m.column}});
    if (slot) return text("fit.map_two_targets", {{"a", slot->target}, {"b", m.target}});
    slot = &m;
  }
  if (!target) return text("fit.map_no_target");

  FitTarget result;
  result.name = target->target;
  std::string target_unit;
  if (const auto s = find_series(series, target->target)) {
    result.kind = FitTarget::Kind::Series;
    result.name = series[*s].name;
    target_unit = series[*s].unit;
    if (!time) return text("fit.map_no_time", {{"target", result.name}});
  } else if (std::find(description.event_kinds.begin(), description.event_kinds.end(), target->target) !=
             description.event_kinds.end()) {
    result.kind = FitTarget::Kind::EventTimes;
    target_unit = kSeconds;
    if (time) return text("fit.map_time_for_events", {{"kind", result.name}});
  } else {
    std::vector<std::string> names;
    for (const SeriesSpec& s : series)
      if (s.name != kTime) names.push_back(s.name);
    names.insert(names.end(), description.event_kinds.begin(), description.event_kinds.end());
    return text("fit.unknown_target", {{"target", target->target}, {"targets", joined(names)}});
  }

  std::vector<std::string> column_names;
  for (const MeasuredColumn& c : table.columns) column_names.push_back(c.name);
  const auto column_of = [&](const ColumnMapping& m, const MeasuredColumn*& c) -> std::optional<std::string> {
    c = find_column(table, m.column);
    if (!c) return text("fit.unknown_column", {{"column", m.column}, {"columns", joined(column_names)}});
    return std::nullopt;
  };
  const MeasuredColumn* value_column = nullptr;
  const MeasuredColumn* time_column = nullptr;
  double value_factor = 1, time_factor = 1;
  if (auto error = column_of(*target, value_column)) return error;
  if (auto error = column_factor(*target, *value_column, target_unit, value_factor, notes)) return error;
  if (time) {
    if (auto error = column_of(*time, time_column)) return error;
    if (auto error = column_factor(*time, *time_column, kSeconds, time_factor, notes)) return error;
  }

  // Rows with every mapped cell present, in the order of time.
  std::vector<std::pair<double, double>> rows;  // (s, target unit); event times: (s, 0)
  for (size_t r = 0; r < table.rows(); ++r) {
    const double v = value_column->values[r] * value_factor;
    const double t = time_column ? time_column->values[r] * time_factor : v;
    if (!std::isfinite(v) || !std::isfinite(t)) continue;
    if (result.kind == FitTarget::Kind::Series && t < 0)
      return text("fit.negative_time", {{"t", format_number(t)}, {"column", time_column->name}});
    rows.emplace_back(t, result.kind == FitTarget::Kind::Series ? v : 0);
  }
  if (rows.size() < 2) return text("fit.too_few_rows", {{"n", std::to_string(rows.size())}});
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [t, v] : rows) {
    result.times.push_back(t);
    if (result.kind == FitTarget::Kind::Series) result.values.push_back(v);
  }
  out = std::move(result);
  return std::nullopt;
}

}  // namespace cl
