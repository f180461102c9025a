#include "core/number_format.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cl {

std::string shortest_scientific_by_printf(double x) {
  // One more digit never loses the round trip, so the fewest are found by
  // bisection over the precision: 5 tries instead of up to 17.
  char buf[40];
  const auto fits = [&](int precision) {  // digits after the point, 0..16
    std::snprintf(buf, sizeof buf, "%.*e", precision, x);
    return std::strtod(buf, nullptr) == x;
  };
  int too_few = -1, enough = 16;
  while (enough - too_few > 1) {
    const int middle = (too_few + enough) / 2;
    if (fits(middle)) enough = middle;
    else too_few = middle;
  }
  std::snprintf(buf, sizeof buf, "%.*e", enough, x);
  return buf;
}

size_t write_shortest_scientific(double x, char* out) {
#if defined(__cpp_lib_to_chars)
  return static_cast<size_t>(std::to_chars(out, out + kNumberChars, x, std::chars_format::scientific).ptr - out);
#else
  const std::string text = shortest_scientific_by_printf(x);  // a standard library without floating-point to_chars (Emscripten 3.1's)
  std::memcpy(out, text.data(), text.size());
  return text.size();
#endif
}

std::string shortest_scientific(double x) {
  char text[kNumberChars];
  return std::string(text, write_shortest_scientific(x, text));
}

size_t write_number(double x, char* out) {
  char* o = out;
  auto put = [&](const char* text) {
    while (*text) *o++ = *text++;
  };
  if (std::isnan(x)) return put("nan"), o - out;
  if (std::isinf(x)) return put(x > 0 ? "inf" : "-inf"), o - out;
  // The fewest significant digits that read back as x (shortest_scientific:
  // the CSV of a long run formats millions of numbers), written as %g
  // writes them: plain notation between 1e-4 and 1e16 ("10", not "1e+01"),
  // else as %g chooses (d.ddde±XX unless the digits reach the point).
  const double magnitude = std::abs(x);
  char scientific[kNumberChars + 1];  // "d.ddde±X..."
  scientific[write_shortest_scientific(magnitude, scientific)] = 0;
  char digits[24];  // the significant digits, without the point
  int count = 0;
  const char* c = scientific;
  for (; *c && *c != 'e'; ++c)
    if (*c != '.') digits[count++] = *c;
  const int exponent = std::atoi(c + 1);
  if (std::signbit(x)) *o++ = '-';
  const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
  if (plain || (exponent >= -4 && exponent < count)) {  // %g's own choice beyond
    const int point = exponent + 1;  // digits before the decimal point
    if (point <= 0) {
      *o++ = '0';
      *o++ = '.';
      for (int k = 0; k < -point; ++k) *o++ = '0';
      for (int k = 0; k < count; ++k) *o++ = digits[k];
    } else if (point >= count) {
      for (int k = 0; k < count; ++k) *o++ = digits[k];
      for (int k = count; k < point; ++k) *o++ = '0';
    } else {
      for (int k = 0; k < point; ++k) *o++ = digits[k];
      *o++ = '.';
      for (int k = point; k < count; ++k) *o++ = digits[k];
    }
    return o - out;
  }
  *o++ = digits[0];
  if (count > 1) {
    *o++ = '.';
    for (int k = 1; k < count; ++k) *o++ = digits[k];
  }
  // At least two exponent digits, as %g writes them: 1e-05, 1e+308.
  *o++ = 'e';
  *o++ = exponent < 0 ? '-' : '+';
  const int e = std::abs(exponent);
  if (e >= 100) *o++ = static_cast<char>('0' + e / 100);
  *o++ = static_cast<char>('0' + e / 10 % 10);
  *o++ = static_cast<char>('0' + e % 10);
  return o - out;
}

std::string format_number(double x) {
  char text[kNumberChars];
  return std::string(text, write_number(x, text));
}

double round_significant(double x, int digits) {
  if (!std::isfinite(x) || x == 0) return x;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", std::clamp(digits, 1, 17), x);
  return std::strtod(buf, nullptr);
}

std::optional<double> parse_number(const std::string& text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  // ERANGE also flags subnormal results (glibc), which are exact doubles that
  // format_number prints: reject only overflow (inf) and underflow to zero.
  if (end != text.c_str() + text.size() || (errno == ERANGE && x == 0) || !std::isfinite(x)) return std::nullopt;
  return x;
}

}  // namespace cl
