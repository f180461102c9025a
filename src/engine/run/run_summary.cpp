#include "run/run_summary.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"

namespace cl {
namespace {

enum Common { kEvents, kFirstEventTime, kFirstImpactSpeed, kFirstRestitution, kFirstDuration, kMaxPenetration,
              kEnergyLost, kCommonCount };

const double kNaN = std::nan("");

}  // namespace

std::vector<SeriesSpec> RunSummary::common_quantities() {
  return {{"events", "", text("summary.events")},
          {"t_first_event", "s", text("summary.t_first_event")},
          {"v_impact_first", "m/s", text("summary.v_impact_first")},
          {"e_first", "", text("summary.e_first")},
          {"duration_first", "s", text("summary.duration_first")},
          {"max_penetration", "m", text("summary.max_penetration")},
          {"E_lost", "J", text("summary.e_lost")}};
}

RunSummary::RunSummary(const Scene& scene)
    : quantities_(common_quantities()), values_(kCommonCount, kNaN), field_names_(scene.description().event_fields) {
  values_[kEvents] = 0;
  const std::vector<SeriesSpec> series = scene.series();
  for (size_t s = 0; s < series.size(); ++s)
    if (series[s].name == "E_total") energy_series_ = static_cast<int>(s);
  start_energy_ = mechanical_energy(scene);
}

double RunSummary::mechanical_energy(const Scene& scene) {
  if (energy_series_ < 0) return kNaN;
  scene.sample(sample_);
  return sample_[static_cast<size_t>(energy_series_)];
}

RunSummary::Impact RunSummary::impact_of(const Event& event) const {
  Impact impact{kNaN, kNaN, kNaN, kNaN};
  for (size_t f = 0; f < field_names_.size() && f < event.fields.size(); ++f) {
    const std::string& name = field_names_[f];
    const double value = event.fields[f];
    // The compliant contacts' fields (contact_tracker.h), or the impulse hits' normal speeds.
    if (name == "v_impact" || name == "vn_before") impact.v_in = std::abs(value);
    else if (name == "v_rebound" || name == "vn_after") impact.v_out = std::abs(value);
    else if (name == "max_penetration") impact.max_penetration = value;
    else if (name == "duration") impact.duration = value;
  }
  return impact;
}

void RunSummary::observe(const Event& event) {
  if (values_[kEvents] == 0 || event.t < values_[kFirstEventTime]) values_[kFirstEventTime] = event.t;
  values_[kEvents] += 1;
  const Impact impact = impact_of(event);
  if (std::isnan(impact.v_in)) return;
  // A compliant impact is logged when it ends, so an earlier onset may come later.
  if (std::isnan(values_[kFirstImpactSpeed]) || event.t < first_impact_time_) {
    first_impact_time_ = event.t;
    values_[kFirstImpactSpeed] = impact.v_in;
    values_[kFirstRestitution] = impact.v_in > 0 ? impact.v_out / impact.v_in : kNaN;
    values_[kFirstDuration] = impact.duration;
  }
  if (!std::isnan(impact.max_penetration))
    values_[kMaxPenetration] = std::isnan(values_[kMaxPenetration])
                                   ? impact.max_penetration
                                   : std::max(values_[kMaxPenetration], impact.max_penetration);
}

void RunSummary::finish(const Scene& scene) {
  values_[kEnergyLost] = start_energy_ - mechanical_energy(scene);
  quantities_.resize(kCommonCount);
  values_.resize(kCommonCount);
  for (const auto& [quantity, value] : scene.summary_values()) {
    quantities_.push_back(quantity);
    values_.push_back(value);
  }
}

}  // namespace cl
