// format_number / parse_number: shortest round-trip text for every finite
// double (subnormals included), and a parser that takes a whole string as a
// finite number or nothing.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <doctest/doctest.h>

#include "core/number_format.h"

namespace {

double from_bits(std::uint64_t bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}
std::uint64_t to_bits(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

/// Significant digits printed by "%.*g" in `text` (mantissa digits without
/// leading zeros; trailing zeros of an integer part count, as %g prints them).
int significant_digits(const std::string& text) {
  int digits = 0;
  bool started = false;
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c < '0' || c > '9') continue;
    if (c != '0') started = true;
    if (started) ++digits;
  }
  return digits;
}

/// format_number writes plain notation ("10", "0.0001") for magnitudes in
/// [1e-4, 1e16) and %g's choice elsewhere.
bool plain_range(double x) {
  const double m = std::abs(x);
  return m == 0 || (m >= 1e-4 && m < 1e16);
}

/// True when fewer significant digits, in the notation format_number must
/// use for x, would also parse back to x.
bool shorter_form_exists(double x, int digits) {
  char buf[400];
  for (int p = 1; p < digits; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, x);
    if (plain_range(x) && std::strchr(buf, 'e')) continue;
    if (std::strtod(buf, nullptr) == x) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("format_number: familiar values print in their short form") {
  CHECK(cl::format_number(0.1) == "0.1");
  CHECK(cl::format_number(1e-9) == "1e-09");
  CHECK(cl::format_number(0.1 + 0.2) == "0.30000000000000004");
  CHECK(cl::format_number(1.0 / 3) == "0.3333333333333333");
  CHECK(cl::format_number(100) == "100");
  CHECK(cl::format_number(-2.5) == "-2.5");
  CHECK(cl::format_number(0.0) == "0");
  CHECK(cl::format_number(-0.0) == "-0");
  CHECK(cl::format_number(1e21) == "1e+21");
  CHECK(cl::format_number(10) == "10");  // plain, not "1e+01"
  CHECK(cl::format_number(1e15) == "1000000000000000");
  CHECK(cl::format_number(1e16) == "1e+16");
  CHECK(cl::format_number(1e-4) == "0.0001");
  CHECK(cl::format_number(1.5e-5) == "1.5e-05");
  CHECK(cl::format_number(1.2345678901234568e17) == "1.2345678901234568e+17");
  CHECK(cl::format_number(std::numeric_limits<double>::denorm_min()) == "5e-324");
  CHECK(cl::format_number(std::numeric_limits<double>::max()) == "1.7976931348623157e+308");
}

/// What format_number wrote before it used std::to_chars: the fewest digits
/// "%.*g" needs to read back as x (plain in [1e-4, 1e16)), found by trying.
std::string format_by_printf(double x) {
  char buf[40];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, x);
    if (plain_range(x) && std::strchr(buf, 'e')) continue;
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

TEST_CASE("format_number writes what printf's fewest round-trip digits write, on doubles of every magnitude") {
  std::mt19937_64 rng(20261129);
  std::uniform_real_distribution<double> decades(-30, 30), mantissa(1, 10);
  int checked = 0, different = 0;
  for (int i = 0; i < 200000; ++i) {
    // Half with a random bit pattern (every exponent), half of familiar size with few digits.
    double x = i % 2 ? from_bits(rng()) : std::round(mantissa(rng) * 1e4) / 1e4 * std::pow(10.0, std::round(decades(rng)));
    if (!std::isfinite(x)) continue;
    if (i % 4 == 0) x = -x;
    ++checked;
    const std::string now = cl::format_number(x), before = format_by_printf(x);
    if (now != before && ++different <= 5) MESSAGE(now << " where printf wrote " << before);
  }
  MESSAGE(checked << " doubles, " << different << " written differently from printf's fewest round-trip digits");
  CHECK(different == 0);
}

TEST_CASE("shortest_scientific by printf gives the digits std::to_chars gives, on doubles of every magnitude") {
  std::mt19937_64 rng(20261130);
  int checked = 0, different = 0;
  for (int i = 0; i < 100000; ++i) {
    std::uint64_t bits = rng() & ~(std::uint64_t{1} << 63);  // >= 0
    if (i % 3 == 0) bits &= ~0x7ff0000000000000ull;         // subnormal
    const double x = from_bits(bits);
    if (!std::isfinite(x)) continue;
    ++checked;
    const std::string by_printf = cl::shortest_scientific_by_printf(x), found = cl::shortest_scientific(x);
    // The same value and the same digits; printf writes the exponent with two digits at least.
    const bool same = std::strtod(by_printf.c_str(), nullptr) == x &&
                      by_printf.substr(0, by_printf.find('e')) == found.substr(0, found.find('e')) &&
                      std::atoi(by_printf.c_str() + by_printf.find('e') + 1) == std::atoi(found.c_str() + found.find('e') + 1);
    if (!same && ++different <= 5) MESSAGE(by_printf << " where shortest_scientific gave " << found);
  }
  MESSAGE(checked << " doubles, " << different << " with other digits by printf");
  CHECK(different == 0);
}

TEST_CASE("format_number -> parse_number is the identity on random doubles, subnormals included") {
  std::mt19937_64 rng(20240601);
  const std::uint64_t kExponentMask = 0x7ff0000000000000ull;
  int checked = 0, subnormals = 0, mismatches = 0, not_shortest = 0, max_digits = 0, exponent_in_plain_range = 0;
  for (int i = 0; i < 60000; ++i) {
    std::uint64_t bits = rng();
    // Every third draw is forced subnormal (exponent bits zero).
    if (i % 3 == 0) bits &= ~kExponentMask;
    const double x = from_bits(bits);
    if (!std::isfinite(x)) continue;  // inf/nan are not numbers here
    ++checked;
    if (std::fpclassify(x) == FP_SUBNORMAL) ++subnormals;
    const std::string text = cl::format_number(x);
    const auto back = cl::parse_number(text);
    if (!back || to_bits(*back) != to_bits(x)) {
      if (++mismatches <= 5) MESSAGE("round trip failed: " << text);
      continue;
    }
    if (plain_range(x) && text.find('e') != std::string::npos) ++exponent_in_plain_range;
    const int digits = significant_digits(text);
    max_digits = std::max(max_digits, digits);
    if (shorter_form_exists(x, digits) && ++not_shortest <= 5) MESSAGE("not shortest: " << text);
  }
  MESSAGE(checked << " doubles (" << subnormals << " subnormal): " << mismatches
                  << " round-trip mismatches, " << not_shortest << " not in shortest form, " << exponent_in_plain_range
                  << " with an exponent in [1e-4, 1e16), longest "
                  << max_digits << " digits");
  CHECK(subnormals > 10000);  // the subnormal range really was exercised
  // Exact equality of bits: a link or a CSV must reproduce the very same run.
  CHECK(mismatches == 0);
  CHECK(not_shortest == 0);
  CHECK(exponent_in_plain_range == 0);
  CHECK(max_digits <= 17);  // 17 significant digits always suffice for binary64
}

TEST_CASE("format_number is the shortest form at every power of two, where a double's rounding interval is lopsided") {
  // format_number bisects the precision, which finds the fewest digits as
  // long as one more digit never loses the round trip. Where the gap below
  // x is half the gap above (x a power of two) that is not a given: all are
  // checked, with their negatives and (plain range) multiples of ten.
  int checked = 0, mismatches = 0, not_shortest = 0;
  for (int k = -1074; k <= 1023; ++k)
    for (const double x : {std::ldexp(1.0, k), -std::ldexp(1.0, k), 10 * std::ldexp(1.0, k)}) {
      if (!std::isfinite(x)) continue;
      ++checked;
      const std::string text = cl::format_number(x);
      const auto back = cl::parse_number(text);
      if (!back || to_bits(*back) != to_bits(x)) {
        if (++mismatches <= 5) MESSAGE("round trip failed: " << text);
        continue;
      }
      if (shorter_form_exists(x, significant_digits(text)) && ++not_shortest <= 5) MESSAGE("not shortest: " << text);
    }
  MESSAGE(checked << " powers of two: " << mismatches << " round-trip mismatches, " << not_shortest
                  << " not in shortest form");
  CHECK(checked > 6000);
  CHECK(mismatches == 0);
  CHECK(not_shortest == 0);
}

TEST_CASE("parse_number accepts plain decimal text") {
  CHECK(cl::parse_number("1") == 1.0);
  CHECK(cl::parse_number("-2.5") == -2.5);
  CHECK(cl::parse_number("+3") == 3.0);
  CHECK(cl::parse_number("1e-9") == 1e-9);
  CHECK(cl::parse_number("1E+3") == 1000.0);
  CHECK(cl::parse_number(".5") == 0.5);
  CHECK(cl::parse_number("5.") == 5.0);
  CHECK(cl::parse_number("0.1") == 0.1);
  CHECK(cl::parse_number("5e-324") == std::numeric_limits<double>::denorm_min());
  CHECK(cl::parse_number("1.7976931348623157e+308") == std::numeric_limits<double>::max());
}

TEST_CASE("parse_number rejects junk, spaces, inf and nan") {
  const char* junk[] = {"",     " ",     " 1",  "1 ",   "\t1",  "1\n",  "1x",    "x1",  "abc",   "1..2",
                        "--1",  "1e",    "e5",  "1,5",  "inf",  "-inf", "+inf",  "Inf", "infinity",
                        "nan",  "NaN",   "-nan", "1e999", "-1e999", "1 2", ".", "+", "-"};
  int accepted = 0;
  for (const char* text : junk) {
    const auto x = cl::parse_number(text);
    if (x) {
      ++accepted;
      MESSAGE("accepted junk '" << text << "' as " << *x);
    }
  }
  MESSAGE((sizeof junk / sizeof *junk) << " junk strings, " << accepted << " accepted");
  CHECK(accepted == 0);
}

TEST_CASE("round_significant keeps the digits a sentence needs") {
  CHECK(cl::format_number(cl::round_significant(10.245498717975437, 3)) == "10.2");
  CHECK(cl::format_number(cl::round_significant(-0.000123456, 2)) == "-0.00012");
  CHECK(cl::format_number(cl::round_significant(98765.4, 3)) == "98800");
  CHECK(cl::format_number(cl::round_significant(3.2e-12, 3)) == "3.2e-12");
  CHECK(cl::round_significant(0, 3) == 0);
  CHECK(std::isinf(cl::round_significant(HUGE_VAL, 3)));
}

TEST_CASE("write_number: format_number's text in a fixed buffer, the longest within kNumberChars") {
  std::mt19937_64 rng(20261129);
  size_t longest = 0;
  std::string longest_text;
  for (int i = 0; i < 100000; ++i) {
    std::uint64_t bits = rng();
    if (i % 3 == 0) bits &= ~0x7ff0000000000000ull;  // subnormal
    const double x = from_bits(bits);
    char text[cl::kNumberChars];
    const size_t length = cl::write_number(x, text);
    if (length > longest) longest = length, longest_text.assign(text, length);
  }
  for (const double x : {-std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::min(),
                         -std::numeric_limits<double>::max(), -0.00012345678901234567, -1234567890123456.7}) {
    char text[cl::kNumberChars];
    const size_t length = cl::write_number(x, text);
    if (length > longest) longest = length, longest_text.assign(text, length);
  }
  MESSAGE("longest text: " << longest_text << " (" << longest << " characters)");
  CHECK(longest <= 24);
  CHECK(longest < cl::kNumberChars);
}
