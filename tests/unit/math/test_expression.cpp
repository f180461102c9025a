// Expression2D (muParser wrapper): values of valid walls against the same
// formula written in C++; invalid text gives a message with a position and
// keeps the previous expression; 1/0 and sqrt of a negative evaluate to inf
// and NaN without an exception (the wall builder then refuses them).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "core/message_text.h"
#include "math/expression.h"

namespace {

const double kPi = std::acos(-1.0);

/// Largest |e(x, y) - reference(x, y)| over a 41 x 41 grid on [-20, 20]^2 (m).
template <class F>
double worst_difference(const cl::Expression2D& e, F reference) {
  double worst = 0;
  for (int j = 0; j <= 40; ++j)
    for (int i = 0; i <= 40; ++i) {
      const double x = -20 + i, y = -20 + j + 0.37;  // off the axes (atan2's branch cut)
      worst = std::max(worst, std::abs(e(x, y) - reference(x, y)));
    }
  return worst;
}

}  // namespace

TEST_CASE("valid expressions evaluate as the same formula in C++") {
  struct Case {
    const char* text;
    double (*reference)(double, double);
    double tolerance;  // absolute, on values of size <= ~1e3
  };
  const Case cases[] = {
      // Polynomials: muParser's ^ is pow, the same rounding as the C++ below up to a few ulps of 625.
      {"x^2 + y^2 - 15^2", [](double x, double y) { return x * x + y * y - 225; }, 1e-12},
      {"abs(x) + abs(y) - 15", [](double x, double y) { return std::abs(x) + std::abs(y) - 15; }, 0},
      {"atan2(y, x)", [](double x, double y) { return std::atan2(y, x); }, 0},
      {"pi * x - y", [](double x, double y) { return kPi * x - y; }, 0},
      {"sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))",
       [](double x, double y) { return std::sqrt(x * x + y * y) - 12 * (1 + 0.3 * std::cos(5 * std::atan2(y, x))); },
       1e-13},
      {"((x/15)^2 + (y/15)^2 - 1)^3 + 27*(x/15)^2*(y/15)^2",
       [](double x, double y) {
         const double u = x / 15, v = y / 15, s = u * u + v * v - 1;
         return s * s * s + 27 * u * u * v * v;
       },
       1e-12},
  };
  for (const Case& c : cases) {
    cl::Expression2D e;
    const auto error = e.compile(c.text);
    REQUIRE_MESSAGE(!error, error->message);
    const double worst = worst_difference(e, c.reference);
    MESSAGE("'" << std::string(c.text) << "': max |muParser - C++| over the grid = " << worst);
    CHECK(e.text() == c.text);
    CHECK(worst <= c.tolerance);
  }
  cl::Expression2D e;
  REQUIRE(!e.compile("x^2 + y^2 - 15^2"));
  CHECK(e(9, 12) == 0);  // a point of the circle, exactly (all integers)
  CHECK(e(0, 0) == -225);
  REQUIRE(!e.compile("pi"));
  CHECK(e(1, 2) == kPi);
}

TEST_CASE("invalid expressions: a message with a position, the previous expression stays") {
  struct Case {
    const char* text;
    bool has_position;  // an empty text is about no particular place
  };
  const Case cases[] = {{"x^2+(y", true}, {"x**2", true}, {"", false},        {"   ", false},
                        {"foo(x)", true}, {"x y", true},  {"x^2 + 1)", true}, {"x, y", false}};
  cl::Expression2D e;
  REQUIRE(!e.compile("x^2 + y^2 - 15^2"));
  for (const Case& c : cases) {
    CAPTURE(std::string(c.text));
    const auto error = e.compile(c.text);
    REQUIRE(error);
    MESSAGE("'" << std::string(c.text) << "' -> position " << error->position << ": " << error->message);
    CHECK(!error->message.empty());
    if (c.has_position) {
      // The position is inside (or just past the end of) the text, and the message says where.
      CHECK(error->position >= 0);
      CHECK(error->position <= static_cast<int>(std::string(c.text).size()) + 1);
      CHECK(error->message.find("position") != std::string::npos);
    }
    // The circle is still in force, value for value.
    CHECK(e.text() == "x^2 + y^2 - 15^2");
    CHECK(e(9, 12) == 0);
    CHECK(e(1, 1) == -223);
  }
}

TEST_CASE("the reported position points at the offending character") {
  // For a bad token muParser reports the 0-based index of its first
  // character (its own messages say "found at position <that index>").
  struct Case {
    const char* text;
    int expected;  // 0-based index of the character at fault
  };
  const Case cases[] = {{"x**2", 2}, {"foo(x)", 0}, {"x y", 2}, {"x^^2", 2}, {"1 + ) ", 4}};
  for (const Case& c : cases) {
    cl::Expression2D e;
    const auto error = e.compile(c.text);
    REQUIRE(error);
    MESSAGE("'" << std::string(c.text) << "': position " << error->position << ", message \"" << error->message
                << "\"");
    CHECK(error->position == c.expected);
  }
}

TEST_CASE("division by zero and NaN-producing walls evaluate without throwing") {
  cl::Expression2D e;
  REQUIRE(!e.compile("1/0"));  // accepted: a value, not a syntax error
  const double inv = e(3, 4);
  REQUIRE(!e.compile("sqrt(-1 - x^2)"));
  const double root = e(3, 4);
  REQUIRE(!e.compile("log(x)"));
  const double log_neg = e(-1, 0), log_zero = e(0, 0);
  MESSAGE("1/0 = " << inv << ", sqrt(-1 - x^2) at (3, 4) = " << root << ", log(-1) = " << log_neg
                   << ", log(0) = " << log_zero);
  CHECK(std::isinf(inv));
  CHECK(std::isnan(root));
  CHECK(std::isnan(log_neg));
  CHECK(std::isinf(log_zero));
}

TEST_CASE("expressions are bounded: at most 1000 characters and 50 levels of parentheses") {
  cl::Expression2D e;
  REQUIRE(!e.compile("x^2 + y^2 - 15^2"));
  std::string sum = "x";
  while (sum.size() < 1000) sum += "+x";
  const auto long_error = e.compile(sum + "+x");
  REQUIRE(long_error);
  MESSAGE(long_error->message);
  CHECK(long_error->message.find("more than 1000") != std::string::npos);
  CHECK(!e.compile(sum.substr(0, 999)));
  const std::string deep = std::string(51, '(') + "x" + std::string(51, ')');
  const auto deep_error = e.compile(deep);
  REQUIRE(deep_error);
  MESSAGE(deep_error->message);
  CHECK(deep_error->position == 50);
  CHECK(deep_error->message.find("deeper than 50") != std::string::npos);
  CHECK(!e.compile(std::string(50, '(') + "x" + std::string(50, ')')));
  // The cost of one evaluation, for the set-up budgets: it grows with the formula.
  REQUIRE(!e.compile("x"));
  const size_t one = e.size();
  REQUIRE(!e.compile("sqrt(x^2 + y^2) - 12*(1 + 0.3*cos(5*atan2(y, x)))"));
  MESSAGE("bytecode operations: 'x' " << one << ", the star wall " << e.size());
  CHECK(one >= 1);
  CHECK(e.size() > one);
}

TEST_CASE("a muParser message that quotes bad bytes comes back as valid UTF-8") {
  cl::Expression2D e;
  const auto error = e.compile("x + \xff\xfe");
  REQUIRE(error);
  MESSAGE(error->message);
  CHECK(cl::is_valid_utf8(error->message));
}
