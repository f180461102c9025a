// The scenes' words come from the message table under keys built at run time
// ("<scene>.title", "<text_key>.label", "<scene>.preset.<id>.name", ...),
// which the source scan of test_text.cpp cannot see: this walks every one of
// them in every language, as the page and the panel ask for them.
#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "core/palette.h"
#include "core/text.h"
#include "io/host_message.h"
#include "scenes/implicit.h"
#include "scenes/registry.h"

namespace {

/// Restores English however the test ends.
struct EnglishAfter {
  ~EnglishAfter() { cl::set_language(cl::Language::English); }
};

/// One text as read, named by where it came from (the same in every language).
struct ReadText {
  std::string where;
  std::string text;
  bool is_label;  ///< a short name (parameter label, preset name, series label, legend entry)
};

/// Every text of every scene in the current language: the description, each
/// parameter, each preset, and a short run from the defaults and from each
/// preset (series labels, the sketch's legend, the summary values, the report).
std::vector<ReadText> read_scene_texts() {
  std::vector<ReadText> out;
  auto add = [&](const std::string& where, const std::string& text, bool is_label) {
    out.push_back({where, text, is_label});
  };
  auto run = [&](const cl::SceneEntry& entry, const cl::ParamValues& params, const std::string& where) {
    auto scene = entry.create();
    const auto error = scene->reset(params);
    REQUIRE_MESSAGE(!error, where << ": " << error.value_or(""));
    std::vector<cl::Event> events;
    scene->advance_to(0.01, events);
    for (const cl::SeriesSpec& s : scene->series()) add(where + " series " + s.name, s.label, true);
    for (const auto& [s, value] : scene->summary_values()) add(where + " summary " + s.name, s.label, true);
    const auto legend = scene->sketch(cl::palette(cl::Theme::Light)).legend;
    for (size_t k = 0; k < legend.size(); ++k) add(where + " legend " + std::to_string(k), legend[k].text, true);
    if (const auto report = scene->report()) add(where + " report", report->title, false);
  };
  for (const cl::SceneEntry& entry : cl::all_scenes()) {
    const cl::SceneDescription& d = entry.description();
    add(d.id + ".title", d.title(), true);
    add(d.id + ".summary", d.summary(), false);
    add(d.id + ".caption", d.caption(), false);
    add(d.id + ".cost_hint", d.cost_hint(), false);
    for (const cl::ParamSpec& p : d.params) {
      add(d.id + " " + p.name + " label", p.label(), true);
      add(d.id + " " + p.name + " help", p.help(), false);
      if (!p.placeholder().empty()) add(d.id + " " + p.name + " placeholder", p.placeholder(), false);
      for (size_t c = 0; c < p.choices.size(); ++c)
        add(d.id + " " + p.name + " choice " + p.choices[c], p.choice_label(c), true);
    }
    const cl::ParamValues defaults(d.params);
    run(entry, defaults, d.id);
    for (const cl::Preset& preset : entry.create()->presets(defaults)) {
      const std::string where = d.id + " preset " + preset.id;
      add(where + " name", preset.name(), true);
      add(where + " help", preset.help(), false);
      cl::ParamValues values = defaults;
      for (const auto& [name, value] : preset.values) REQUIRE_FALSE(values.set(name, value));
      run(entry, values, where);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("scene texts: every title, parameter, preset, series and legend text is in the table, in both languages") {
  const std::vector<std::string> missing_before = cl::missing_text_keys();
  std::vector<std::vector<ReadText>> by_language;
  {
    EnglishAfter restore;
    for (cl::Language language : cl::all_languages()) {
      cl::set_language(language);
      by_language.push_back(read_scene_texts());
    }
  }

  std::vector<std::string> missing_now = cl::missing_text_keys(), missing;
  std::set_difference(missing_now.begin(), missing_now.end(), missing_before.begin(), missing_before.end(),
                      std::back_inserter(missing));
  for (const std::string& key : missing) MESSAGE("missing: " << key);
  CHECK(missing.empty());

  const std::vector<ReadText>& english = by_language.front();
  MESSAGE(english.size() << " texts read in each of " << by_language.size() << " languages");
  for (const auto& texts : by_language) {
    REQUIRE(texts.size() == english.size());
    for (const ReadText& t : texts) CHECK_MESSAGE(!t.text.empty(), t.where);
  }

  // German must really be German. Each distinct short name counts once, and
  // case is ignored: a name that still reads the same is a word both
  // languages share ("Radius", "Integrator", "Ellipse").
  const std::vector<ReadText>& german = by_language.back();
  auto folded = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  std::set<std::string> labels, same;
  for (size_t k = 0; k < english.size(); ++k) {
    REQUIRE(english[k].where == german[k].where);
    if (!english[k].is_label || !labels.insert(english[k].text).second) continue;
    if (folded(english[k].text) != folded(german[k].text)) continue;
    same.insert(english[k].text);
    MESSAGE("the same in German: " << english[k].where << ": " << german[k].text);
  }
  MESSAGE(same.size() << " of " << labels.size() << " distinct labels read the same in German");
  CHECK(labels.size() > 100);
  CHECK(10 * same.size() <= labels.size());
}

TEST_CASE("scene texts: parameter text keys are distinct within a scene; presets are found by id and by name in any language") {
  const std::regex id_form("[a-z0-9_]+");
  for (const cl::SceneEntry& entry : cl::all_scenes()) {
    const cl::SceneDescription& d = entry.description();
    std::set<std::string> keys;
    for (const cl::ParamSpec& p : d.params) CHECK_MESSAGE(keys.insert(p.text_key).second, d.id << ": " << p.text_key);
    std::set<std::string> ids;
    for (const cl::Preset& preset : entry.create()->presets(cl::ParamValues(d.params))) {
      CHECK(preset.scene == d.id);
      CHECK_MESSAGE(std::regex_match(preset.id, id_form), preset.id);
      CHECK_MESSAGE(ids.insert(preset.id).second, d.id << ": " << preset.id);
      CHECK(preset.is_named(preset.id));
      for (cl::Language language : cl::all_languages())
        CHECK(preset.is_named(cl::text_in(language, d.id + ".preset." + preset.id + ".name")));
      CHECK_FALSE(preset.is_named("no such preset"));
    }
  }
}

TEST_CASE("scene texts: a host page's load names a preset by its id or by its name in either language") {
  // Protocol v1 hosts send the English names; a page written in German may send the German one.
  for (const char* preset : {"diamond", "Diamond", "Raute"}) {
    CAPTURE(preset);
    const cl::HostMessageParse p = cl::parse_host_message(
        R"({"type": "contactlab", "v": 1, "cmd": "load", "scene": "implicit", "preset": ")" + std::string(preset) + "\"}",
        cl::implicit_description());
    REQUIRE_MESSAGE(p.message, p.error);
    CHECK(p.message->params->text("wall") == "abs(x) + abs(y) - 15");
  }
}

TEST_CASE("scene texts: a choice's label has no comma outside parentheses (the page lists the choices comma-separated)") {
  EnglishAfter restore;
  for (cl::Language language : cl::all_languages()) {
    cl::set_language(language);
    for (const cl::SceneEntry& entry : cl::all_scenes())
      for (const cl::ParamSpec& p : entry.description().params)
        for (size_t c = 0; c < p.choices.size(); ++c) {
          const std::string label = p.choice_label(c);
          int depth = 0;
          bool bare_comma = false;
          for (const char ch : label) {
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            bare_comma |= ch == ',' && depth == 0;
          }
          CHECK_MESSAGE(!bare_comma, entry.description().id << " " << p.name << ": '" << label << "'");
        }
  }
}
