#include "io/param_json.h"

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"

namespace cl {

std::vector<std::string> set_params_from_json(const nlohmann::json& object, ParamValues& params) {
  if (!object.is_object()) return {text("param_json.not_object")};
  std::vector<std::string> problems;
  for (const auto& [name, value] : object.items()) {
    std::string text_value;
    if (value.is_string())
      text_value = value.get<std::string>();
    else if (value.is_number())
      text_value = format_number(value.get<double>());
    else if (value.is_boolean())
      text_value = value.get<bool>() ? "1" : "0";
    else {
      problems.push_back(text("param_json.value_type", {{"name", quoted(name)}}));
      continue;
    }
    if (auto error = params.set(name, text_value)) problems.push_back(*error);
  }
  return problems;
}

}  // namespace cl
