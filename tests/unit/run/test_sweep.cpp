// Sweep ranges, shard slices and the merge of the slices' tables.
#include <cmath>
#include <sstream>

#include <doctest/doctest.h>

#include "io/sweep_csv.h"
#include "run/run_summary.h"
#include "run/sweep.h"
#include "scenes/ellipses.h"
#include "scenes/registry.h"
#include "support/scene_params.h"

namespace {
const std::vector<cl::ParamSpec>& specs() { return cl::ellipses_description().params; }
const cl::ParamSpec& spec(const std::string& name) {
  return specs()[*cl::ParamValues(specs()).index_of(name)];
}
}  // namespace

TEST_CASE("sweep range: parsed, checked against the parameter, values with both ends exact") {
  cl::SweepRange r;
  REQUIRE_FALSE(cl::parse_sweep_range("c_tau=0.1:1:10", false, specs(), 200, r));
  CHECK(r.name == "c_tau");
  CHECK(r.count == 10);
  CHECK(cl::sweep_value(r, 0, spec("c_tau")) == 0.1);
  CHECK(cl::sweep_value(r, 9, spec("c_tau")) == 1.0);
  CHECK(cl::sweep_value(r, 3, spec("c_tau")) == doctest::Approx(0.4));

  REQUIRE_FALSE(cl::parse_sweep_range("rtol=1e-10:1e-4:7", true, specs(), 200, r));
  CHECK(cl::sweep_value(r, 3, spec("rtol")) == doctest::Approx(1e-7));
  REQUIRE_FALSE(cl::parse_sweep_range("n=2:9:3", false, specs(), 200, r));
  CHECK(cl::sweep_value(r, 1, spec("n")) == 6);  // 5.5 rounds to a whole body count

  for (const char* bad : {"c_tau=0.1:1", "c_tau=0:1:10", "c_tau=0.1:1:0", "c_tau=0.1:1:2.5", "c_tau=0.1:1:201",
                          "law=0:1:3", "warp=0:1:3", "c_tau=a:1:3"}) {
    const auto error = cl::parse_sweep_range(bad, false, specs(), 200, r);
    REQUIRE(error);
    MESSAGE(bad << " -> " << error->message);
  }
  CHECK(cl::parse_sweep_range("g=0:10:3", true, specs(), 200, r));  // --log needs ends > 0
}

TEST_CASE("shard slices are contiguous, cover every run once, and differ in size by at most one") {
  for (long long count : {1LL, 7LL, 100LL, 101LL})
    for (long long shards : {1LL, 3LL, 7LL, 10LL}) {
      long long expected_begin = 0;
      for (long long s = 0; s < shards; ++s) {
        const auto [begin, end] = cl::shard_slice(count, s, shards);
        CHECK(begin == expected_begin);
        CHECK(end - begin >= count / shards);
        CHECK(end - begin <= count / shards + 1);
        expected_begin = end;
      }
      CHECK(expected_begin == count);
    }
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

TEST_CASE("a sweep plan checks its range, its time and its base, and runs each value as run_sweep_point does") {
  const cl::SceneEntry* entry = cl::find_scene("ellipses");
  const cl::ParamValues base =
      test::scene_params("ellipses", {{"layout", "head_on"}, {"a", "1"}, {"b", "1"}, {"friction", "0"}});
  cl::SweepPlan plan;
  REQUIRE_FALSE(cl::plan_sweep(entry->create, base, std::nullopt, "c_tau=0.5:1:3", false, 0.3, cl::kMaxPageSweepRuns, plan));
  CHECK(plan.range.count == 3);
  CHECK(plan.until == 0.3);
  REQUIRE(plan.quantities.size() >= cl::RunSummary::common_quantities().size());
  CHECK(plan.quantities[3].name == "e_first");
  const cl::SweepRow planned = plan.run(1);
  const cl::SweepRow direct = cl::run_sweep_point(entry->create, base, nullptr, plan.range, 1, 0.3);
  CHECK(planned.value == 0.75);
  CHECK(planned.failure.empty());
  CHECK(planned.summary == direct.summary);
  MESSAGE("e_first at c_tau 0.75: " << planned.summary[3]);
  CHECK(planned.summary[3] > 0.5);

  for (const auto& [vary, until] : std::vector<std::pair<std::string, double>>{
           {"c_tau=0.5:1:201", 1}, {"c_tau=0.5:1:3", 0}, {"c_tau=0.5:1:3", 2e6}, {"c_tau=0.5:1:3", std::nan("")}}) {
    cl::SweepPlan refused;
    const auto error = cl::plan_sweep(entry->create, base, std::nullopt, vary, false, until, cl::kMaxPageSweepRuns, refused);
    REQUIRE(error);
    MESSAGE(vary << " until " << until << " -> " << cl::sweep_input_name(error->input) << ": " << error->message);
    CHECK(error->input == (vary == "c_tau=0.5:1:201" ? cl::SweepInput::Count : cl::SweepInput::Until));
    CHECK(refused.range.count == 0);  // nothing planned
  }
}
