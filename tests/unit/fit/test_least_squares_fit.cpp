// The least-squares fit (fit/least_squares_fit.h) on models with closed
// forms: a straight line's values, standard errors and correlation equal
// ordinary least squares'; bounds, log scales, the warnings (trade-off,
// singular, no effect, at a bound), cancelling, the run limit, failed
// runs, and the same result on any number of threads.
#include <cmath>
#include <random>

#include <doctest/doctest.h>

#include "fit/least_squares_fit.h"

namespace {

using cl::FitParameter;
using cl::FitWarning;

struct Line {
  std::vector<double> t, y;
};

/// y = 2 + 0.5 t + N(0, 0.1²) at t = 0, 0.2, ..., 9.8.
Line noisy_line() {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 0.1);
  Line line;
  for (int i = 0; i < 50; ++i) {
    line.t.push_back(0.2 * i);
    line.y.push_back(2 + 0.5 * line.t.back() + noise(rng));
  }
  return line;
}

cl::ResidualFunction line_residuals(const Line& line) {
  return [&line](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
    r.resize(static_cast<Eigen::Index>(line.t.size()));
    for (size_t i = 0; i < line.t.size(); ++i) r[static_cast<Eigen::Index>(i)] = v[0] + v[1] * line.t[i] - line.y[i];
    return std::nullopt;
  };
}

bool has_warning(const cl::FitResult& result, FitWarning::Kind kind, int i) {
  for (const FitWarning& w : result.warnings)
    if (w.kind == kind && (w.i == i || w.j == i)) return true;
  return false;
}

}  // namespace

TEST_CASE("fit: a straight line's values, standard errors and correlation are ordinary least squares'") {
  const Line line = noisy_line();
  const cl::FitResult fit = cl::fit_least_squares(line_residuals(line), {{"a", -10, 10, false, 0}, {"b", -5, 5, false, 0}});
  REQUIRE(fit.outcome == cl::FitOutcome::Converged);

  // Closed form: the normal equations of [1 t].
  const double n = static_cast<double>(line.t.size());
  double st = 0, stt = 0, sy = 0, sty = 0;
  for (size_t i = 0; i < line.t.size(); ++i) {
    st += line.t[i], stt += line.t[i] * line.t[i], sy += line.y[i], sty += line.t[i] * line.y[i];
  }
  const double det = n * stt - st * st;
  const double b = (n * sty - st * sy) / det, a = (sy - b * st) / n;
  double rss = 0;
  for (size_t i = 0; i < line.t.size(); ++i) rss += std::pow(a + b * line.t[i] - line.y[i], 2);
  const double s2 = rss / (n - 2);
  const double se_a = std::sqrt(s2 * stt / det), se_b = std::sqrt(s2 * n / det), r_ab = -st / std::sqrt(n * stt);
  MESSAGE("a = " << fit.values[0] << " ± " << fit.standard_errors[0] << " (OLS " << a << " ± " << se_a << "), b = "
                 << fit.values[1] << " ± " << fit.standard_errors[1] << " (OLS " << b << " ± " << se_b << "), r = "
                 << fit.correlation(0, 1) << " (OLS " << r_ab << ")");
  CHECK(fit.values[0] == doctest::Approx(a).epsilon(1e-7));
  CHECK(fit.values[1] == doctest::Approx(b).epsilon(1e-7));
  CHECK(fit.standard_errors[0] == doctest::Approx(se_a).epsilon(1e-5));
  CHECK(fit.standard_errors[1] == doctest::Approx(se_b).epsilon(1e-5));
  CHECK(fit.correlation(0, 1) == doctest::Approx(r_ab).epsilon(1e-5));
  CHECK(fit.degrees_of_freedom == 48);
  CHECK(fit.sigma == doctest::Approx(std::sqrt(s2)).epsilon(1e-6));
  CHECK(fit.warnings.empty());
}

