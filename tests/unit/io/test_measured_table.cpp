// Measured tables (io/measured_table.h): phyphox's and Tracker's exports and
// a spreadsheet's CSV read into named columns with units; bad files refused
// with the row and column named, nothing half-read.
#include <cmath>
#include <string>

#include <doctest/doctest.h>

#include "core/message_text.h"
#include "io/measured_table.h"

namespace {

cl::MeasuredTable read(const std::string& text) {
  const auto parsed = cl::parse_measured_table(text);
  INFO(parsed.error);
  REQUIRE(parsed.table);
  return *parsed.table;
}

std::string refusal(const std::string& text, const cl::MeasuredTableLimits& limits = {}) {
  const auto parsed = cl::parse_measured_table(text, limits);
  CHECK_FALSE(parsed.table);
  MESSAGE(parsed.error);
  return parsed.error;
}

}  // namespace

TEST_CASE("measured table: phyphox's comma export, quoted headers with units") {
  const auto table = read("\"Time (s)\",\"Height (m)\"\n0.000000000E0,1.250000000E0\n5.050000000E-1,0.000000000E0\n");
  REQUIRE(table.columns.size() == 2);
  CHECK(table.columns[0].name == "Time");
  CHECK(table.columns[0].unit == "s");
  CHECK(table.columns[1].name == "Height");
  CHECK(table.columns[1].unit == "m");
  CHECK(table.rows() == 2);
  CHECK(table.columns[0].values[1] == 0.505);
  CHECK(table.columns[1].values[0] == 1.25);
  CHECK(table.title.empty());
}

TEST_CASE("measured table: phyphox's semicolon export with decimal commas, a byte order mark and CRLF") {
  const auto table = read("\xEF\xBB\xBF\"t (s)\";\"y (mm)\"\r\n0,5;12,75\r\n1,0;-3\r\n");
  REQUIRE(table.columns.size() == 2);
  CHECK(table.columns[0].name == "t");
  CHECK(table.columns[1].unit == "mm");
  CHECK(table.columns[0].values[0] == 0.5);
  CHECK(table.columns[1].values[0] == 12.75);
  CHECK(table.columns[1].values[1] == -3.0);
}

TEST_CASE("measured table: Tracker's export, the track's name above the header, tabs, a frame without a mark") {
  const auto table = read("mass A\nt\tx\ty\n0.0\t0.10\t1.00\n0.033\t\t0.99\n0.067\t0.12\t0.97\n");
  CHECK(table.title == "mass A");
  REQUIRE(table.columns.size() == 3);
  CHECK(table.columns[2].name == "y");
  CHECK(table.columns[2].unit.empty());
  CHECK(std::isnan(table.columns[1].values[1]));  // empty cell: missing, not zero
  CHECK(table.columns[1].values[2] == 0.12);
}

TEST_CASE("measured table: units in brackets or after a slash; comments and blank lines skipped") {
  CHECK(cl::split_name_and_unit("t [ms]") == std::pair<std::string, std::string>{"t", "ms"});
  CHECK(cl::split_name_and_unit("y / mm") == std::pair<std::string, std::string>{"y", "mm"});
  CHECK(cl::split_name_and_unit("v (m/s)") == std::pair<std::string, std::string>{"v", "m/s"});
  CHECK(cl::split_name_and_unit("Nr.") == std::pair<std::string, std::string>{"Nr.", ""});
  const auto table = read("# bounce times\n\nNr.,t (s)\n1,0.505\n\n2,0.909\nNaN,1.232\n");
  CHECK(table.rows() == 3);
  CHECK(std::isnan(table.columns[0].values[2]));
}

TEST_CASE("measured table: a bad file is refused with the row and column named") {
  CHECK(refusal("").find("no table") != std::string::npos);
  CHECK(refusal("t,y\n").find("no row of numbers") != std::string::npos);
  CHECK(refusal("0,1\n1,2\n").find("header row") != std::string::npos);
  const std::string bad_cell = refusal("t (s),y (m)\n0,1\n0.1,1O\n");
  CHECK(bad_cell.find("row 2") != std::string::npos);
  CHECK(bad_cell.find("'y'") != std::string::npos);
  CHECK(bad_cell.find("'1O'") != std::string::npos);
  CHECK(refusal("t,y\n0,1\n0.1,1,7\n").find("row 2 has 3 cells") != std::string::npos);
  CHECK(refusal("t,t\n0,1\n").find("two columns are named 't'") != std::string::npos);
  CHECK(refusal("t,y\n0,1\n1,1e999\n").find("'1e999'") != std::string::npos);  // overflow is no number
}

TEST_CASE("measured table: past its limits a file is refused, not half-read") {
  cl::MeasuredTableLimits limits;
  limits.max_bytes = 20;
  CHECK(refusal("t,y\n0,1\n1,2\n2,3\n3,4\n4,5\n", limits).find("more than 20") != std::string::npos);
  limits = {};
  limits.max_rows = 3;
  CHECK(refusal("t,y\n0,1\n1,2\n2,3\n3,4\n", limits).find("4 rows of numbers, more than 3") != std::string::npos);
  limits = {};
  limits.max_columns = 2;
  CHECK(refusal("a,b,c\n1,2,3\n", limits).find("3 columns, more than 2") != std::string::npos);
}

TEST_CASE("measured table: names, units and quoted cells from the file are valid UTF-8 and short") {
  const std::string bad = "\xC3\x28";  // an invalid two-byte sequence
  const auto table = read("title " + bad + "\n" + "h" + bad + " (m" + bad + "),t\n1,2\n");
  CHECK(cl::is_valid_utf8(table.title));
  CHECK(cl::is_valid_utf8(table.columns[0].name));
  CHECK(cl::is_valid_utf8(table.columns[0].unit));
  const std::string long_cell(500, 'x');
  const std::string error = refusal("t,y\n0,1\n1," + long_cell + "\n");
  CHECK(error.size() < 200);
  CHECK(cl::is_valid_utf8(refusal("t,y\n0,1\n1,\xE4\xE4\xE4\n")));
}
