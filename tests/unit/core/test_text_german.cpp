// The engine's messages in German: a sample of every input that can be
// refused (a scene file, a link, a host message, an expression, a compare
// spec, a sweep) and of the run's own reports, each asked in English and in
// German. The German must come from the table (no key missing) and differ
// from the English; both are printed for a reader to judge.
#include <algorithm>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "contact/friction_law.h"
#include "contact/hertz_stiffness.h"
#include "contact/normal_law.h"
#include "core/message_text.h"
#include "core/storm_guard.h"
#include "core/text.h"
#include "io/compare_spec.h"
#include "io/host_message.h"
#include "io/json_text.h"
#include "io/scene_file.h"
#include "io/sweep_csv.h"
#include "io/url_state.h"
#include "math/expression.h"
#include "run/impact_inspection.h"
#include "run/run_summary.h"
#include "run/sweep.h"
#include "scenes/pendulum.h"
#include "scenes/registry.h"

namespace {

struct Sample {
  const char* what;
  std::function<std::string()> message;
};

/// `sample`'s message in `language` (English again after).
std::string message_in(cl::Language language, const Sample& sample) {
  cl::set_language(language);
  const std::string text = sample.message();
  cl::set_language(cl::Language::English);
  return text;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "" : " | ") + line;
  return out;
}

std::string url_problems(const std::string& hash) { return joined(cl::parse_url_state(hash, "pendulum").problems); }

std::string host_error(const std::string& json) {
  return cl::parse_host_message(json, cl::pendulum_description()).error;
}

std::string expression_error(const std::string& text) {
  cl::Expression2D f;
  const auto error = f.compile(text);
  return error ? error->message : "";
}

std::string sweep_error(const std::string& vary) {
  cl::SweepRange range;
  const auto problem = parse_sweep_range(vary, false, cl::pendulum_description().params, 100, range);
  return problem ? problem->message : "";
}

/// The inspector's notes on the ellipses' own start (spin, friction, oblique hits), run once.
std::string inspector_notes() {
  static const std::unique_ptr<cl::Simulation> sim = [] {
    auto s = std::make_unique<cl::Simulation>(cl::find_scene("ellipses")->create());
    s->advance(3);
    return s;
  }();
  return joined(cl::inspect_impacts(*sim).notes);
}

const std::vector<Sample>& samples() {
  static const std::vector<Sample> list = {
      {"scene file: not JSON", [] { return cl::parse_scene_file("{\"scene\": ").error; }},
      {"scene file: not an object", [] { return cl::parse_scene_file("[1, 2]").error; }},
      {"scene file: no scene", [] { return cl::parse_scene_file("{}").error; }},
      {"scene file: unknown scene", [] { return cl::parse_scene_file(R"({"scene": "teapot"})").error; }},
      {"scene file: format",
       [] { return cl::parse_scene_file(R"({"scene": "pendulum", "format": 2})").error; }},
      {"scene file: unknown keys",
       [] { return cl::parse_scene_file(R"({"scene": "pendulum", "colour": 1, "params": []})").error; }},
      {"scene file: compare",
       [] { return cl::parse_scene_file(R"({"scene": "pendulum", "compare": [{"L": 1}, 3]})").error; }},
      {"scene file: compare variant",
       [] { return cl::parse_scene_file(R"({"scene": "pendulum", "compare": [{"L": 1}, {"size": 2}]})").error; }},
      {"link: too long", [] { return url_problems(std::string(cl::kMaxHashBytes + 1, 'a')); }},
      {"link: scene, flag, encoding, form", [] { return url_problems("scene=teapot&embed=2&L%zz=1&lonely"); }},
      {"link: compare", [] { return url_problems("scene=pendulum&compare=L:1|L:2|L:3|L:4|L:5"); }},
      {"link: many problems", [] { return url_problems("a&b&c&d&e&f&g&h&i&j&k&l"); }},
      {"host: not JSON", [] { return host_error("{"); }},
      {"host: nested too deep", [] { return host_error(std::string(40, '[')); }},
      {"host: not an object", [] { return host_error("[]"); }},
      {"host: type", [] { return host_error(R"({"type": "other"})"); }},
      {"host: version", [] { return host_error(R"({"type": "contactlab", "v": 2, "cmd": "play"})"); }},
      {"host: id", [] { return host_error(R"({"type": "contactlab", "v": 1, "id": 0.5, "cmd": "play"})"); }},
      {"host: command", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "dance"})"); }},
      {"host: unknown key", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "play", "x": 1})"); }},
      {"host: unknown key of a command with keys",
       [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "export", "x": 1})"); }},
      {"host: set_params", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "set_params"})"); }},
      {"host: load", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "load", "scene": "teapot"})"); }},
      {"host: params type",
       [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "set_params", "params": {"L": null}})"); }},
      {"host: names", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "get_series", "names": 1})"); }},
      {"host: export", [] { return host_error(R"({"type": "contactlab", "v": 1, "cmd": "export", "what": "x"})"); }},
      {"expression: muParser's message and our position", [] { return expression_error("sin(x"); }},
      {"expression: a list", [] { return expression_error("x, y"); }},
      {"expression: too long", [] { return expression_error(std::string(1001, 'x')); }},
      {"expression: too deep", [] { return expression_error(std::string(60, '(')); }},
      {"compare: too few", [] { return cl::parse_compare_spec("law:flores").error; }},
      {"compare: not name:value", [] { return cl::parse_compare_spec("|L=2").error; }},
      {"compare: options", [] { return cl::parse_compare_options({"L=1,2", "g=9"}).error; }},
      {"sweep: form", [] { return sweep_error("L=1"); }},
      {"sweep: no parameter", [] { return sweep_error("size=1:2:3"); }},
      {"sweep: count", [] { return sweep_error("L=1:2:0.5"); }},
      {"sweep: merge",
       [] {
         cl::SweepMerge merge;
         std::istringstream a("index,runs,L\n0,5,1\n"), b("index,runs,L\n4,5,2\n");
         return merge.add("a.csv", a).value_or("") + merge.add("b.csv", b).value_or("") + merge.incomplete().value_or("");
       }},
      {"problems: ten and more", [] { return cl::join_problems(std::vector<std::string>(12, "x")); }},
      {"contact law: its check", [] { return cl::normal_law_params_error(cl::NormalLaw::Hertz, {}).value_or(""); }},
      {"friction law: its name", [] { return cl::friction_law_name(cl::FrictionLaw::RegularisedCoulomb); }},
      {"Hertz: conformal", [] { return cl::hertz_stiffness({}, 1, {}, -1, 1).message; }},
      {"storm guard", [] { return cl::StormGuard(3, 0.1).describe(); }},
      {"inspector: notes", inspector_notes},
      {"run summary: labels",
       [] {
         std::string labels;
         for (const cl::SeriesSpec& q : cl::RunSummary::common_quantities()) labels += q.label + "; ";
         return labels;
       }},
  };
  return list;
}

}  // namespace

TEST_CASE("engine messages come back in German from the table, and differ from the English") {
  const std::vector<std::string> missing_before = cl::missing_text_keys();
  for (const Sample& sample : samples()) {
    const std::string english = message_in(cl::Language::English, sample);
    const std::string german = message_in(cl::Language::German, sample);
    MESSAGE(std::string(sample.what) << "\n  en: " << english << "\n  de: " << german);
    CAPTURE(sample.what);
    CHECK_FALSE(english.empty());
    CHECK(german != english);
  }
  CHECK(cl::missing_text_keys() == missing_before);
  CHECK(cl::language() == cl::Language::English);
}
