#pragma once
// Reading the numbers of a scene file's "state" objects, with messages that
// say which one is missing or bad.
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace cl {

/// Reads the finite numbers `keys` of a JSON object into `out`, in order.
/// On error: "<what> needs a finite number '<key>'".
template <size_t N>
std::optional<std::string> read_finite_numbers(const nlohmann::json& object, const std::array<const char*, N>& keys,
                                               std::array<double, N>& out, const std::string& what) {
  for (size_t k = 0; k < N; ++k) {
    auto it = object.is_object() ? object.find(keys[k]) : object.end();
    if (it == object.end() || !it->is_number() || !std::isfinite(it->template get<double>()))
      return what + " needs a finite number '" + keys[k] + "'";
    out[k] = it->template get<double>();
  }
  return std::nullopt;
}

}  // namespace cl
