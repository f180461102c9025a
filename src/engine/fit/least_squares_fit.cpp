#include "fit/least_squares_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <Eigen/SVD>
#include <unsupported/Eigen/LevenbergMarquardt>

#include "core/number_format.h"
#include "core/text.h"
#include "core/worker_pool.h"

namespace cl {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Central differences step by this fraction of a parameter's range (or of
// its decades): wide enough that a run's round-off and step-size kinks stay
// far below the change it measures, narrow enough for 1e-6 curvature.
constexpr double kDifferenceStep = 1e-4;
// A start on or past a bound moves this far inside: on the bound the
// transform's slope is zero and the search could not leave it.
constexpr double kStartInset = 1e-3;
// A singular value of the column-normalised Jacobian below this fraction of
// the largest: JᵀJ's condition number above 1e16, beyond double precision.
constexpr double kSingularRatio = 1e-8;
// Failed runs during the search count as residuals this many times the
// start's: the search treats the trial as worse and shortens its step.
constexpr double kFailurePenalty = 1e3;

/// Where a value lies in its range: s in [0, 1], linearly or in decades.
struct Range {
  double lo, hi;
  bool log;
  double value(double s) const { return log ? lo * std::pow(hi / lo, s) : lo + (hi - lo) * s; }
  double place(double value) const {
    return log ? std::log(value / lo) / std::log(hi / lo) : (value - lo) / (hi - lo);
  }
  /// d value / d s
  double slope(double s) const { return log ? value(s) * std::log(hi / lo) : hi - lo; }
};

double place_of(double u) { return 0.5 * (1 + std::sin(u)); }
double unbounded_of(double s) { return std::asin(std::clamp(2 * s - 1, -1.0, 1.0)); }

class Model {
 public:
  Model(const ResidualFunction& residuals, const std::vector<FitParameter>& parameters, const FitOptions& options)
      : residuals_(residuals), options_(options), pool_(std::max(options.jobs, 1) - 1) {
    for (const FitParameter& p : parameters) ranges_.push_back({p.lo, p.hi, p.log});
  }

  int size() const { return static_cast<int>(ranges_.size()); }
  std::vector<double> values_at_places(const Eigen::VectorXd& s) const {
    std::vector<double> v(ranges_.size());
    for (size_t k = 0; k < v.size(); ++k) v[k] = ranges_[k].value(s[static_cast<Eigen::Index>(k)]);
    return v;
  }
  const Range& range(int k) const { return ranges_[static_cast<size_t>(k)]; }

  std::optional<std::string> evaluate(const Eigen::VectorXd& s, Eigen::VectorXd& r) {
    ++evaluations_;
    return residuals_(values_at_places(s), r);
  }

  /// d residuals / d s by central differences, the columns' 2p runs on the
  /// pool's threads. A failed run fails the Jacobian.
  std::optional<std::string> jacobian(const Eigen::VectorXd& s, Eigen::Index rows, Eigen::MatrixXd& J) {
    const int p = size();
    std::vector<Eigen::VectorXd> runs(static_cast<size_t>(2 * p));
    std::vector<std::optional<std::string>> errors(runs.size());
    std::vector<double> widths(static_cast<size_t>(p));
    pool_.run(2 * p, [&](int run) {
      const int k = run / 2;
      Eigen::VectorXd at = s;
      const double plus = std::min(s[k] + kDifferenceStep, 1.0), minus = std::max(s[k] - kDifferenceStep, 0.0);
      at[k] = run % 2 == 0 ? plus : minus;
      widths[static_cast<size_t>(k)] = plus - minus;
      errors[static_cast<size_t>(run)] = residuals_(values_at_places(at), runs[static_cast<size_t>(run)]);
    });
    evaluations_ += 2 * p;
    J.resize(rows, p);
    for (int k = 0; k < p; ++k) {
      for (int side = 0; side < 2; ++side)
        if (auto& error = errors[static_cast<size_t>(2 * k + side)]) return error;
      J.col(k) = (runs[static_cast<size_t>(2 * k)] - runs[static_cast<size_t>(2 * k + 1)]) / widths[static_cast<size_t>(k)];
    }
    return std::nullopt;
  }

  int evaluations() const { return evaluations_; }
  const FitOptions& options() const { return options_; }

