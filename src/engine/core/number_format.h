#pragma once
#include <optional>
#include <string>

namespace cl {

/// Shortest decimal text that parses back to exactly `x` ("0.1", "1e-09").
std::string format_number(double x);

/// Parses a whole string as a finite double; no trailing junk, no spaces.
std::optional<double> parse_number(const std::string& text);

}  // namespace cl
