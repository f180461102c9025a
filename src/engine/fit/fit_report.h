#pragma once
// A fit's result as people read it: the table of fitted values (the CLI
// prints and writes it; the page shows the same rows), its summary line,
// and its warnings in words.
#include <ostream>
#include <string>
#include <vector>

#include "fit/least_squares_fit.h"

namespace cl {

/// "converged", "stopped at the evaluation limit", ... in the current language.
std::string fit_outcome_text(FitOutcome outcome);

/// One sentence per warning, naming the parameters: "k_h and c_tau trade
/// off (correlation 0.998): the data cannot tell them apart; fix one".
std::vector<std::string> fit_warning_texts(const FitResult& result, const std::vector<FitParameter>& parameters);

/// The table: one row per parameter (name, unit, value, standard error,
/// bounds, scale, correlations with each parameter), CSV with a header;
/// `units` per parameter. Numbers are written to parse back exactly.
void write_fit_table(std::ostream& out, const FitResult& result, const std::vector<FitParameter>& parameters,
                     const std::vector<std::string>& units);

/// The residuals at the fitted values: data time, data, model, residual per row.
void write_fit_residuals(std::ostream& out, const std::vector<double>& times, const std::vector<double>& data,
                         const Eigen::VectorXd& residuals);

}  // namespace cl
