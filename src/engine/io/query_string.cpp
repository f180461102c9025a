#include "io/query_string.h"

#include "core/message_text.h"
#include "core/text.h"

namespace cl {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    const int hi = i + 1 < s.size() ? hex_value(s[i + 1]) : -1;
    const int lo = i + 2 < s.size() ? hex_value(s[i + 2]) : -1;
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

std::string percent_encode(const std::string& s) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

}  // namespace

QueryParse parse_query(const std::string& text) {
  QueryParse result;
  size_t start = (!text.empty() && (text[0] == '#' || text[0] == '?')) ? 1 : 0;
  while (start <= text.size()) {
    size_t end = text.find('&', start);
    if (end == std::string::npos) end = text.size();
    const std::string piece = text.substr(start, end - start);
    start = end + 1;
    if (piece.empty()) continue;
    const size_t eq = piece.find('=');
    const auto key = percent_decode(piece.substr(0, eq));
    const auto value = percent_decode(eq == std::string::npos ? "" : piece.substr(eq + 1));
    if (!key || !value) {
      result.problems.push_back(cl::text("url.bad_percent", {{"piece", quoted(piece)}}));
    } else if (eq == std::string::npos || key->empty()) {
      result.problems.push_back(cl::text("url.not_key_value", {{"key", quoted(*key)}}));
    } else {
      result.pairs.emplace_back(*key, *value);
    }
  }
  return result;
}

std::string encode_query(const KeyValues& pairs) {
  std::string out;
  for (const auto& [key, value] : pairs) {
    if (!out.empty()) out += '&';
    out += percent_encode(key) + '=' + percent_encode(value);
  }
  return out;
}

}  // namespace cl
