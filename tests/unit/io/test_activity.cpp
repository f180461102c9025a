// Activities: the document is checked whole (one problem refuses it, named),
// written back as it was read, and its rules refuse a locked, hidden or
// out-of-range change while every other change passes.
#include <doctest/doctest.h>

#include "io/activity.h"
#include "io/description_json.h"
#include "scenes/registry.h"

namespace {

const char* kLesson = R"({"format": "contactlab-activity/1", "scene": "pendulum", "title": "Slack thread",
  "instruction": "Find the smallest v0.", "params": {"L": "1.3", "v0": 4},
  "controls": {"L": {"access": "locked", "reason": "one length today"}, "m": {"access": "hidden"},
               "v0": {"min": 1, "max": 6}},
  "presets": ["olympiad"], "legend": false, "theory": true, "plots": "x,y;tension",
  "questions": [{"text": "How high does the bob rise?", "quantity": "y", "at": 0.5, "tolerance": 0.05}]})";

/// The error of parsing kLesson with `key` replaced by `value` (JSON text).
std::string error_with(const std::string& key, const std::string& value) {
  nlohmann::json doc = nlohmann::json::parse(kLesson);
  doc[key] = nlohmann::json::parse(value);
  const cl::ActivityParse parsed = cl::parse_activity(doc.dump());
  CHECK(!parsed.activity);
  MESSAGE(parsed.error);
  return parsed.error;
}

}  // namespace

TEST_CASE("an activity gives the scene's parameter list as students get it") {
  const cl::ActivityParse parsed = cl::parse_activity(kLesson);
  REQUIRE_MESSAGE(parsed.activity, parsed.error);
  const cl::Activity& a = *parsed.activity;
  CHECK(a.scene == "pendulum");
  const size_t L = *a.params.index_of("L"), m = *a.params.index_of("m"), v0 = *a.params.index_of("v0");
  CHECK(a.specs[L].access == cl::ParamAccess::Locked);
  CHECK(a.specs[L].lock_reason == "one length today");
  CHECK(a.specs[m].access == cl::ParamAccess::Hidden);
  CHECK(a.specs[v0].min == 1);
  CHECK(a.specs[v0].max == 6);
  CHECK(a.specs[L].default_value == 1.3);  // the teacher's values are the defaults
  CHECK(a.params.number("v0") == 4);
  CHECK(a.params.number("g") == 10);  // the rest: the scene's own
  CHECK(*a.presets == std::vector<std::string>{"olympiad"});
  CHECK(!a.legend);
  CHECK(a.theory);
  CHECK(a.plots == "x,y;tension");
  REQUIRE(a.questions.size() == 1);
  CHECK(a.questions[0].quantity == "y");
  CHECK(a.questions[0].at == 0.5);
  CHECK(a.questions[0].tolerance == 0.05);
  const nlohmann::json spec = cl::param_spec_json(a.specs[L]);
  CHECK(spec["access"] == "locked");
  CHECK(spec["lock_reason"] == "one length today");
  CHECK(cl::param_spec_json(a.specs[v0]).count("access") == 0);  // shown: as a scene's own list writes it
}

TEST_CASE("an activity written back reads back the same") {
  const cl::ActivityParse first = cl::parse_activity(kLesson);
  REQUIRE(first.activity);
  const nlohmann::json written = cl::activity_json(*first.activity);
  CHECK(written["controls"].size() == 3);  // only the parameters it restricts
  CHECK(written["controls"]["v0"] == nlohmann::json{{"min", 1.0}, {"max", 6.0}});
  CHECK(written["params"]["v0"] == "4");
  const cl::ActivityParse again = cl::parse_activity(written.dump());
  REQUIRE_MESSAGE(again.activity, again.error);
  CHECK(cl::activity_json(*again.activity) == written);
}