TEST_CASE("fit: a decay time over decades on a log scale, recovered without noise") {
  std::vector<double> t, y;
  for (int i = 0; i < 40; ++i) t.push_back(0.05 * i), y.push_back(3 * std::exp(-t.back() / 0.37));
  const auto residuals = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
    r.resize(static_cast<Eigen::Index>(t.size()));
    for (size_t i = 0; i < t.size(); ++i) r[static_cast<Eigen::Index>(i)] = v[0] * std::exp(-t[i] / v[1]) - y[i];
    return std::nullopt;
  };
  const cl::FitResult fit = cl::fit_least_squares(residuals, {{"A", 0.1, 10, false, 1}, {"tau", 1e-3, 1e3, true, 10}});
  MESSAGE("A = " << fit.values[0] << ", tau = " << fit.values[1] << " after " << fit.evaluations << " runs");
  CHECK(fit.outcome == cl::FitOutcome::Converged);
  CHECK(fit.values[0] == doctest::Approx(3).epsilon(1e-7));
  CHECK(fit.values[1] == doctest::Approx(0.37).epsilon(1e-7));
}

TEST_CASE("fit: parameters the data cannot tell apart are named") {
  std::vector<double> t;
  for (int i = 0; i < 20; ++i) t.push_back(0.1 * i);
  SUBCASE("only their sum matters: singular") {
    const auto residuals = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
      r.resize(20);
      for (int i = 0; i < 20; ++i) r[i] = (v[0] + v[1]) * t[static_cast<size_t>(i)] - 1.5 * t[static_cast<size_t>(i)];
      return std::nullopt;
    };
    const cl::FitResult fit = cl::fit_least_squares(residuals, {{"k", 0, 2, false, 0.2}, {"c", 0, 2, false, 0.3}});
    CHECK(has_warning(fit, FitWarning::Kind::Singular, 0));
    CHECK(has_warning(fit, FitWarning::Kind::Singular, 1));
    CHECK(std::isnan(fit.standard_errors[0]));
  }
  SUBCASE("nearly so: a trade-off above 0.95") {
    const auto residuals = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
      r.resize(20);
      for (int i = 0; i < 20; ++i) {
        const double ti = t[static_cast<size_t>(i)];
        r[i] = v[0] * ti + v[1] * (ti + 0.01 * ti * ti) - (1.5 * ti + 0.005 * ti * ti) + 0.01 * std::sin(7.0 * i);
      }
      return std::nullopt;
    };
    const cl::FitResult fit = cl::fit_least_squares(residuals, {{"k", -5, 5, false, 0.2}, {"c", -5, 5, false, 0.3}});
    MESSAGE("correlation " << fit.correlation(0, 1));
    CHECK(std::abs(fit.correlation(0, 1)) > cl::kTradeOffCorrelation);
    CHECK(has_warning(fit, FitWarning::Kind::TradeOff, 0));
  }
  SUBCASE("one does nothing") {
    const auto residuals = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
      r.resize(20);
      for (int i = 0; i < 20; ++i) r[i] = v[0] * t[static_cast<size_t>(i)] - 2 * t[static_cast<size_t>(i)];
      return std::nullopt;
    };
    const cl::FitResult fit = cl::fit_least_squares(residuals, {{"k", 0, 5, false, 1}, {"unused", 0, 1, false, 0.5}});
    CHECK(fit.values[0] == doctest::Approx(2).epsilon(1e-7));
    CHECK(has_warning(fit, FitWarning::Kind::NoEffect, 1));
  }
}

TEST_CASE("fit: a parameter the data barely change is said to be loose") {
  // A decay of 1000 s seen for 2 s with 1 % noise: its amplitude is sharp, its time hardly known.
  std::vector<double> t, y;
  for (int i = 0; i < 20; ++i) t.push_back(0.1 * i), y.push_back(3 * std::exp(-t.back() / 1000) + 0.03 * std::sin(7.0 * i));
  const auto residuals = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
    r.resize(static_cast<Eigen::Index>(t.size()));
    for (size_t i = 0; i < t.size(); ++i) r[static_cast<Eigen::Index>(i)] = v[0] * std::exp(-t[i] / v[1]) - y[i];
    return std::nullopt;
  };
  const cl::FitResult fit = cl::fit_least_squares(residuals, {{"A", 0.1, 10, false, 1}, {"tau", 1, 1e6, true, 100}});
  MESSAGE("A = " << fit.values[0] << " ± " << fit.standard_errors[0] << ", tau = " << fit.values[1] << " ± "
                 << fit.standard_errors[1]);
  REQUIRE(std::isfinite(fit.standard_errors[1]));
  CHECK(fit.standard_errors[1] > cl::kLooseError * fit.values[1]);
  CHECK(has_warning(fit, FitWarning::Kind::Loose, 1));
  CHECK_FALSE(has_warning(fit, FitWarning::Kind::Loose, 0));
}

