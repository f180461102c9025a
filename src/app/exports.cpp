// Exports: the series, events, scene file, loops and report as files.
#include "app.h"

#include <sstream>

#include "io/csv.h"
#include "io/impact_loops_io.h"
#include "io/scene_file.h"

namespace cl::app {

std::optional<App::ExportText> App::export_text(const std::string& what) const {
  const std::string base = "contactlab-" + sim_->description().id;
  std::ostringstream out;
  std::vector<std::string> labels;
  for (const Variant& v : compare_variants()) labels.push_back(v.label());
  if (what == "series" && !labels.empty()) {
    std::vector<const SeriesRecorder*> runs;
    for (size_t k = 0; k < run_count(); ++k) runs.push_back(&run(k)->series());
    write_compare_series_csv(out, labels, runs);
    return ExportText{base + "-compare-series.csv", "text/csv", out.str()};
  }
  if (what == "series") {
    write_series_csv(out, sim_->series());
    return ExportText{base + "-series.csv", "text/csv", out.str()};
  }
  if (what == "events") {
    // Compared: each row led by its run's label, as the CLI writes them.
    if (!labels.empty()) out << "variant,";
    write_events_header(out, sim_->description().event_fields);
    for (size_t k = 0; k < run_count(); ++k)
      for (const Event& e : run(k)->events().events()) {
        if (!labels.empty()) out << csv_text_cell(labels[k]) << ',';
        write_event_row(out, e);
      }
    return ExportText{base + (labels.empty() ? "" : "-compare") + "-events.csv", "text/csv", out.str()};
  }
  if (what == "loops" && sim_->scene().impact_loops()) {
    write_impact_loops_csv(out, *sim_->scene().impact_loops());
    return ExportText{base + "-loops.csv", "text/csv", out.str()};
  }
  if (what == "report") {
    if (const std::optional<ReportTable> table = sim_->scene().report()) {
      write_report_csv(out, *table);
      return ExportText{base + "-report.csv", "text/csv", out.str()};
    }
  }
  if (what == "scene") return ExportText{base + ".json", "application/json", scene_file_json(*sim_, compare_variants()).dump(2) + "\n"};
  return std::nullopt;
}

void App::export_file(const std::string& what) {
  if (what == "png") png_requested_ = true;
  else if (const std::optional<ExportText> file = export_text(what)) page_download_text(file->filename, file->mime, file->text);
}

}  // namespace cl::app
