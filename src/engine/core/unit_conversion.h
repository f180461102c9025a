#pragma once
// Units a measurement may come in, converted to the SI unit a series is
// recorded in: a measured column in mm is compared with a height in m, a
// time in ms with t in s. Known units only, each with its dimension: a
// conversion, never a guess ("mm" to "s" is no conversion at all).
#include <optional>
#include <string>
#include <vector>

namespace cl {

/// The factor f with value_in_si = f * value_in_unit, when `unit` measures
/// what `si_unit` does ("mm", "m" -> 0.001; "km/h", "m/s" -> 1/3.6; "°",
/// "rad" -> pi/180); nullopt when either unit is unknown or they measure
/// different things. Spellings are exact ("m/s^2" and "m/s²" both name
/// metres per second squared; "M" is no metre).
std::optional<double> si_factor(const std::string& unit, const std::string& si_unit);

/// The units si_factor() converts to `si_unit` ("m": "m", "cm", "mm", ...),
/// for a column picker; empty when `si_unit` is unknown.
std::vector<std::string> units_like(const std::string& si_unit);

}  // namespace cl
