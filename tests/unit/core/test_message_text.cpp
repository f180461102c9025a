// User text inside messages: short, valid UTF-8, with the length when cut.
#include <string>

#include <doctest/doctest.h>

#include "core/message_text.h"

TEST_CASE("quoted: short text as it is, long text cut with its length") {
  CHECK(cl::quoted("Lenght") == "'Lenght'");
  CHECK(cl::quoted("") == "''");
  const std::string q = cl::quoted(std::string(1 << 20, 'a'));
  MESSAGE(q);
  CHECK(q.size() < 100);
  CHECK(q.find("(1048576 bytes)") != std::string::npos);
}

TEST_CASE("printable: invalid UTF-8 becomes U+FFFD, a cut never splits a character") {
  CHECK(cl::printable("ok \xc3\xa9") == "ok \xc3\xa9");
  CHECK(cl::printable("a\xff" "b") == "a\xEF\xBF\xBD" "b");
  CHECK(cl::printable("\xc3") == "\xEF\xBF\xBD");            // a lead byte alone
  CHECK(cl::printable("\xed\xa0\x80") != "\xed\xa0\x80");    // a surrogate is not UTF-8
  CHECK(cl::printable("\xe0\x80\x80") != "\xe0\x80\x80");    // nor an overlong form
  const std::string cut = cl::printable(std::string(30, '\xe2'), 10);
  CHECK(cl::is_valid_utf8(cut));
  std::string euros;
  for (int k = 0; k < 20; ++k) euros += "\xe2\x82\xac";  // 3 bytes each
  const std::string short_euros = cl::printable(euros, 10);
  MESSAGE(short_euros);
  CHECK(cl::is_valid_utf8(short_euros));
  CHECK(short_euros.size() <= 13);
}

TEST_CASE("is_valid_utf8") {
  CHECK(cl::is_valid_utf8("x^2 + y^2 - 15^2"));
  CHECK(cl::is_valid_utf8("\xf0\x9f\x99\x82"));  // 4 bytes
  CHECK(!cl::is_valid_utf8("\xf4\x90\x80\x80"));  // beyond U+10FFFF
  CHECK(!cl::is_valid_utf8("\x80"));
  CHECK(!cl::is_valid_utf8("abc\xe2\x82"));  // cut short
}

TEST_CASE("join_problems lists ten, then counts the rest") {
  CHECK(cl::join_problems({"a", "b"}) == "a; b");
  std::vector<std::string> many(25, "p");
  CHECK(cl::join_problems(many) == "p; p; p; p; p; p; p; p; p; p; and 15 more");
}
