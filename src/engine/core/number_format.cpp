#include "core/number_format.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cl {

std::string format_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[40];
  // Round-trip search: %.17g always round-trips, shorter is nicer to read.
  // Plain notation between 1e-4 and 1e16 ("10", not "1e+01").
  const double magnitude = std::abs(x);
  const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x && (!plain || !std::strchr(buf, 'e'))) break;
  }
  return buf;
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