 private:
  const ResidualFunction& residuals_;
  const FitOptions& options_;
  std::vector<Range> ranges_;
  WorkerPool pool_;
  int evaluations_ = 0;
};

/// Eigen's view of the search: unbounded u in, residuals out.
struct SearchFunctor : Eigen::DenseFunctor<double> {
  SearchFunctor(Model& model, Eigen::Index rows, double failure_norm)
      : Eigen::DenseFunctor<double>(model.size(), static_cast<int>(rows)), model(model), failure_norm(failure_norm) {}

  static Eigen::VectorXd places(const Eigen::VectorXd& u) { return u.unaryExpr(&place_of); }

  int operator()(const Eigen::VectorXd& u, Eigen::VectorXd& r) {
    if (model.evaluations() >= model.options().max_evaluations) return stop(FitOutcome::EvaluationLimit);
    Eigen::VectorXd out;
    if (model.evaluate(places(u), out) || out.size() != values() || !out.allFinite())
      r = Eigen::VectorXd::Constant(values(), failure_norm / std::sqrt(static_cast<double>(values())));
    else
      r = out;
    best_rss = std::min(best_rss, r.squaredNorm());
    return 0;
  }

  int df(const Eigen::VectorXd& u, Eigen::MatrixXd& J) {
    ++iterations;
    if (model.evaluations() + 2 * model.size() > model.options().max_evaluations)
      return stop(FitOutcome::EvaluationLimit);
    if (model.options().on_progress) {
      FitProgress progress{model.evaluations(), iterations, best_rss, model.values_at_places(places(u))};
      if (!model.options().on_progress(progress)) return stop(FitOutcome::Cancelled);
    }
    if (auto error = model.jacobian(places(u), values(), J)) {
      failure = *error;
      return stop(FitOutcome::Failed);
    }
    for (int k = 0; k < model.size(); ++k) J.col(k) *= 0.5 * std::cos(u[k]);  // ds/du
    return 0;
  }

  int stop(FitOutcome why) {
    stopped = why;
    return -1;
  }

  Model& model;
  double failure_norm;
  int iterations = 0;
  double best_rss = 0;
  std::optional<FitOutcome> stopped;
  std::string failure;
};

/// Standard errors, correlations and warnings from the Jacobian in the places s.
void add_statistics(const Model& model, const Eigen::VectorXd& s, const Eigen::MatrixXd& J_places, int nuisance,
                    FitResult& result) {
  const int p = model.size();
  const Eigen::Index n = J_places.rows();
  result.degrees_of_freedom = static_cast<int>(n) - p - nuisance;
  result.sigma = result.degrees_of_freedom > 0 ? std::sqrt(result.rss / result.degrees_of_freedom) : kNaN;
  result.standard_errors.assign(static_cast<size_t>(p), kNaN);
  result.correlation = Eigen::MatrixXd::Constant(p, p, kNaN);

  for (int k = 0; k < p; ++k)
    if (s[k] < kDifferenceStep || s[k] > 1 - kDifferenceStep)
      result.warnings.push_back({FitWarning::Kind::AtBound, k});

  // The Jacobian in the values, its columns scaled to unit length so that
  // the singular values compare the data's sensitivity to each direction.
  Eigen::MatrixXd J(n, p);
  for (int k = 0; k < p; ++k) J.col(k) = J_places.col(k) / model.range(k).slope(s[k]);
  const Eigen::VectorXd norms = J.colwise().norm().transpose();
  bool no_effect = false;
  for (int k = 0; k < p; ++k)
    if (!(norms[k] > 0)) {
      result.warnings.push_back({FitWarning::Kind::NoEffect, k});
      no_effect = true;
    }
  if (no_effect) return;
  const Eigen::MatrixXd Jn = J * norms.cwiseInverse().asDiagonal();
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(Jn, Eigen::ComputeThinV);
  const Eigen::VectorXd& sv = svd.singularValues();
  if (!(sv[p - 1] > kSingularRatio * sv[0])) {
    // The direction the data do not see: its two largest components name the pair.
    const Eigen::VectorXd blind = svd.matrixV().col(p - 1).cwiseAbs();
    int i = 0, j = -1;
    blind.maxCoeff(&i);
    for (int k = 0; k < p; ++k)
      if (k != i && (j < 0 || blind[k] > blind[j])) j = k;
    result.warnings.push_back({FitWarning::Kind::Singular, i, j});
    return;
  }
  // (JnᵀJn)⁻¹ = V Σ⁻² Vᵀ; unscaled by the column norms.
  const Eigen::MatrixXd& V = svd.matrixV();
  const Eigen::MatrixXd inverse = V * sv.array().square().inverse().matrix().asDiagonal() * V.transpose();
  const Eigen::MatrixXd covariance =
      result.sigma * result.sigma * norms.cwiseInverse().asDiagonal() * inverse * norms.cwiseInverse().asDiagonal();
  for (int i = 0; i < p; ++i) {
    result.standard_errors[static_cast<size_t>(i)] = std::sqrt(covariance(i, i));
    for (int j = 0; j < p; ++j) result.correlation(i, j) = inverse(i, j) / std::sqrt(inverse(i, i) * inverse(j, j));
  }
  for (int k = 0; k < p; ++k) {
    const Range& range = model.range(k);
    const double scale = range.log ? std::abs(range.value(s[k])) : range.hi - range.lo;
    if (result.standard_errors[static_cast<size_t>(k)] > kLooseError * scale)
      result.warnings.push_back({FitWarning::Kind::Loose, k});
  }
  for (int i = 0; i < p; ++i)
    for (int j = i + 1; j < p; ++j)
      if (std::abs(result.correlation(i, j)) > kTradeOffCorrelation)
        result.warnings.push_back({FitWarning::Kind::TradeOff, i, j, result.correlation(i, j)});
}

}  // namespace

