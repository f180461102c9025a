#pragma once
// Fits 1-4 parameters of a model to data by nonlinear least squares: the
// Levenberg-Marquardt method of Eigen's unsupported module (MINPACK's
// lmder, translated: trust region, scaled steps, its tested stopping
// rules), each evaluation a run of the model, the Jacobian by central
// differences whose columns run at once on `jobs` threads.
//
// Bounds: the search moves an unbounded u per parameter, with the
// parameter's place in its range s = (1 + sin u)/2 (MINUIT's transform), and
// the value lo + (hi - lo) s, or lo (hi/lo)^s on a log scale (a stiffness
// over decades). The result's uncertainties are those of the values:
//   C = σ² (JᵀJ)⁻¹,  σ² = RSS / (n - p - q),
// J the residuals' Jacobian in the values at the optimum, n residuals, p
// parameters, q nuisance parameters the model solves for itself (a clock
// offset between the data and the run); standard errors √C_ii, correlations
// C_ij / √(C_ii C_jj). They assume independent residuals of equal variance.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

namespace cl {

struct FitParameter {
  std::string name;
  double lo = 0, hi = 1;  ///< bounds, lo < hi (lo > 0 on a log scale)
  bool log = false;       ///< searched in log(value): ranges over decades
  double start = 0;       ///< first guess; moved inside the bounds if on or past them
};

/// The model's residuals (model - data) at `values` (one per parameter,
/// within bounds), into `residuals`, always of the same length; an error
/// text when the model cannot be evaluated there. Called from `jobs`
/// threads at once: it must share nothing mutable.
using ResidualFunction =
    std::function<std::optional<std::string>(const std::vector<double>& values, Eigen::VectorXd& residuals)>;

struct FitProgress {
  int evaluations = 0;
  int iterations = 0;
  double rss = 0;  ///< residual sum of squares at the best values so far
  std::vector<double> values;
};

struct FitOptions {
  int jobs = 1;                ///< threads evaluating a Jacobian's columns
  int max_evaluations = 500;   ///< model runs, the Jacobians' included
  int nuisance_parameters = 0; ///< q above: parameters the residuals solve for themselves
  /// Relative change of the values (in their range) below which the search stops.
  double value_tolerance = 1e-9;
  /// Called after every iteration; false cancels the fit.
  std::function<bool(const FitProgress&)> on_progress;
};

enum class FitOutcome { Converged, EvaluationLimit, Cancelled, Failed };

/// What a fit could not tell, in words by fit_warnings() (fit/fit_report.h).
struct FitWarning {
  enum class Kind {
    TradeOff,    ///< |correlation(i, j)| > kTradeOffCorrelation: the data cannot tell i and j apart
    Singular,    ///< JᵀJ is singular: some combination involving i leaves the residuals unchanged
    NoEffect,    ///< parameter i does not change the residuals at all
    AtBound,     ///< parameter i stopped on its bound: its standard error means little
    Loose,       ///< parameter i's standard error is as large as what it could be (see kLooseError)
  };
  Kind kind;
  int i = -1, j = -1;
  double correlation = 0;
};

/// Above this |correlation| two parameters are said to trade off.
constexpr double kTradeOffCorrelation = 0.95;
/// A parameter is pinned down only loosely when its standard error exceeds
/// this fraction of its value (on a log scale: not even its order of
/// magnitude is known) or of its range's width (on a linear one).
constexpr double kLooseError = 0.5;

struct FitResult {
  FitOutcome outcome = FitOutcome::Failed;
  std::string failure;                  ///< why, when Failed
  std::vector<double> values;           ///< best values found
  std::vector<double> standard_errors;  ///< NaN when the Jacobian is singular
  Eigen::MatrixXd correlation;          ///< p x p; NaN when singular
  Eigen::VectorXd residuals;            ///< at the best values
  double rss = 0;                       ///< residual sum of squares
  double sigma = 0;                     ///< residual standard deviation, √(RSS / dof)
  int degrees_of_freedom = 0;           ///< n - p - q
  int evaluations = 0;                  ///< model runs
  int iterations = 0;
  std::vector<FitWarning> warnings;
};

/// The bounds-respecting search and its statistics, as the top of this file says.
FitResult fit_least_squares(const ResidualFunction& residuals, const std::vector<FitParameter>& parameters,
                            const FitOptions& options = {});

/// Checks a parameter's bounds and start: a text naming what is wrong, or nothing.
std::optional<std::string> check_fit_parameter(const FitParameter& parameter);

}  // namespace cl
