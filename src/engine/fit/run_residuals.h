#pragma once
// What a fit of a scene minimises (fit/least_squares_fit.h): one run with
// the varied parameters set, compared with measured data.
//   Series: the series at the data's times, linear between samples taken at
//     a tenth of the data's spacing, minus the data.
//   Event times (a ball's bounces, as phyphox hears them): the run's first n
//     onsets of that kind minus the data's n times, less their mean. The
//     data's clock starts where it likes (phyphox's at the first sound), so
//     the offset is solved for: a nuisance parameter. Bounce times are
//     discontinuous in the parameters where a run finds them at its steps;
//     the scene interpolates each onset within its step instead
//     (PileScene::log_bounce), a smooth function of the parameters, so the
//     times themselves are fitted: their noise is independent from bounce
//     to bounce, where flight times' or restitutions' noise is not. A run
//     that ends its bouncing before the data do repeats its last onset: the
//     missing flights count as of zero length, which is where they shrink to.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/param.h"
#include "core/scene.h"

namespace cl {

struct FitTarget {
  enum class Kind { Series, EventTimes };
  Kind kind = Kind::Series;
  std::string name;            ///< the series, or the event kind ("bounce")
  std::vector<double> times;   ///< s, ascending, >= 0 for a series
  std::vector<double> values;  ///< the series' measured values in its unit; empty for event times
};

/// Runs a scene for a fit: its start, the varied parameters, the target.
struct RunFit {
  std::function<std::unique_ptr<Scene>()> create;
  ParamValues base;                ///< the start: a preset, --set values
  std::vector<std::string> varied; ///< parameter names, in the order of the fit's values
  FitTarget target;

  /// Nuisance parameters the residuals solve for (the event times' clock offset).
  int nuisance_parameters() const { return target.kind == FitTarget::Kind::EventTimes ? 1 : 0; }

  /// The residuals at `values` (one per varied parameter), model minus data;
  /// an error text when the run cannot start or fails. Thread-safe.
  std::optional<std::string> residuals(const std::vector<double>& values, Eigen::VectorXd& out) const;

  /// The run's own series at the data's times, or its onsets with the
  /// data's clock: what the page plots over the data.
  std::optional<std::string> model_at_data(const std::vector<double>& values, std::vector<double>& out) const;
};

}  // namespace cl
