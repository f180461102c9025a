#pragma once
// Parameter values in JSON (scene files, host-page messages): an object
// {name: value} whose values are numbers, strings (any parameter's text
// form) or booleans (1 and 0), each validated by ParamValues::set.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"

namespace cl {

/// Applies `object` to `params` value by value; returns every problem (an
/// empty list: all applied). The caller keeps its old values on a problem.
std::vector<std::string> set_params_from_json(const nlohmann::json& object, ParamValues& params);

}  // namespace cl
