#include "io/csv.h"

#include <algorithm>
#include <cmath>

#include "core/number_format.h"

namespace cl {

void write_csv_header(std::ostream& out, const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) out << (i ? "," : "") << names[i];
  out << '\n';
}

void write_csv_row(std::ostream& out, const std::vector<double>& values) {
  // The row in one buffer, written at once: a stream insertion per number
  // cost more than the number's digits.
  thread_local std::string row;
  row.resize(values.size() * (kNumberChars + 1) + 1);
  size_t length = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) row[length++] = ',';
    length += write_number(values[i], &row[length]);
  }
  row[length++] = '\n';
  out.write(row.data(), static_cast<std::streamsize>(length));
}

std::string csv_text_cell(const std::string& text) {
  std::string cell;
  bool quote = false;
  for (char c : text) {
    if (c == '\n' || c == '\r') c = ' ';
    if (c == ',' || c == '"') quote = true;
    if (c == '"') cell += '"';
    cell += c;
  }
  return quote ? '"' + cell + '"' : cell;
}

void write_series_csv(std::ostream& out, const SeriesRecorder& recorder) {
  write_csv_header(out, recorder.names());
  std::vector<double> row(recorder.names().size());
  for (size_t k = 0; k < recorder.size(); ++k) {
    for (size_t s = 0; s < row.size(); ++s) row[s] = recorder.at(s, k);
    write_csv_row(out, row);
  }
}

std::vector<std::string> compare_columns(const std::vector<const SeriesRecorder*>& runs) {
  std::vector<std::string> columns;
  for (const SeriesRecorder* run : runs)
    for (const std::string& name : run->names())
      if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
  return columns;
}

std::vector<int> column_sources(const std::vector<std::string>& columns, const std::vector<std::string>& names) {
  std::vector<int> sources(columns.size(), -1);
  for (size_t c = 0; c < columns.size(); ++c)
    for (size_t s = 0; s < names.size(); ++s)
      if (names[s] == columns[c]) sources[c] = static_cast<int>(s);
  return sources;
}

void write_compare_row(std::ostream& out, const std::string& label, const std::vector<int>& sources,
                       const std::vector<double>& values) {
  out << csv_text_cell(label);
  for (size_t c = 0; c < sources.size(); ++c) {
    out << ',';  // a column this run lacks (another body count) stays empty
    if (sources[c] >= 0) out << format_number(values[static_cast<size_t>(sources[c])]);
  }
  out << '\n';
}

void write_compare_series_csv(std::ostream& out, const std::vector<std::string>& labels,
                              const std::vector<const SeriesRecorder*>& runs) {
  const std::vector<std::string> columns = compare_columns(runs);
  out << "variant,";
  write_csv_header(out, columns);
  for (size_t r = 0; r < runs.size(); ++r) {
    const std::vector<int> sources = column_sources(columns, runs[r]->names());
    std::vector<double> values(runs[r]->names().size());
    for (size_t k = 0; k < runs[r]->size(); ++k) {
      for (size_t s = 0; s < values.size(); ++s) values[s] = runs[r]->at(s, k);
      write_compare_row(out, labels[r], sources, values);
    }
  }
}

void write_events_header(std::ostream& out, const std::vector<std::string>& fields) {
  out << "t,kind";
  for (const std::string& f : fields) out << ',' << f;
  out << '\n';
}

void write_event_row(std::ostream& out, const Event& e) {
  out << format_number(e.t) << ',' << e.kind;
  for (double v : e.fields) {
    out << ',';
    if (!std::isnan(v)) out << format_number(v);
  }
  out << '\n';
}

void write_report_csv(std::ostream& out, const ReportTable& table) {
  std::vector<std::string> names;
  for (const ReportColumn& c : table.columns) names.push_back(c.unit.empty() ? c.name : c.name + " (" + c.unit + ")");
  write_csv_header(out, names);
  for (const std::vector<double>& row : table.rows) write_csv_row(out, row);
}

}  // namespace cl
