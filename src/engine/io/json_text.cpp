#include "io/json_text.h"

#include "core/text.h"

namespace cl {
namespace {

/// The first limit `text` breaks, by one pass over its bytes: brackets
/// outside strings open and close levels, commas and opening brackets
/// separate values. Malformed text is left to the parser's message.
std::optional<std::string> check_shape(const std::string& text, const JsonLimits& limits) {
  int depth = 0;
  size_t values = 1;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limits.max_depth)
        return cl::text("json.too_deep", {{"levels", std::to_string(limits.max_depth)}, {"byte", std::to_string(i)}});
      ++values;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',') {
      ++values;
    }
    if (values > limits.max_values)
      return cl::text("json.too_many_values", {{"count", std::to_string(limits.max_values)}});
  }
  return std::nullopt;
}

}  // namespace

JsonParse parse_json_text(const std::string& text, const JsonLimits& limits) {
  JsonParse result;
  if (text.size() > limits.max_bytes) {
    result.error = cl::text("json.too_long",
                            {{"bytes", std::to_string(text.size())}, {"limit", std::to_string(limits.max_bytes)}});
    return result;
  }
  if (auto error = check_shape(text, limits)) {
    result.error = *error;
    return result;
  }
  try {
    result.value = nlohmann::json::parse(text);
  } catch (const nlohmann::json::out_of_range& e) {
    // Thrown for numbers beyond the range of a double (1e400).
    result.error = cl::text("json.number_too_large", {{"detail", e.what()}});
  } catch (const nlohmann::json::exception& e) {
    result.error = cl::text("json.invalid", {{"detail", e.what()}});
  }
  return result;
}

}  // namespace cl
