#include "core/number_format.h"

#include <algorithm>
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
  // The fewest significant digits that read back as x: %.17g always does,
  // shorter is nicer to read. Plain notation between 1e-4 and 1e16 ("10",
  // not "1e+01"). Both hold for every precision above the first that meets
  // them (one more digit rounds no farther from x), so the first is found
  // by bisection: 5 tries instead of up to 17 (CSV rows of many series).
  const double magnitude = std::abs(x);
  const bool plain = magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
  const auto print = [&](int precision) {  // precision 1..17: at most 24 characters
    std::snprintf(buf, sizeof buf, "%.*g", std::clamp(precision, 1, 17), x);
  };
  const auto fits = [&](int precision) {
    print(precision);
    return std::strtod(buf, nullptr) == x && (!plain || !std::strchr(buf, 'e'));
  };
  int too_few = 0, enough = 17;
  while (enough - too_few > 1) {
    const int middle = (too_few + enough) / 2;
    if (fits(middle)) enough = middle;
    else too_few = middle;
  }
  print(enough);
  return buf;
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
