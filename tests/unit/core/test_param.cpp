// ParamValues: parsing and validation of every kind of parameter. After
// every rejected value the whole set of values must be exactly as before.
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "core/param.h"

namespace {

const std::vector<cl::ParamSpec>& test_specs() {
  static const std::vector<cl::ParamSpec> specs = [] {
    std::vector<cl::ParamSpec> s(4);
    s[0].name = "a";
    s[0].unit = "m/s";
    s[0].kind = cl::ParamKind::Real;
    s[0].default_value = 2;
    s[0].min = 0;
    s[0].max = 10;
    s[1].name = "n";
    s[1].kind = cl::ParamKind::Integer;
    s[1].default_value = 3;
    s[1].min = 1;
    s[1].max = 5;
    s[2].name = "mode";
    s[2].kind = cl::ParamKind::Choice;
    s[2].choices = {"impulse", "spring", "hertz"};
    s[2].default_value = 1;
    s[3].name = "wall";
    s[3].kind = cl::ParamKind::Text;
    s[3].default_text = "x^2+y^2-1";
    return s;
  }();
  return specs;
}

bool mentions(const std::optional<std::string>& error, const std::string& what) {
  return error && error->find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("ParamValues starts at the defaults") {
  cl::ParamValues p(test_specs());
  CHECK(p.number("a") == 2);
  CHECK(p.integer("n") == 3);
  CHECK(p.choice("mode") == "spring");
  CHECK(p.text("wall") == "x^2+y^2-1");
  for (size_t i = 0; i < test_specs().size(); ++i) CHECK(p.is_default(i));
  CHECK(p.index_of("mode") == 2u);
  CHECK(!p.index_of("nope"));
}

TEST_CASE("ParamValues::set accepts valid values of every kind") {
  cl::ParamValues p(test_specs());
  CHECK(!p.set("a", "0"));
  CHECK(!p.set("a", "10"));  // the range is closed
  CHECK(!p.set("a", "7.25"));
  CHECK(p.number("a") == 7.25);
  CHECK(!p.set("n", "5"));
  CHECK(p.integer("n") == 5);
  CHECK(!p.set("n", "1e0"));
  CHECK(p.integer("n") == 1);
  CHECK(!p.set("mode", "hertz"));
  CHECK(p.choice("mode") == "hertz");
  CHECK(p.number_at(2) == 2);
  CHECK(!p.set("wall", "abs(x)+abs(y)-1"));
  CHECK(p.text("wall") == "abs(x)+abs(y)-1");
  CHECK(!p.set("wall", std::string(1000, 'x')));  // exactly at the limit
  CHECK(!p.is_default(0));
  p.restore_default(0);
  CHECK(p.is_default(0));
  CHECK(p.number("a") == 2);
}

TEST_CASE("ParamValues rejects bad values with a message naming the parameter, values unchanged") {
  cl::ParamValues p(test_specs());
  REQUIRE(!p.set("a", "4.5"));
  REQUIRE(!p.set("wall", "x*y"));
  struct Bad {
    std::string name, value, expect;  // expect: a piece of the message
  };
  const std::vector<Bad> bad = {
      {"a", "10.000000001", "outside [0, 10] m/s"},
      {"a", "-1e-300", "outside"},
      {"a", "abc", "not a finite number"},
      {"a", "inf", "not a finite number"},
      {"a", "nan", "not a finite number"},
      {"a", " 1", "not a finite number"},
      {"a", "", "not a finite number"},
      {"n", "2.5", "not a whole number"},
      {"n", "0", "outside [1, 5]"},
      {"n", "6", "outside"},
      {"mode", "Spring", "not one of impulse, spring, hertz"},
      {"mode", "1", "not one of"},
      {"wall", std::string(1001, 'y'), "longer than 1000"},
      {"wall", "x\xff", "not valid UTF-8"},  // saved files are JSON, which is UTF-8
      {"a", "1e400", "not a finite number"},
      {"nope", "1", "unknown parameter 'nope'"},
  };
  int rejected = 0;
  for (const Bad& b : bad) {
    const cl::ParamValues before = p;
    const auto error = p.set(b.name, b.value);
    CAPTURE(b.name);
    CAPTURE(b.value);
    if (error) {
      ++rejected;
      MESSAGE(*error);
    }
    CHECK(mentions(error, b.expect));
    CHECK(mentions(error, "'" + b.name + "'"));
    CHECK(p == before);
  }
  CHECK(rejected == static_cast<int>(bad.size()));
  // The number/text entry points validate the same way.
  const cl::ParamValues before = p;
  CHECK(mentions(p.set_number(2, 3), "choice index out of range"));
  CHECK(mentions(p.set_number(2, 0.5), "choice index out of range"));
  CHECK(mentions(p.set_number(2, -1), "choice index out of range"));
  CHECK(mentions(p.set_number(0, std::nan("")), "not finite"));
  CHECK(mentions(p.set_number(3, 1), "takes text"));
  CHECK(mentions(p.set_text(0, "1"), "takes a number"));
  CHECK(p == before);
  CHECK(p.number("a") == 4.5);
  CHECK(p.text("wall") == "x*y");
}

TEST_CASE("ParamValues::format parses back to the identical value") {
  cl::ParamValues p(test_specs());
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> in_range(0, 10);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    REQUIRE(!p.set_number(0, in_range(rng)));
    REQUIRE(!p.set_number(1, 1 + static_cast<double>(rng() % 5)));
    REQUIRE(!p.set_number(2, static_cast<double>(rng() % 3)));
    cl::ParamValues copy(test_specs());
    for (size_t k = 0; k < test_specs().size(); ++k)
      if (copy.set(test_specs()[k].name, p.format(k))) ++failures;
    if (copy != p) ++failures;
  }
  MESSAGE("20000 random value sets through format/set: " << failures << " failures");
  CHECK(failures == 0);
}

TEST_CASE("describe_range") {
  CHECK(cl::describe_range(test_specs()[0]) == "[0, 10] m/s");
  CHECK(cl::describe_range(test_specs()[1]) == "[1, 5]");
  CHECK(cl::describe_range(test_specs()[2]) == "impulse | spring | hertz");
  CHECK(cl::describe_range(test_specs()[3]) == "text");
}

TEST_CASE("ParamValues: a megabyte of junk makes a short message (it quotes 60 bytes)") {
  cl::ParamValues p(test_specs());
  const auto error = p.set("a", std::string(1 << 20, '7') + "x");
  REQUIRE(error);
  MESSAGE(*error);
  CHECK(error->size() < 150);
  CHECK(error->find("(1048577 bytes)") != std::string::npos);
  const auto unknown = p.set(std::string(1 << 20, 'k'), "1");
  REQUIRE(unknown);
  CHECK(unknown->size() < 150);
}

TEST_CASE("param values: with_live_from takes the Live values and keeps the Reset ones") {
  const std::vector<cl::ParamSpec> specs = {
      {"L", "m", cl::ParamKind::Real, cl::ParamApply::Reset, 1, 0, 10},
      {"g", "m/s^2", cl::ParamKind::Real, cl::ParamApply::Live, 9.8, 0, 100},
      {"f", "", cl::ParamKind::Text, cl::ParamApply::Live, 0, 0, 0, {}, "x"},
      {"w", "", cl::ParamKind::Text, cl::ParamApply::Reset, 0, 0, 0, {}, "y"}};
  const cl::ParamValues built(specs);
  cl::ParamValues requested(specs);
  REQUIRE(!requested.set("L", "2"));
  REQUIRE(!requested.set("g", "1"));
  REQUIRE(!requested.set("f", "sin(x)"));
  REQUIRE(!requested.set("w", "cos(x)"));
  const cl::ParamValues running = built.with_live_from(requested);
  CHECK(running.number("L") == 1);
  CHECK(running.number("g") == 1);
  CHECK(running.text("f") == "sin(x)");
  CHECK(running.text("w") == "y");
}

TEST_CASE("param_in_effect: a parameter acts only under the choices its in_effect_when names") {
  std::vector<cl::ParamSpec> specs = test_specs();
  cl::set_in_effect_when(specs, {"a"}, "mode", {"spring", "hertz"});
  cl::ParamValues p(specs);
  CHECK(cl::param_in_effect(p, 0));  // mode = spring (the default)
  CHECK(cl::param_in_effect(p, 1));  // n names no choice: always
  REQUIRE_FALSE(p.set_number(2, 0));  // mode = impulse
  CHECK_FALSE(cl::param_in_effect(p, 0));
  REQUIRE_FALSE(p.set_number(2, 2));  // mode = hertz
  CHECK(cl::param_in_effect(p, 0));
}
