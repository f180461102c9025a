// The link that reproduces a run: unknown keys and bad values are reported
// and ignored, an unknown scene falls back, page keys pass through, and a
// hash made from any valid values gives back the identical values.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>

#include <doctest/doctest.h>

#include "core/message_text.h"
#include "core/param.h"
#include "io/compare_spec.h"
#include "io/url_state.h"
#include "scenes/pendulum.h"

namespace {

bool any_mentions(const std::vector<std::string>& problems, const std::string& what) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(what) != std::string::npos; });
}

}  // namespace

TEST_CASE("parse_url_state applies a plain link") {
  const cl::UrlState s = cl::parse_url_state("#scene=pendulum&L=1.5&v0=3&integrator=rk4&dt=0.002", "pendulum");
  CHECK(s.problems.empty());
  CHECK(s.scene == "pendulum");
  REQUIRE(s.params);
  CHECK(s.params->number("L") == 1.5);
  CHECK(s.params->number("v0") == 3);
  CHECK(s.params->choice("integrator") == "rk4");
  CHECK(s.params->number("dt") == 0.002);
  CHECK(!s.embed);
  CHECK(!s.play);
}

TEST_CASE("parse_url_state lists unknown keys and bad values, and applies the rest") {
  const cl::UrlState s =
      cl::parse_url_state("scene=pendulum&foo=1&L=abc&g=1000&v0=2&m=-1&integrator=midpoint&L=2", "pendulum");
  for (const std::string& p : s.problems) MESSAGE(p);
  CHECK(s.problems.size() == 5);
  CHECK(any_mentions(s.problems, "'foo'"));
  CHECK(any_mentions(s.problems, "'abc'"));
  CHECK(any_mentions(s.problems, "'g'"));
  CHECK(any_mentions(s.problems, "'m'"));
  CHECK(any_mentions(s.problems, "midpoint"));
  REQUIRE(s.params);
  const cl::ParamValues defaults(cl::pendulum_description().params);
  CHECK(s.params->number("g") == defaults.number("g"));
  CHECK(s.params->number("m") == defaults.number("m"));
  CHECK(s.params->choice("integrator") == "dopri5");
  CHECK(s.params->number("v0") == 2);
  CHECK(s.params->number("L") == 2);  // the later, valid L applies
}

TEST_CASE("parse_url_state maps a renamed key: the pile's model=spring|impulse is law=linear|impulse") {
  for (const auto& [old_value, law] : {std::pair{"spring", "linear"}, std::pair{"impulse", "impulse"}}) {
    const cl::UrlState s = cl::parse_url_state(std::string("scene=pile&dim=1&model=") + old_value, "pendulum");
    CHECK(s.problems.empty());
    REQUIRE(s.params);
    CHECK(s.params->choice("law") == law);
    const std::string written = cl::url_state_hash("pile", *s.params, false, false);
    CHECK(written.find(std::string("law=") + law) != std::string::npos);  // written with today's name
    CHECK(written.find("model=") == std::string::npos);
  }
}

TEST_CASE("parse_url_state maps the pile's old step key h to the shared dt") {
  const cl::UrlState s = cl::parse_url_state("scene=pile&dim=2&integrator=leapfrog&h=0.002", "pendulum");
  CHECK(s.problems.empty());
  REQUIRE(s.params);
  CHECK(s.params->number("dt") == 0.002);
  CHECK(s.params->choice("integrator") == "leapfrog");
  const std::string written = cl::url_state_hash("pile", *s.params, false, false);
  CHECK(written.find("dt=0.002") != std::string::npos);  // written with today's name
  CHECK(written.find("&h=") == std::string::npos);
}

TEST_CASE("parse_url_state reads compare variants, checks them against the link, and writes them back") {
  const cl::UrlState s = cl::parse_url_state("scene=ellipses&c_tau=0.8&compare=law:hunt_crossley|flores|linear", "pendulum");
  CHECK(s.problems.empty());
  REQUIRE(s.compare.size() == 3);
  CHECK(s.compare[1].label() == "law=flores");
  const std::string written = cl::url_state_hash("ellipses", *s.params, false, false, s.compare);
  const cl::UrlState again = cl::parse_url_state(written, "pendulum");
  REQUIRE(again.compare.size() == 3);
  CHECK(cl::compare_spec_text(again.compare) == cl::compare_spec_text(s.compare));
  CHECK_FALSE(again.split);

  // Side by side: read, written back with the variants, dropped without them.
  const cl::UrlState split = cl::parse_url_state("scene=ellipses&compare=law:hunt_crossley|flores&split=1", "pendulum");
  CHECK(split.split);
  CHECK(cl::parse_url_state(cl::url_state_hash("ellipses", *split.params, false, false, split.compare, true), "pendulum").split);
  CHECK(cl::url_state_hash("ellipses", *split.params, false, false, {}, true).find("split") == std::string::npos);
  CHECK(any_mentions(cl::parse_url_state("scene=ellipses&split=yes", "pendulum").problems, "split"));

  for (const char* bad : {"compare=law:warp|hertz", "compare=law:hertz", "compare=c_tau:2|c_tau:1"}) {
    const cl::UrlState refused = cl::parse_url_state(std::string("scene=ellipses&L=1&") + bad, "pendulum");
    CHECK(refused.compare.empty());
    CHECK(any_mentions(refused.problems, "compare"));
    MESSAGE(bad << " -> " << refused.problems.back());
  }
}

TEST_CASE("parse_url_state falls back on an unknown scene") {
  const cl::UrlState s = cl::parse_url_state("scene=warp_drive&L=2", "pendulum");
  CHECK(s.scene == "pendulum");
  CHECK(any_mentions(s.problems, "unknown scene 'warp_drive'"));
  REQUIRE(s.params);
  CHECK(s.params->number("L") == 2);  // parameters of the fallback scene still apply
  const cl::UrlState none = cl::parse_url_state("", "pendulum");
  CHECK(none.scene == "pendulum");
  CHECK(none.problems.empty());
  CHECK(*none.params == cl::ParamValues(cl::pendulum_description().params));
}

