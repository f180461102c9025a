#include "run/question_meter.h"

#include <cmath>

#include "core/message_text.h"
#include "core/text.h"

namespace cl {
namespace {

/// The run summary of `summary` so far with `scene` as its end (finish() on a copy).
std::vector<double> summary_now(RunSummary summary, const Scene& scene, std::vector<SeriesSpec>& quantities) {
  summary.finish(scene);
  quantities = summary.quantities();
  return summary.values();
}

}  // namespace

std::vector<SeriesSpec> question_quantities(const Scene& scene) {
  std::vector<SeriesSpec> known;
  summary_now(RunSummary(scene), scene, known);
  const std::vector<SeriesSpec> series = scene.series();
  known.insert(known.end(), series.begin() + 1, series.end());  // series()[0] is the time
  return known;
}

std::optional<std::string> question_problem(const Question& question, const std::vector<SeriesSpec>& known) {
  if (find_series(known, question.quantity)) return std::nullopt;
  std::string names;
  for (const SeriesSpec& q : known) names += (names.empty() ? "" : ", ") + q.name;
  return text("question.unknown_quantity", {{"name", quoted(question.quantity)}, {"names", names}});
}

QuestionMeter::QuestionMeter(const Scene& start, std::vector<Question> questions)
    : questions_(std::move(questions)), summary_(start) {
  std::vector<SeriesSpec> summarised;
  summary_now(summary_, start, summarised);
  const std::vector<SeriesSpec> series = start.series();
  for (const Question& q : questions_) {
    const std::optional<size_t> k = find_series(summarised, q.quantity);
    const std::optional<size_t> s = find_series(series, q.quantity);
    if (k) {
      readings_.push_back({summarised[*k], false, std::nan("")});
      series_index_.push_back(kFromSummary);
    } else if (s && *s > 0) {  // series()[0] is the time
      readings_.push_back({series[*s], false, std::nan("")});
      series_index_.push_back(static_cast<int>(*s));
    } else {
      readings_.push_back({{q.quantity, "", q.quantity}, false, std::nan("")});
      series_index_.push_back(kUnknown);
    }
  }
}

void QuestionMeter::observe(const Event& event) { summary_.observe(event); }

void QuestionMeter::sample(const Scene& scene, const std::vector<double>& sample) {
  const double t = scene.time();
  std::vector<SeriesSpec> quantities;
  std::vector<double> summary;  // taken once per sample, only when a question's time has come
  for (size_t i = 0; i < questions_.size(); ++i) {
    Reading& r = readings_[i];
    // The first sample at or after the time (the grid's round-off allowed for).
    if (r.taken || t < questions_[i].at * (1 - 1e-12)) continue;
    r.taken = true;
    if (series_index_[i] >= 0) {
      r.value = sample[static_cast<size_t>(series_index_[i])];
    } else if (series_index_[i] == kFromSummary) {
      if (summary.empty()) summary = summary_now(summary_, scene, quantities);
      if (const std::optional<size_t> k = find_series(quantities, r.quantity.name)) r.value = summary[*k];
    }
  }
}

}  // namespace cl
