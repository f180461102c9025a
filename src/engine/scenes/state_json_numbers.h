#pragma once
// Reading the numbers of a scene file's "state" objects, with messages that
// say which one is missing or bad.
#include <array>
#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/limits.h"
#include "core/number_format.h"
#include "core/param.h"

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

/// `object` with each old key of `renames` ({old, new}) under its new name,
/// unless the new one is there too (a scene file written before a rename).
inline nlohmann::json with_old_keys_renamed(nlohmann::json object,
                                            std::initializer_list<std::pair<const char*, const char*>> renames) {
  if (!object.is_object()) return object;
  for (const auto& [old_key, new_key] : renames) {
    auto old = object.find(old_key);
    if (old == object.end() || object.contains(new_key)) continue;
    nlohmann::json value = *old;
    object.erase(old);
    object[new_key] = std::move(value);
  }
  return object;
}

/// Sets the integer parameter `count` to the length of the state's list `key`
/// (a scene file's body list says how many bodies there are), or says why
/// it cannot (a list longer than the parameter's range); no list, no change.
inline std::optional<std::string> fit_count_to_list(const nlohmann::json& state, const char* key, const char* count,
                                                    ParamValues& params) {
  auto list = state.is_object() ? state.find(key) : state.end();
  if (list == state.end() || !list->is_array()) return std::nullopt;
  if (auto error = params.set_number(*params.index_of(count), static_cast<double>(list->size())))
    return "state lists " + std::to_string(list->size()) + " " + key + ": " + *error;
  return std::nullopt;
}

/// Reads a state's time "t" (s) into `t`: finite, >= 0 and at most kMaxTime.
/// An absent "t" is an error when `required`, else t = 0.
inline std::optional<std::string> read_state_time(const nlohmann::json& state, bool required, double& t,
                                                  const std::string& what) {
  auto it = state.is_object() ? state.find("t") : state.end();
  if (it == state.end()) {
    if (required) return what + " needs a time 't' in s";
    t = 0;
    return std::nullopt;
  }
  if (!it->is_number() || !std::isfinite(it->get<double>())) return what + ": t must be a finite number (s)";
  const double value = it->get<double>();
  if (!(value >= 0 && value <= kMaxTime))
    return what + ": t = " + format_number(value) + " s is outside [0, " + format_number(kMaxTime) + "] s";
  t = value;
  return std::nullopt;
}

}  // namespace cl