std::optional<std::string> check_fit_parameter(const FitParameter& p) {
  const char* problem = !(std::isfinite(p.lo) && std::isfinite(p.hi) && p.lo < p.hi) ? "fit.bounds_order"
                        : p.log && !(p.lo > 0)                                        ? "fit.log_positive"
                        : !std::isfinite(p.start)                                     ? "fit.start_not_finite"
                                                                                      : nullptr;
  if (!problem) return std::nullopt;
  return text(problem, {{"name", p.name}, {"lo", format_number(p.lo)}, {"hi", format_number(p.hi)}});
}

FitResult fit_least_squares(const ResidualFunction& residuals, const std::vector<FitParameter>& parameters,
                            const FitOptions& options) {
  FitResult result;
  for (const FitParameter& p : parameters)
    if (auto error = check_fit_parameter(p)) {
      result.failure = *error;
      return result;
    }
  Model model(residuals, parameters, options);
  const int p = model.size();
  Eigen::VectorXd s(p);
  for (int k = 0; k < p; ++k) {
    const Range& range = model.range(k);
    const double start = std::clamp(parameters[static_cast<size_t>(k)].start, range.lo, range.hi);
    s[k] = std::clamp(range.place(start), kStartInset, 1 - kStartInset);
  }

  Eigen::VectorXd r0;
  if (auto error = model.evaluate(s, r0)) {
    result.failure = *error;
    return result;
  }
  if (!r0.allFinite()) {
    result.failure = text("fit.start_not_finite_residuals");
    return result;
  }
  if (r0.size() <= p + options.nuisance_parameters) {
    result.failure = text("fit.too_few_data", {{"n", std::to_string(r0.size())},
                                               {"p", std::to_string(p + options.nuisance_parameters)}});
    return result;
  }

  SearchFunctor functor(model, r0.size(), kFailurePenalty * (r0.norm() + 1));
  functor.best_rss = r0.squaredNorm();
  Eigen::LevenbergMarquardt<SearchFunctor> search(functor);
  search.setXtol(options.value_tolerance);
  search.setFtol(1e-12);
  search.setMaxfev(options.max_evaluations);
  Eigen::VectorXd u = s.unaryExpr(&unbounded_of);
  search.minimize(u);

  result.iterations = functor.iterations;
  if (functor.stopped == FitOutcome::Failed) {
    result.failure = functor.failure;
    result.evaluations = model.evaluations();
    return result;
  }
  result.outcome = functor.stopped.value_or(FitOutcome::Converged);
  s = SearchFunctor::places(u);
  result.values = model.values_at_places(s);
  if (result.outcome == FitOutcome::Cancelled) {  // no more runs: the user wants them stopped
    result.rss = functor.best_rss;
    result.evaluations = model.evaluations();
    return result;
  }
  if (auto error = model.evaluate(s, result.residuals)) {
    result.outcome = FitOutcome::Failed;
    result.failure = *error;
    result.evaluations = model.evaluations();
    return result;
  }
  result.rss = result.residuals.squaredNorm();
  Eigen::MatrixXd J;
  if (auto error = model.jacobian(s, result.residuals.size(), J)) {
    result.outcome = FitOutcome::Failed;
    result.failure = *error;
  } else {
    add_statistics(model, s, J, options.nuisance_parameters, result);
  }
  result.evaluations = model.evaluations();
  return result;
}

}  // namespace cl
