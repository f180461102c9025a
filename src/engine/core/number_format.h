#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace cl {

/// Shortest decimal text that parses back to exactly `x` ("0.1", "1e-09").
std::string format_number(double x);
/// Room for the longest text format_number writes (24 characters, "-2.2250738585072014e-308").
constexpr size_t kNumberChars = 32;
/// format_number's text written to `out` (room for kNumberChars), without
/// allocating: the CSV of a long run writes millions. Its length.
size_t write_number(double x, char* out);

/// x (finite, >= 0) in scientific notation with the fewest digits that
/// parse back to exactly x ("1.5e-05", "1e+00"): by std::to_chars where the
/// standard library has it for floating point, else by printf.
std::string shortest_scientific(double x);
/// shortest_scientific's text written to `out` (room for kNumberChars); its length.
size_t write_shortest_scientific(double x, char* out);
/// The same by printf and strtod alone (what shortest_scientific falls back on).
std::string shortest_scientific_by_printf(double x);

/// `x` rounded to `digits` significant digits, for figures in sentences
/// ("it gained 10.2 J"): format_number of it is as short as it reads.
double round_significant(double x, int digits);

/// Parses a whole string as a finite double; no trailing junk, no spaces.
std::optional<double> parse_number(const std::string& text);

}  // namespace cl
