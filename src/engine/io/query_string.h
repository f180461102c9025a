#pragma once
// The URL hash codec: "#scene=pendulum&L=1.2&street=x%5E2" <-> key/value pairs.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cl {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

struct QueryParse {
  KeyValues pairs;
  std::vector<std::string> problems;  ///< malformed pieces, described for the user
};

/// Splits on '&', then on the first '='; percent-decodes keys and values
/// ('+' stays '+': expressions need it). A leading '#' or '?' is skipped.
QueryParse parse_query(const std::string& text);
/// Inverse of parse_query: percent-encodes all but [A-Za-z0-9-._~].
std::string encode_query(const KeyValues& pairs);

}  // namespace cl
