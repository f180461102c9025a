#pragma once
// CSV output shared by the CLI and the app's export buttons.
#include <ostream>
#include <string>
#include <vector>

#include "core/event.h"
#include "core/report_table.h"
#include "core/series_recorder.h"

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

/// "t,kind,<fields...>".
void write_events_header(std::ostream& out, const std::vector<std::string>& fields);
/// One event; fields that do not apply (NaN) are left empty.
void write_event_row(std::ostream& out, const Event& e);

/// A scene's report table: header "name (unit)", then its rows.
void write_report_csv(std::ostream& out, const ReportTable& table);

}  // namespace cl
