#pragma once
// JSON text from outside (a scene file, a host page's message), parsed
// within limits: the size of the text, the nesting depth and the number of
// values are checked by one linear, non-recursive scan BEFORE the document
// is built, so a file nested 150,000 levels deep is refused instead of
// overflowing the stack in a recursive copy or dump. Every exception
// nlohmann-json throws (syntax, a number too large for a double such as
// 1e400, invalid UTF-8) comes back as a message; none escapes.
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace cl {

struct JsonLimits {
  /// Bytes of text. A pile of 100,000 particles saved with every digit,
  /// indented as the app saves it, is about 23 MB; 32 MiB leaves room.
  size_t max_bytes = 32u << 20;
  /// Levels of nested objects and arrays: a scene file needs 4
  /// (file / state / particles / particle).
  int max_depth = 32;
  /// Values (numbers, strings, objects, arrays, ...), counted by the
  /// commas and brackets that separate them: a pile of 100,000 particles has
  /// 800,000. The document then takes at most ~100 MB while it is checked.
  size_t max_values = 1000000;
};

struct JsonParse {
  std::optional<nlohmann::json> value;
  std::string error;  ///< when value is empty: what is wrong and which limit
};

/// Parses `text` as one JSON document if it keeps within `limits`.
JsonParse parse_json_text(const std::string& text, const JsonLimits& limits = {});

}  // namespace cl
