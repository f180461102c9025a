// The URL hash codec: key/value pairs survive encode -> parse byte for byte;
// '+' and '^' (expressions) are kept; malformed percent-escapes are reported.
#include <random>
#include <string>

#include <doctest/doctest.h>

#include "io/query_string.h"

TEST_CASE("encode_query -> parse_query round trip with reserved and unicode characters") {
  const cl::KeyValues pairs = {
      {"scene", "implicit"},
      {"wall", "x^2+y^2-1+0.1*sin(3*x)"},
      {"a&b", "c=d&e=f"},
      {"=", "&"},
      {"unicode", "\xcf\x80 \xe2\x89\x88 3.14, \xc3\xbc, \xe6\x97\xa5\xe6\x9c\xac"},
      {"empty", ""},
      {"percent", "100%"},
      {"space", "a b#c?d/e"},
  };
  const std::string hash = cl::encode_query(pairs);
  MESSAGE("hash: " << hash);
  for (const char* prefix : {"", "#", "?"}) {
    const cl::QueryParse back = cl::parse_query(std::string(prefix) + hash);
    CHECK(back.problems.empty());
    CHECK(back.pairs == pairs);
  }
  // Only the unreserved characters appear raw.
  for (char c : hash) {
    const bool ok = isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' || c == '~' ||
                    c == '%' || c == '=' || c == '&';
    CHECK(ok);
  }
  CHECK(cl::encode_query({{"k", "A-z._~09"}}) == "k=A-z._~09");
  CHECK(cl::encode_query({{"f", "x+1"}}) == "f=x%2B1");
  CHECK(cl::encode_query({{"f", "x^2"}}) == "f=x%5E2");
}

TEST_CASE("encode_query -> parse_query round trip on random bytes") {
  std::mt19937 rng(11);
  int failures = 0;
  for (int i = 0; i < 5000; ++i) {
    cl::KeyValues pairs;
    const int count = 1 + static_cast<int>(rng() % 4);
    for (int p = 0; p < count; ++p) {
      std::string key(1 + rng() % 8, ' '), value(rng() % 12, ' ');
      for (char& c : key) c = static_cast<char>(rng() % 256);
      for (char& c : value) c = static_cast<char>(rng() % 256);
      pairs.emplace_back(key, value);
    }
    const cl::QueryParse back = cl::parse_query(cl::encode_query(pairs));
    if (back.pairs != pairs || !back.problems.empty()) ++failures;
  }
  MESSAGE("5000 random byte strings: " << failures << " round-trip failures");
  CHECK(failures == 0);
}

TEST_CASE("parse_query reads hand-written links") {
  const cl::QueryParse q = cl::parse_query("#f=x+1&g=x^2&h=%41%42&euro=%e2%82%AC&eq=a=b&&");
  CHECK(q.problems.empty());
  REQUIRE(q.pairs.size() == 5);
  CHECK(q.pairs[0].second == "x+1");  // '+' stays '+', not a space
  CHECK(q.pairs[1].second == "x^2");
  CHECK(q.pairs[2].second == "AB");
  CHECK(q.pairs[3].second == "\xe2\x82\xac");
  CHECK(q.pairs[4] == std::make_pair(std::string("eq"), std::string("a=b")));  // split on the first '='
  CHECK(cl::parse_query("").pairs.empty());
  CHECK(cl::parse_query("#").pairs.empty());
  CHECK(cl::parse_query("#").problems.empty());
}

TEST_CASE("parse_query reports malformed pieces and keeps the good ones") {
  const char* bad[] = {"a=%zz", "a=%4", "a=%", "%g1=2", "a%2=1", "novalue", "=v"};
  for (const char* piece : bad) {
    const cl::QueryParse q = cl::parse_query(std::string("x=1&") + piece + "&y=2");
    CAPTURE(piece);
    REQUIRE(q.problems.size() == 1);
    MESSAGE(q.problems[0]);
    REQUIRE(q.pairs.size() == 2);
    CHECK(q.pairs[0].first == "x");
    CHECK(q.pairs[1].first == "y");
  }
}
