#include "core/message_text.h"

#include <algorithm>

#include "core/text.h"

namespace cl {
namespace {

constexpr size_t kQuotedBytes = 60;
constexpr size_t kListedProblems = 10;
const char* const kReplacement = "\xEF\xBF\xBD";  // U+FFFD

/// Length of the valid UTF-8 sequence starting at text[i], or 0 if none starts there.
size_t sequence_length(const std::string& text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing beyond U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

/// Appends `text` as valid UTF-8 of at most `max_bytes`; true if it had to cut.
bool append_printable(std::string& out, const std::string& text, size_t max_bytes) {
  const size_t limit = out.size() + max_bytes;
  for (size_t i = 0; i < text.size();) {
    const size_t length = sequence_length(text, i);
    if (out.size() + std::max<size_t>(length, 3) > limit) return true;
    if (length == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(text, i, length);
      i += length;
    }
  }
  return false;
}

}  // namespace

bool is_valid_utf8(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const size_t length = sequence_length(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

std::string printable(const std::string& text, size_t max_bytes) {
  std::string out;
  if (append_printable(out, text, max_bytes)) out += "...";
  return out;
}

std::string quoted(const std::string& text) {
  std::string out = "'";
  const bool cut = append_printable(out, text, kQuotedBytes);
  out += cut ? "...'" : "'";
  if (cut) out += " (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string join_problems(const std::vector<std::string>& problems) {
  std::string out;
  for (size_t i = 0; i < problems.size() && i < kListedProblems; ++i) out += (i ? "; " : "") + problems[i];
  if (problems.size() > kListedProblems)
    out += "; " + text("problems.and_more", {{"count", std::to_string(problems.size() - kListedProblems)}});
  return out;
}

}  // namespace cl