TEST_CASE("fit: a value beyond the range stops on its bound, and says so") {
  const Line line = noisy_line();  // b = 0.5
  const cl::FitResult fit = cl::fit_least_squares(line_residuals(line), {{"a", -10, 10, false, 0}, {"b", -1, 0.3, false, 0}});
  MESSAGE("b = " << fit.values[1]);
  CHECK(fit.values[1] == doctest::Approx(0.3).epsilon(1e-6));
  CHECK(has_warning(fit, FitWarning::Kind::AtBound, 1));
  CHECK_FALSE(has_warning(fit, FitWarning::Kind::AtBound, 0));
}

TEST_CASE("fit: cancelled, at the run limit, with failing runs, and bad bounds") {
  const Line line = noisy_line();
  const std::vector<FitParameter> parameters = {{"a", -10, 10, false, 0}, {"b", -5, 5, false, 0}};
  SUBCASE("cancelled from the progress callback") {
    cl::FitOptions options;
    int calls = 0;
    options.on_progress = [&](const cl::FitProgress& p) {
      CHECK(p.values.size() == 2);
      return ++calls < 2;
    };
    const cl::FitResult fit = cl::fit_least_squares(line_residuals(line), parameters, options);
    CHECK(fit.outcome == cl::FitOutcome::Cancelled);
    CHECK(calls == 2);
    CHECK(std::isfinite(fit.values[0]));
  }
  SUBCASE("the run limit") {
    cl::FitOptions options;
    options.max_evaluations = 8;
    const cl::FitResult fit = cl::fit_least_squares(line_residuals(line), parameters, options);
    CHECK(fit.outcome == cl::FitOutcome::EvaluationLimit);
    MESSAGE("runs " << fit.evaluations);
    CHECK(fit.evaluations <= 8 + 5);  // the limit, then the result's own residuals and Jacobian
  }
  SUBCASE("runs that fail where b > 1 are avoided, not fatal") {
    const cl::ResidualFunction plain = line_residuals(line);
    const auto failing = [&](const std::vector<double>& v, Eigen::VectorXd& r) -> std::optional<std::string> {
      if (v[1] > 1) return std::string("exploded");
      return plain(v, r);
    };
    const cl::FitResult fit = cl::fit_least_squares(failing, {{"a", -10, 10, false, 0}, {"b", -5, 5, false, 0.9}});
    CHECK(fit.outcome == cl::FitOutcome::Converged);
    CHECK(fit.values[1] == doctest::Approx(0.5).epsilon(0.05));
  }
  SUBCASE("a start that fails fails the fit with its reason") {
    const auto failing = [](const std::vector<double>&, Eigen::VectorXd&) -> std::optional<std::string> {
      return std::string("no start");
    };
    const cl::FitResult fit = cl::fit_least_squares(failing, parameters);
    CHECK(fit.outcome == cl::FitOutcome::Failed);
    CHECK(fit.failure == "no start");
  }
  SUBCASE("bounds checked before any run") {
    CHECK(cl::check_fit_parameter({"k", 2, 1, false, 1}));
    CHECK(cl::check_fit_parameter({"k", 0, 1, true, 1}));
    CHECK(cl::check_fit_parameter({"k", 0, 1, false, std::nan("")}));
    CHECK_FALSE(cl::check_fit_parameter({"k", 1e3, 1e9, true, 1e5}));
  }
}

TEST_CASE("fit: the same numbers on one thread and on three") {
  const Line line = noisy_line();
  const std::vector<FitParameter> parameters = {{"a", -10, 10, false, 0}, {"b", -5, 5, false, 0}};
  cl::FitOptions three;
  three.jobs = 3;
  const cl::FitResult one_thread = cl::fit_least_squares(line_residuals(line), parameters);
  const cl::FitResult three_threads = cl::fit_least_squares(line_residuals(line), parameters, three);
  CHECK(one_thread.values == three_threads.values);
  CHECK(one_thread.standard_errors == three_threads.standard_errors);
  CHECK(one_thread.evaluations == three_threads.evaluations);
}
