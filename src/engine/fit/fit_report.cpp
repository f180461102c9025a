#include "fit/fit_report.h"

#include <cmath>

#include "core/number_format.h"
#include "core/text.h"
#include "io/csv.h"

namespace cl {

std::string fit_outcome_text(FitOutcome outcome) {
  switch (outcome) {
    case FitOutcome::Converged: return text("fit.outcome.converged");
    case FitOutcome::EvaluationLimit: return text("fit.outcome.evaluation_limit");
    case FitOutcome::Cancelled: return text("fit.outcome.cancelled");
    case FitOutcome::Failed: break;
  }
  return text("fit.outcome.failed");
}

std::vector<std::string> fit_warning_texts(const FitResult& result, const std::vector<FitParameter>& parameters) {
  std::vector<std::string> out;
  const auto name = [&](int k) { return parameters[static_cast<size_t>(k)].name; };
  for (const FitWarning& w : result.warnings) {
    switch (w.kind) {
      case FitWarning::Kind::TradeOff:
        out.push_back(text("fit.warning.trade_off", {{"a", name(w.i)}, {"b", name(w.j)},
                                                     {"r", format_number(round_significant(w.correlation, 3))}}));
        break;
      case FitWarning::Kind::Singular:
        out.push_back(text("fit.warning.singular", {{"a", name(w.i)}, {"b", name(w.j)}}));
        break;
      case FitWarning::Kind::NoEffect:
        out.push_back(text("fit.warning.no_effect", {{"a", name(w.i)}}));
        break;
      case FitWarning::Kind::Loose: {
        const size_t k = static_cast<size_t>(w.i);
        out.push_back(text("fit.warning.loose", {{"a", name(w.i)}, {"value", format_number(round_significant(result.values[k], 3))},
                                                 {"error", format_number(round_significant(result.standard_errors[k], 2))}}));
        break;
      }
      case FitWarning::Kind::AtBound: {
        const FitParameter& p = parameters[static_cast<size_t>(w.i)];
        const double value = result.values[static_cast<size_t>(w.i)];
        const bool low = std::abs(value - p.lo) <= std::abs(value - p.hi);
        out.push_back(text("fit.warning.at_bound", {{"a", p.name}, {"bound", format_number(low ? p.lo : p.hi)}}));
        break;
      }
    }
  }
  return out;
}

void write_fit_table(std::ostream& out, const FitResult& result, const std::vector<FitParameter>& parameters,
                     const std::vector<std::string>& units) {
  out << "parameter,unit,value,standard_error,lo,hi,scale";
  for (const FitParameter& p : parameters) out << ",correlation_" << p.name;
  out << '\n';
  for (size_t i = 0; i < parameters.size(); ++i) {
    const FitParameter& p = parameters[i];
    out << csv_text_cell(p.name) << ',' << csv_text_cell(units[i]) << ',' << format_number(result.values[i]) << ','
        << format_number(result.standard_errors[i]) << ',' << format_number(p.lo) << ',' << format_number(p.hi) << ','
        << (p.log ? "log" : "linear");
    for (size_t j = 0; j < parameters.size(); ++j)
      out << ',' << format_number(result.correlation(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
    out << '\n';
  }
}

void write_fit_residuals(std::ostream& out, const std::vector<double>& times, const std::vector<double>& data,
                         const Eigen::VectorXd& residuals) {
  write_csv_header(out, {"t", "data", "model", "residual"});
  for (size_t i = 0; i < times.size(); ++i) {
    const double r = residuals[static_cast<Eigen::Index>(i)];
    write_csv_row(out, {times[i], data[i], data[i] + r, r});
  }
}

}  // namespace cl
