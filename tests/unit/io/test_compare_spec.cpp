// Compare variants as text: the URL form, the CLI form, and their checks.
#include <doctest/doctest.h>

#include "io/compare_spec.h"
#include "run/comparison.h"
#include "scenes/ellipses.h"
#include "scenes/pile.h"

TEST_CASE("compare spec: one parameter over three variants, and a fuller form") {
  const cl::CompareParse three = cl::parse_compare_spec("law:hunt_crossley|flores|linear");
  REQUIRE(three.error.empty());
  REQUIRE(three.variants.size() == 3);
  CHECK(three.variants[0].label() == "law=hunt_crossley");
  CHECK(three.variants[1].label() == "law=flores");
  CHECK(three.variants[2].label() == "law=linear");
  CHECK(cl::compare_spec_text(three.variants) == "law:hunt_crossley|law:flores|law:linear");

  const cl::CompareParse full = cl::parse_compare_spec("|law:flores,c_tau:0.5|wall:max(x^2,y^2)-1");
  REQUIRE(full.error.empty());
  REQUIRE(full.variants.size() == 3);
  CHECK(full.variants[0].label() == "reference");
  CHECK(full.variants[1].changes.size() == 2);
  CHECK(full.variants[2].changes[0].value == "max(x^2,y^2)-1");  // the comma inside max( ) stays
  CHECK(cl::parse_compare_spec(cl::compare_spec_text(full.variants)).variants.size() == 3);
}

TEST_CASE("compare spec: malformed text is refused with a message") {
  for (const char* text : {"law:hertz", "a:1|b:2|c:3|d:4|e:5", "|flores", ":1|x:2", "law:hertz|c_tau:1,0.5"}) {
    const cl::CompareParse p = cl::parse_compare_spec(text);
    MESSAGE(text << " -> " << p.error);
    CHECK_FALSE(p.error.empty());
    CHECK(p.variants.empty());
  }
}

TEST_CASE("compare options: NAME=V1,V2 zipped across options") {
  const cl::CompareParse p = cl::parse_compare_options({"law=hertz,flores", "c_tau=1,0.8"});
  REQUIRE(p.error.empty());
  REQUIRE(p.variants.size() == 2);
  CHECK(p.variants[1].label() == "law=flores c_tau=0.8");
  CHECK_FALSE(cl::parse_compare_options({"law=hertz,flores", "c_tau=1"}).error.empty());
  CHECK_FALSE(cl::parse_compare_options({"law"}).error.empty());
  CHECK_FALSE(cl::parse_compare_options({"law=hertz"}).error.empty());  // one variant compares nothing
}

TEST_CASE("variant_params checks names and values like the panel, and writes today's names") {
  const cl::ParamValues base(cl::pile_description().params);
  std::vector<cl::Variant> variants = cl::parse_compare_spec("model:spring|h:0.002").variants;
  std::vector<cl::ParamValues> params;
  REQUIRE_FALSE(cl::variant_params(base, variants, params));
  CHECK(variants[0].label() == "law=linear");
  CHECK(variants[1].label() == "dt=0.002");
  CHECK(params[1].number("dt") == 0.002);

  std::vector<cl::Variant> bad = cl::parse_compare_spec("law:hertz|law:warp").variants;
  const std::vector<cl::Variant> before = bad;
  std::vector<cl::ParamValues> untouched;
  const auto error = cl::variant_params(cl::ParamValues(cl::ellipses_description().params), bad, untouched);
  REQUIRE(error);
  MESSAGE(*error);
  CHECK(error->find("variant 2") != std::string::npos);
  CHECK(untouched.empty());
  CHECK(bad[0].label() == before[0].label());
}

TEST_CASE("a comparison starts every variant from the same seeded state and keeps them in step") {
  cl::Comparison comparison;
  const cl::ParamValues base(cl::ellipses_description().params);
  REQUIRE_FALSE(comparison.build([] { return std::make_unique<cl::EllipsesScene>(); }, base,
                                 cl::parse_compare_spec("law:hunt_crossley|law:flores|law:impulse").variants, nullptr,
                                 0.01));
  REQUIRE(comparison.runs().size() == 3);
  std::vector<double> first, other;
  comparison.runs()[0].sim->scene().sample(first);
  for (const auto& run : comparison.runs()) {
    run.sim->scene().sample(other);
    CHECK(other[1] == first[1]);  // x0 of the seeded start
  }
  for (int frame = 0; frame < 10; ++frame) comparison.advance_on_grid(0.05);
  const double t = comparison.runs()[0].sim->time();
  CHECK(t > 0.45);
  for (const auto& run : comparison.runs()) {
    CHECK(run.sim->time() == t);  // in step: each on the same sample
    CHECK(run.sim->series().size() == comparison.runs()[0].sim->series().size());
  }
}

TEST_CASE("the reference names its own values of what the variants change; a new variant takes a law not run yet") {
  const cl::ParamValues base(cl::EllipsesScene().description().params);
  const std::vector<cl::Variant> others = {{{{"law", "flores"}}}, {{{"c_tau", "0.5"}, {"law", "linear"}}}};
  const cl::Variant reference = cl::reference_variant(base, others);
  CHECK(reference.label() == "law=hunt_crossley c_tau=0.975");

  std::vector<cl::Variant> all = {reference};
  all.insert(all.end(), others.begin(), others.end());
  const cl::Variant next = cl::next_variant(base, all);
  MESSAGE("next variant: " << next.label());
  CHECK(next.label() == "law=hertz");  // the first law in the list no run uses

  // Every law taken: the next integrator no run uses.
  std::vector<cl::Variant> every_law = {{}};
  for (const char* law : {"hertz", "lankarani_nikravesh", "flores", "gonthier", "linear", "impulse"})
    every_law.push_back({{{"law", law}}});
  CHECK(cl::next_variant(base, every_law).label() == "integrator=rk4");
}