TEST_CASE("a malformed activity is refused whole, each problem named") {
  CHECK(error_with("format", R"("contactlab-activity/2")").find("'contactlab-activity/2' is not supported") != std::string::npos);
  CHECK(error_with("scene", R"("nope")").find("unknown scene") != std::string::npos);
  CHECK(error_with("colour", R"("red")").find("unknown key 'colour'") != std::string::npos);
  CHECK(error_with("legend", R"("yes")").find("'legend' must be true or false") != std::string::npos);
  CHECK(error_with("presets", R"(["no_such"])").find("no_such") != std::string::npos);
  CHECK(error_with("params", R"({"L": 500})").find("L") != std::string::npos);
  // Ranges: each bound within the scene's, the lower below the upper, the run's value inside.
  CHECK(error_with("controls", R"({"v0": {"min": 3, "max": 60}})").find("bound 60 is outside the scene's range [0, 50]") !=
        std::string::npos);
  CHECK(error_with("controls", R"({"v0": {"min": 5, "max": 2}})").find("lowest value 5 is above the highest 2") !=
        std::string::npos);
  CHECK(error_with("controls", R"({"v0": {"min": 5}})").find("the run's value 4 is outside the narrowed range [5, 50]") !=
        std::string::npos);
  CHECK(error_with("controls", R"({"integrator": {"min": 1}})").find("integrator takes no range") != std::string::npos);
  CHECK(error_with("controls", R"({"L": {"access": "maybe"}})").find("\"shown\", \"locked\" or \"hidden\"") != std::string::npos);
  // Questions: at most three, each with a text, a quantity, a time and a tolerance above 0.
  const char* q = R"({"text": "?", "quantity": "y", "at": 1, "tolerance": 0.1})";
  CHECK(error_with("questions", std::string("[") + q + "," + q + "," + q + "," + q + "]").find("at most 3 questions") !=
        std::string::npos);
  CHECK(error_with("questions", R"([{"text": "?", "quantity": "y", "at": 0, "tolerance": 0.1}])")
            .find("question 1: 'at' must be a number above 0") != std::string::npos);
  CHECK(error_with("questions", R"([{"text": "?", "quantity": "y", "at": 1}])").find("'tolerance' must be a number") !=
        std::string::npos);
  CHECK(error_with("questions", R"([{"quantity": "y", "at": 1, "tolerance": 1}])")
            .find("question 1 needs a \"text\" and a \"quantity\"") != std::string::npos);
  CHECK(error_with("questions", R"([{"text": "?", "quantity": "y", "at": 1, "tolerance": 1, "points": 3}])")
            .find("unknown key 'points'") != std::string::npos);
  CHECK(cl::parse_activity("[1, 2]").error.find("JSON object") != std::string::npos);
  CHECK(cl::parse_activity("{\"format\": ").error.find("activity refused") == 0);
}

TEST_CASE("an activity's questions must name what its scene measures") {
  cl::ActivityParse parsed = cl::parse_activity(kLesson);
  REQUIRE(parsed.activity);
  cl::Activity& a = *parsed.activity;
  const std::unique_ptr<cl::Scene> scene = cl::find_scene("pendulum")->create();
  REQUIRE(!scene->reset(a.params));
  CHECK(!cl::activity_question_problem(a, *scene));
  a.questions.push_back({"How fast?", "speed_of_light", 1, 0.1});
  const std::optional<std::string> problem = cl::activity_question_problem(a, *scene);
  REQUIRE(problem);
  MESSAGE(*problem);
  CHECK(problem->find("activity refused: question 2: the quantity 'speed_of_light' is not measured in this scene") == 0);
}

TEST_CASE("an activity's rules refuse a locked, hidden or out-of-range change and pass the others") {
  const cl::ActivityParse parsed = cl::parse_activity(kLesson);
  REQUIRE(parsed.activity);
  const cl::Activity& a = *parsed.activity;
  const cl::ParamValues current = a.params;
  auto refusal = [&](const std::string& name, const std::string& value) {
    cl::ParamValues values = current;
    REQUIRE(!values.set(name, value));
    return cl::activity_refusal(a, current, values);
  };
  CHECK(refusal("L", "2").value_or("") == "L (thread length) is locked by this activity: one length today");
  CHECK(refusal("m", "2").value_or("") == "m (mass) is not part of this activity");
  CHECK(refusal("v0", "10").value_or("").find("[1, 6] m/s") != std::string::npos);
  CHECK(!refusal("v0", "6"));
  CHECK(!refusal("g", "9.81"));
  CHECK(!refusal("L", "1.3"));  // the locked value itself is no change
}
