// CSV output: header rows, shortest round-trip numbers, empty fields for
// event quantities that do not apply.
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "core/number_format.h"
#include "io/csv.h"

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

}  // namespace

TEST_CASE("csv headers and rows") {
  std::ostringstream out;
  cl::write_csv_header(out, {"t", "x", "y"});
  cl::write_csv_row(out, {0.1, 1e-9, -3});
  cl::write_events_header(out, {"phi", "speed", "speed_after", "distance"});
  CHECK(out.str() == "t,x,y\n0.1,1e-09,-3\nt,kind,phi,speed,speed_after,distance\n");
}

TEST_CASE("csv event rows leave NaN fields empty") {
  cl::Event e = cl::make_event(1.5, "slack", 4);
  e.fields[0] = 2.1862760354652844;
  e.fields[3] = 0;
  std::ostringstream out;
  cl::write_event_row(out, e);
  CHECK(out.str() == "1.5,slack,2.1862760354652844,,,0\n");
  std::ostringstream none;
  cl::write_event_row(none, cl::make_event(0, "taut", 2));
  CHECK(none.str() == "0,taut,,\n");
}

TEST_CASE("csv numbers parse back to the identical doubles") {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> mantissa(-1, 1);
  std::uniform_int_distribution<int> exponent(-300, 300);
  cl::SeriesRecorder rec({"t", "a", "b"}, 4096);
  std::vector<std::vector<double>> rows;
  for (int i = 0; i < 3000; ++i) {
    rows.push_back({i * 0.01, mantissa(rng) * std::pow(10.0, exponent(rng)), mantissa(rng)});
    rec.offer(rows.back());
  }
  std::ostringstream out;
  cl::write_series_csv(out, rec);
  std::istringstream in(out.str());
  std::string line;
  REQUIRE(std::getline(in, line));
  CHECK(line == "t,a,b");
  size_t row = 0;
  int mismatches = 0;
  while (std::getline(in, line)) {
    const auto fields = split(line);
    REQUIRE(fields.size() == 3);
    for (size_t c = 0; c < 3; ++c) {
      const auto x = cl::parse_number(fields[c]);
      if (!x || *x != rows[row][c]) ++mismatches;
    }
    ++row;
  }
  MESSAGE(row << " rows written and read back, " << mismatches << " mismatching numbers");
  CHECK(row == rows.size());
  CHECK(mismatches == 0);
}