TEST_CASE("parse_url_state reads embed and play flags") {
  CHECK(cl::parse_url_state("embed=1", "pendulum").embed);
  CHECK(cl::parse_url_state("play=true", "pendulum").play);
  const cl::UrlState off = cl::parse_url_state("embed=0&play=false", "pendulum");
  CHECK(!off.embed);
  CHECK(!off.play);
  CHECK(off.problems.empty());
  const cl::UrlState bad = cl::parse_url_state("embed=yes&play=2", "pendulum");
  CHECK(!bad.embed);
  CHECK(!bad.play);
  CHECK(bad.problems.size() == 2);
}

TEST_CASE("parse_url_state passes page keys through untouched") {
  CHECK(cl::is_page_key("plots"));
  CHECK(cl::is_page_key("allow"));
  CHECK(cl::is_page_key("theme"));
  CHECK(cl::is_page_key("lang"));
  CHECK(cl::is_page_key("theory"));
  CHECK(cl::is_page_key("perf"));
  CHECK(cl::is_page_key("activity"));
  CHECK(cl::is_page_key("studio"));
  CHECK(!cl::is_page_key("L"));
  const cl::UrlState s =
      cl::parse_url_state("scene=pendulum&plots=x%2Cy%7Ctension&allow=https://a.example&theme=light&L=1.2", "pendulum");
  CHECK(s.problems.empty());
  CHECK(s.params->number("L") == 1.2);
}

TEST_CASE("url_state_hash -> parse_url_state restores identical values") {
  const auto& specs = cl::pendulum_description().params;
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(0, 1);
  int mismatches = 0, problems = 0;
  for (int i = 0; i < 2000; ++i) {
    cl::ParamValues p(specs);
    for (size_t k = 0; k < specs.size(); ++k) {
      const cl::ParamSpec& s = specs[k];
      double value;
      if (s.kind == cl::ParamKind::Choice)
        value = static_cast<double>(rng() % s.choices.size());
      else if (s.log_scale && s.min > 0)
        value = s.min * std::pow(s.max / s.min, u(rng));  // over all decades
      else
        value = s.min + (s.max - s.min) * u(rng);
      REQUIRE(!p.set_number(k, std::min(s.max, std::max(s.min, value))));
    }
    const bool embed = rng() % 2, play = rng() % 2;
    const std::string hash = cl::url_state_hash("pendulum", p, embed, play);
    const cl::UrlState back = cl::parse_url_state("#" + hash, "pendulum");
    problems += static_cast<int>(back.problems.size());
    if (!back.params || *back.params != p || back.embed != embed || back.play != play || back.scene != "pendulum")
      ++mismatches;
    if (i == 0) MESSAGE("example hash: " << hash);
  }
  MESSAGE("2000 random parameter sets: " << mismatches << " mismatches, " << problems << " problems");
  CHECK(mismatches == 0);
  CHECK(problems == 0);
}

TEST_CASE("parse_url_state: hostile links give a bounded list of short, valid UTF-8 problems") {
  // Longer than any real link: ignored as a whole.
  const cl::UrlState huge = cl::parse_url_state("scene=pendulum&L=" + std::string(100000, '1'), "pendulum");
  REQUIRE(huge.problems.size() == 1);
  MESSAGE(huge.problems[0]);
  CHECK(huge.problems[0].find("more than the limit of 65536") != std::string::npos);
  CHECK(*huge.params == cl::ParamValues(cl::pendulum_description().params));
  // A thousand bad keys: ten listed, the rest counted.
  std::string hash = "scene=pendulum";
  for (int k = 0; k < 1000; ++k) hash += "&junk" + std::to_string(k) + "=1";
  const cl::UrlState many = cl::parse_url_state(hash, "pendulum");
  REQUIRE(many.problems.size() == 11);
  CHECK(many.problems.back() == "and 990 more problems");
  // Invalid UTF-8 (percent-decoded bytes) never reaches a message as it is.
  const cl::UrlState bytes = cl::parse_url_state("scene=%FF%FE&L=%C3&%E2%82=1", "pendulum");
  for (const std::string& p : bytes.problems) {
    MESSAGE(p);
    CHECK(cl::is_valid_utf8(p));
  }
  CHECK(bytes.problems.size() == 3);
}

TEST_CASE("parse_url_state applies a preset by id or by name, the link's own values over it") {
  // host_example.html's link: the preset by its English name.
  const cl::UrlState named = cl::parse_url_state("#scene=ellipses&preset=Two%20discs%20head-on&embed=1", "pendulum");
  CHECK(named.problems.empty());
  REQUIRE(named.params);
  CHECK(named.params->choice("layout") == "head_on");
  CHECK(named.params->integer("n") == 2);
  CHECK(named.embed);
  const cl::UrlState by_id = cl::parse_url_state("#scene=ellipses&v_max=3&preset=discs_head_on", "pendulum");
  CHECK(by_id.problems.empty());
  CHECK(by_id.params->choice("layout") == "head_on");
  CHECK(by_id.params->number("v_max") == 3);  // the link's value, wherever it stands

  const cl::UrlState unknown = cl::parse_url_state("#scene=ellipses&preset=nonsense&n=3", "pendulum");
  REQUIRE(unknown.problems.size() == 1);
  MESSAGE(unknown.problems[0]);
  CHECK(any_mentions(unknown.problems, "discs_head_on"));  // the presets it has
  CHECK(unknown.params->integer("n") == 3);                // the rest applies
}
