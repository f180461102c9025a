// parse_json_text: hostile JSON text is refused by its size, nesting depth
// and value count before any document is built, and every exception of the
// parser (syntax, a number beyond a double, invalid UTF-8) comes back as a
// message.
#include <chrono>
#include <string>

#include <doctest/doctest.h>

#include "io/json_text.h"

namespace {

bool mentions(const cl::JsonParse& parse, const std::string& what) {
  return !parse.value && parse.error.find(what) != std::string::npos;
}

std::string nested(size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

}  // namespace

TEST_CASE("parse_json_text reads valid documents") {
  const cl::JsonParse parse = cl::parse_json_text(R"({"a": [1, 2.5, "x"], "b": {"c": null}})");
  REQUIRE(parse.value);
  CHECK((*parse.value)["a"][1] == 2.5);
  CHECK(parse.error.empty());
}

TEST_CASE("parse_json_text: a number beyond a double (1e400) is a message, not an exception") {
  cl::JsonParse parse;
  CHECK_NOTHROW(parse = cl::parse_json_text(R"({"scene": "pendulum", "params": {"L": 1e400}})"));
  MESSAGE(parse.error);
  CHECK(mentions(parse, "too large for a double"));
  CHECK(mentions(parse, "1e400"));
}

TEST_CASE("parse_json_text: nesting deeper than the limit is refused before parsing (150,000 levels)") {
  const cl::JsonLimits limits;
  CHECK(cl::parse_json_text(nested(limits.max_depth), limits).value);
  CHECK(mentions(cl::parse_json_text(nested(limits.max_depth + 1), limits), "nested deeper than 32 levels"));
  const std::string deep = R"({"scene": "pendulum", "state": )" + nested(150000) + "}";
  const auto start = std::chrono::steady_clock::now();
  const cl::JsonParse parse = cl::parse_json_text(deep);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("150,000 levels: '" << parse.error << "' after " << seconds * 1e3 << " ms");
  CHECK(mentions(parse, "nested deeper"));
  // Brackets inside strings are text, not nesting.
  CHECK(cl::parse_json_text("{\"s\": \"" + std::string(1000, '[') + "\\\"]\"}").value);
}

TEST_CASE("parse_json_text: size and value count limits") {
  cl::JsonLimits limits;
  limits.max_bytes = 100;
  CHECK(mentions(cl::parse_json_text(std::string(101, ' '), limits), "more than the limit of 100 bytes"));
  limits = {};
  limits.max_values = 1000;
  std::string many = "[0";
  for (int k = 0; k < 1000; ++k) many += ",0";
  many += "]";
  CHECK(mentions(cl::parse_json_text(many, limits), "more than 1000 values"));
  CHECK(cl::parse_json_text(many).value);  // the default allows a million
}

TEST_CASE("parse_json_text: syntax errors and invalid UTF-8 are messages") {
  CHECK(mentions(cl::parse_json_text(R"({"a": )"), "not valid JSON"));
  CHECK(mentions(cl::parse_json_text("{\"a\": \"\xff\"}"), "not valid JSON"));
  CHECK(mentions(cl::parse_json_text(""), "not valid JSON"));
  CHECK(mentions(cl::parse_json_text("]]]]"), "not valid JSON"));  // closing brackets never count as depth
}
