// A sweep of c_τ over [0.1, 1] for two discs meeting head on gives, under
// each compliant law, the closed-form effective restitution of the 1-DOF
// impact as the first impact's e_first (and e exactly under impulse).
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "contact/effective_restitution.h"
#include "run/run_summary.h"
#include "run/sweep.h"
#include "scenes/ellipses.h"

namespace {

cl::ParamValues head_on_discs(const std::string& law) {
  cl::ParamValues p(cl::ellipses_description().params);
  for (const auto& [name, value] : {std::pair{"layout", "head_on"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"},
                                    {"beta", "0"}, {"friction", "0"}, {"law", law.c_str()}})
    REQUIRE_FALSE(p.set(name, value));
  return p;
}

size_t column(const char* name) {
  const auto& q = cl::RunSummary::common_quantities();
  for (size_t i = 0; i < q.size(); ++i)
    if (q[i].name == name) return i;
  FAIL("no summary column " << name);
  return 0;
}

}  // namespace

TEST_CASE("sweep: c_tau over [0.1, 1] for head-on discs reproduces each law's closed-form e_eff") {
  const struct {
    const char* name;
    cl::NormalLaw law;
  } laws[] = {{"hunt_crossley", cl::NormalLaw::HuntCrossley}, {"lankarani_nikravesh", cl::NormalLaw::LankaraniNikravesh},
              {"flores", cl::NormalLaw::Flores},              {"gonthier", cl::NormalLaw::Gonthier},
              {"linear", cl::NormalLaw::LinearSpringDashpot}, {"hertz", cl::NormalLaw::Hertz}};
  auto create = [] { return std::make_unique<cl::EllipsesScene>(); };
  const size_t e_first = column("e_first");
  double worst = 0;
  for (const auto& law : laws) {
    const cl::ParamValues base = head_on_discs(law.name);
    cl::SweepRange range;
    REQUIRE_FALSE(cl::parse_sweep_range("c_tau=0.1:1:10", false, base.specs(), 200, range));
    std::printf("  %-20s", law.name);
    for (long long i = 0; i < range.count; ++i) {
      const cl::SweepRow row = cl::run_sweep_point(create, base, nullptr, range, i, 2.0);
      REQUIRE(row.failure.empty());
      const double predicted = cl::effective_restitution(law.law, row.value);
      const double error = std::abs(row.summary[e_first] - predicted);
      std::printf(" %.4f", row.summary[e_first]);
      worst = std::max(worst, error);
      CHECK(error < 1e-3);
    }
    std::printf("\n");
  }
  std::printf("  worst |e_first - closed form| = %.2e (tolerance 1e-3)\n", worst);

  const cl::ParamValues impulse = head_on_discs("impulse");
  cl::SweepRange e_range;
  REQUIRE_FALSE(cl::parse_sweep_range("e=0:1:5", false, impulse.specs(), 200, e_range));
  for (long long i = 0; i < e_range.count; ++i) {
    const cl::SweepRow row = cl::run_sweep_point(create, impulse, nullptr, e_range, i, 2.0);
    REQUIRE(row.failure.empty());
    CHECK(row.summary[e_first] == doctest::Approx(row.value).epsilon(1e-12));
  }
}
