// The message table: complete in every language, placeholders filled.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "core/text.h"

namespace {

/// Sets the language for one test and restores English after it.
struct LanguageScope {
  explicit LanguageScope(cl::Language language) { cl::set_language(language); }
  ~LanguageScope() { cl::set_language(cl::Language::English); }
};

}  // namespace

TEST_CASE("text table: every key has English and German with the same placeholders, no key twice") {
  const auto problems = cl::text_table_problems();
  for (const auto& problem : problems) MESSAGE(problem);
  MESSAGE(cl::text_keys().size() << " keys");
  CHECK(problems.empty());
  CHECK_FALSE(cl::text_keys().empty());
}

TEST_CASE("text: the current language, placeholders filled, a missing key shows as itself") {
  CHECK(cl::text("language.name") == "English");
  {
    LanguageScope german(cl::Language::German);
    CHECK(cl::text("language.name") == "Deutsch");
    CHECK(cl::text("language.refused", {{"code", "fr"}, {"languages", "English, Deutsch"}, {"name", "Deutsch"}}) ==
          "Der Link verlangt die Sprache 'fr'; ContactLab spricht English, Deutsch. Es bleibt bei Deutsch.");
  }
  CHECK(cl::text_in(cl::Language::German, "language.name") == "Deutsch");
  CHECK(cl::text("no.such.key") == "no.such.key");
  const auto missing = cl::missing_text_keys();
  CHECK(std::find(missing.begin(), missing.end(), "no.such.key") != missing.end());
  CHECK(cl::has_text("language.name"));
  CHECK_FALSE(cl::has_text("no.such.key"));
}

TEST_CASE("language codes: a browser's tag picks by its primary language") {
  CHECK(cl::language_from_code("de") == cl::Language::German);
  CHECK(cl::language_from_code("de-AT") == cl::Language::German);
  CHECK(cl::language_from_code("EN_gb") == cl::Language::English);
  CHECK_FALSE(cl::language_from_code("fr").has_value());
  CHECK_FALSE(cl::language_from_code("").has_value());
  CHECK(std::string(cl::language_code(cl::Language::German)) == "de");
}

TEST_CASE("text keys named in the sources are all in the table") {
  // Every literal key the code asks for: text("key"...) and text_in(language, "key"...)
  // (not a method named text, such as ParamValues::text).
  const std::regex call(R"re((?:^|[^.>\w])(?:text\(|text_in\([^,()]*,)\s*"([a-z0-9_.]+)")re");
  size_t named = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(CONTACTLAB_SOURCE_DIR "/src")) {
    const auto extension = entry.path().extension();
    if (extension != ".cpp" && extension != ".h") continue;
    std::ifstream file(entry.path());
    std::stringstream source;
    source << file.rdbuf();
    const std::string code = source.str();
    for (std::sregex_iterator it(code.begin(), code.end(), call), end; it != end; ++it) {
      ++named;
      const std::string key = (*it)[1];
      if (!cl::has_text(key)) FAIL_CHECK(entry.path().filename().string() << " names " << key << ", not in the table");
    }
  }
  MESSAGE(named << " keys named in src/");
  CHECK(named > 0);
}

TEST_CASE("text from a lookup (the page's table in the browser): each text asked once, placeholders filled") {
  std::map<std::string, int> asked;
  cl::read_texts_from([&](cl::Language language, const std::string& key) -> std::optional<std::string> {
    ++asked[std::string(cl::language_code(language)) + ":" + key];
    if (key == "probe.value") return language == cl::Language::German ? "Wert {v}" : "value {v}";
    return std::nullopt;
  });
  CHECK(cl::text("probe.value", {{"v", "3"}}) == "value 3");
  CHECK(cl::text("probe.value", {{"v", "4"}}) == "value 4");
  CHECK(cl::text_in(cl::Language::German, "probe.value", {{"v", "5"}}) == "Wert 5");
  CHECK(cl::has_text("probe.value"));
  CHECK_FALSE(cl::has_text("probe.absent"));
  CHECK(cl::text("probe.absent") == "probe.absent");  // a missing key shows as itself
  CHECK(cl::text("language.name") == "language.name");  // the compiled-in table is not asked
  for (const auto& [key, count] : asked) MESSAGE(key << " asked " << count << "x");
  CHECK(asked["en:probe.value"] == 1);
  CHECK(asked["de:probe.value"] == 1);
  CHECK(asked["en:probe.absent"] == 1);
  const auto missing = cl::missing_text_keys();
  CHECK(std::find(missing.begin(), missing.end(), "probe.absent") != missing.end());

  cl::read_texts_from({});  // back to the compiled-in table
  CHECK(cl::text("language.name") == "English");
  CHECK(cl::text("probe.value") == "probe.value");
}
