// Sweep ranges, shard slices and the sweep plan (the merge of the slices'
// tables: io/test_sweep_csv.cpp).
#include <cmath>

#include <doctest/doctest.h>

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
