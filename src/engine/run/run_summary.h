#pragma once
// One row per run: the quantities a parameter sweep plots against the
// parameter (the effective restitution of the first impact, the largest
// penetration, the energy lost, ...). Built from the run's events as they
// come and from the scene at the start and the end, so it needs no stored
// history however long the run.
#include <string>
#include <vector>

#include "core/event.h"
#include "core/scene.h"

namespace cl {

class RunSummary {
 public:
  /// Reads the scene's event fields and its mechanical energy at the start.
  explicit RunSummary(const Scene& scene);

  void observe(const Event& event);
  /// Takes the end of the run: the energy lost and the scene's own quantities.
  void finish(const Scene& scene);

  /// Every scene reports these, NaN where they do not apply (no impact yet);
  /// labelled in the current language.
  static std::vector<SeriesSpec> common_quantities();
  /// The common quantities, then the scene's own (Scene::summary_values).
  const std::vector<SeriesSpec>& quantities() const { return quantities_; }
  const std::vector<double>& values() const { return values_; }

 private:
  double mechanical_energy(const Scene& scene);
  /// v_in, v_out, max penetration and duration of an impact event; v_in NaN if it is none.
  struct Impact {
    double v_in, v_out, max_penetration, duration;  // m/s, m/s, m, s
  };
  Impact impact_of(const Event& event) const;

  std::vector<SeriesSpec> quantities_;
  std::vector<double> values_;
  std::vector<std::string> field_names_;
  int energy_series_ = -1;
  double start_energy_ = 0;
  double first_impact_time_ = 0;  // s, onset of the impact behind the *_first values
  std::vector<double> sample_;
};

}  // namespace cl
