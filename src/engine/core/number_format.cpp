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

std::string shortest_scientific(double x) {
#if defined(__cpp_lib_to_chars)
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific).ptr);
#else
  return shortest_scientific_by_printf(x);  // a standard library without floating-point to_chars (Emscripten 3.1's)
#endif
}

std::string format_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  // The fewest significant digits that read back as x (shortest_scientific:
  // the CSV of a long run formats millions of numbers),
  // written as %g writes them: plain notation between 1e-4 and 1e16 ("10",
  // not "1e+01"), else as %g chooses (d.ddde±XX unless the digits reach the point).
  const std::string scientific = shortest_scientific(std::abs(x));
  // "d.ddde±X...": the digits without the point, and the exponent.
  std::string digits;
  size_t c = 0;
  for (; c < scientific.size() && scientific[c] != 'e'; ++c)
    if (scientific[c] != '.') digits += scientific[c];
  const int exponent = std::atoi(scientific.c_str() + c + 1);
  std::string out = std::signbit(x) ? "-" : "";
  const double magnitude = std::abs(x);
  const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
  if (plain || (exponent >= -4 && exponent < static_cast<int>(digits.size()))) {  // %g's own choice beyond
    const int point = exponent + 1;  // digits before the decimal point
    if (point <= 0) {
      out += "0." + std::string(-point, '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
      out += digits + std::string(point - digits.size(), '0');
    } else {
      out += digits.substr(0, point) + "." + digits.substr(point);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  // At least two exponent digits, as %g writes them: 1e-05, 1e+308.
  const std::string exponent_digits = std::to_string(std::abs(exponent));
  return out + (exponent < 0 ? "e-" : "e+") + (exponent_digits.size() < 2 ? "0" : "") + exponent_digits;
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
