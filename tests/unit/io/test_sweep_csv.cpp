// A sweep's table (io/sweep_csv.h): its rows as written, and the merge of
// slices written on different machines, which refuses anything but the
// whole sweep.
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "io/sweep_csv.h"

TEST_CASE("a sweep row: index, runs, the value, the summary with failed quantities empty, the failure quoted") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::ostringstream out;
  cl::write_sweep_row(out, {3, 0.25, {0.5, nan, 1e-9}, ""}, 8, 3);
  cl::write_sweep_row(out, {4, 0.3, {0.5}, "stopped at t = 1 s: it blew up, badly"}, 8, 3);  // padded
  CHECK(out.str() == "3,8,0.25,0.5,,1e-09,\n4,8,0.3,0.5,,,\"stopped at t = 1 s: it blew up, badly\"\n");
}

namespace {

/// Merges slices given as text: `names[k]` holds `texts[k]`.
std::optional<std::string> merge_sweep_csv(const std::vector<std::string>& names, const std::vector<std::string>& texts,
                                           std::ostream& out) {
  cl::SweepMerge merge;
  for (size_t k = 0; k < names.size(); ++k) {
    std::istringstream in(texts[k]);
    if (auto error = merge.add(names[k], in)) return error;
  }
  if (auto error = merge.incomplete()) return error;
  merge.write(out);
  return std::nullopt;
}

}  // namespace

TEST_CASE("merge joins slices in index order and refuses missing, doubled or mismatched runs") {
  const std::string header = "index,runs,c_tau,e_first,failure\n";
  const std::string a = header + "2,4,0.7,0.8,\n3,4,1,1,\n";
  const std::string b = header + "0,4,0.1,0.5,\"stopped, at t = 1\"\n1,4,0.4,0.6,\n";
  std::ostringstream out;
  REQUIRE_FALSE(merge_sweep_csv({"a.csv", "b.csv"}, {a, b}, out));
  CHECK(out.str() == header + "0,4,0.1,0.5,\"stopped, at t = 1\"\n1,4,0.4,0.6,\n2,4,0.7,0.8,\n3,4,1,1,\n");

  std::ostringstream ignored;
  const auto missing = merge_sweep_csv({"a.csv"}, {a}, ignored);
  REQUIRE(missing);
  MESSAGE(*missing);
  CHECK(missing->find("0-1") != std::string::npos);
  CHECK(merge_sweep_csv({"a.csv", "a2.csv"}, {a, a}, ignored));
  CHECK(merge_sweep_csv({"a.csv", "b.csv"}, {a, "index,runs,g,e_first,failure\n0,4,0,1,\n1,4,1,1,\n"}, ignored));
  CHECK(merge_sweep_csv({"a.csv", "b.csv"}, {a, header + "0,5,0.1,0.5,\n1,4,0.4,0.6,\n"}, ignored));
  CHECK(merge_sweep_csv({"x.csv"}, {"t,x\n0,1\n"}, ignored));
  CHECK(merge_sweep_csv({"a.csv", "b.csv"}, {a, header + "zero,4,0.1,0.5,\n"}, ignored));
}

TEST_CASE("merge refuses a cell that is not a finite number, and a line longer than a row can be") {
  const std::string header = "index,runs,c_tau,e_first,failure\n";
  const std::string a = header + "2,4,0.7,0.8,\n3,4,1,,\"stopped, at t = nan\"\n";  // an empty cell: a failed run
  for (const char* bad : {"nan", "inf", "-inf", "1e999", "0.5x", "NaN"}) {
    std::ostringstream ignored;
    const auto error = merge_sweep_csv({"a.csv", "b.csv"}, {a, header + "0,4,0.1," + bad + ",\n1,4,0.4,0.6,\n"}, ignored);
    REQUIRE(error);
    MESSAGE(*error);
    CHECK(error->find("b.csv, line 2") != std::string::npos);
    CHECK(ignored.str().empty());
  }
  std::ostringstream out;
  CHECK_FALSE(merge_sweep_csv({"a.csv", "b.csv"}, {a, header + "0,4,0.1,0.5,\n1,4,0.4,0.6,\n"}, out));
  CHECK(out.str().find("stopped, at t = nan") != std::string::npos);  // the failure's words are text, not a cell

  // A stream of zero bytes (/dev/zero) is refused at its first line's cap, not read whole.
  std::istringstream zeros(std::string(cl::SweepMerge::kMaxLine * 4, '\0'));
  cl::SweepMerge merge;
  const auto error = merge.add("zeros", zeros);
  REQUIRE(error);
  MESSAGE(*error);
  CHECK(zeros.tellg() <= static_cast<std::streamoff>(cl::SweepMerge::kMaxLine + 1));
}
