#pragma once
// CSV output shared by the CLI and the app's export buttons.
#include <ostream>
#include <string>
#include <vector>

#include "core/event.h"
#include "core/report_table.h"
#include "run/series_recorder.h"

namespace cl {

/// "t,x,y,...": the header row of a series table.
void write_csv_header(std::ostream& out, const std::vector<std::string>& names);
/// One row of numbers, shortest round-trip form.
void write_csv_row(std::ostream& out, const std::vector<double>& values);
/// A text cell: quoted when it holds a separator or a quote (RFC 4180),
/// line breaks turned into spaces so a row stays one line.
std::string csv_text_cell(const std::string& text);
/// Every stored sample of every series.
void write_series_csv(std::ostream& out, const SeriesRecorder& recorder);

/// The columns of compare runs' series in one table: the union of their
/// series names, in order of first appearance.
std::vector<std::string> compare_columns(const std::vector<const SeriesRecorder*>& runs);
/// For each of `columns`, the index of the run's series of that name in `names`, or -1.
std::vector<int> column_sources(const std::vector<std::string>& columns, const std::vector<std::string>& names);
/// One row of a compare table: `label`, then each column's value from
/// `values` (by column_sources), empty where the run has no such series.
void write_compare_row(std::ostream& out, const std::string& label, const std::vector<int>& sources,
                       const std::vector<double>& values);
/// Compare runs' stored series: "variant,t,x,...", each run's rows led by its label.
void write_compare_series_csv(std::ostream& out, const std::vector<std::string>& labels,
                              const std::vector<const SeriesRecorder*>& runs);

/// "t,kind,<fields...>".
void write_events_header(std::ostream& out, const std::vector<std::string>& fields);
/// One event; fields that do not apply (NaN) are left empty.
void write_event_row(std::ostream& out, const Event& e);

/// A scene's report table: header "name (unit)", then its rows.
void write_report_csv(std::ostream& out, const ReportTable& table);

}  // namespace cl
