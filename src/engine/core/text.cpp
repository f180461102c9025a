#include "core/text.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/text_tables.h"

namespace cl {
namespace {

constexpr std::array<const char*, 2> kCodes = {"en", "de"};

struct Table {
  std::array<std::unordered_map<std::string, std::string>, kCodes.size()> texts;  // per language
  std::vector<std::string> keys;
  std::vector<std::string> problems;
};

/// The {names} in `text` ("{{" is a literal brace).
std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> names;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') continue;
    if (i + 1 < text.size() && text[i + 1] == '{') {
      ++i;
      continue;
    }
    const size_t end = text.find('}', i);
    if (end == std::string::npos) break;
    names.insert(text.substr(i + 1, end - i - 1));
    i = end;
  }
  return names;
}

Table read_table() {
  Table table;
  std::map<std::string, std::string> file_of_key;
  for (const auto& [file, json_text] : text_table_files()) {
    const nlohmann::json doc = nlohmann::json::parse(json_text, nullptr, false);
    if (!doc.is_object()) {
      table.problems.push_back(std::string(file) + ": not a JSON object");
      continue;
    }
    for (const auto& [key, entry] : doc.items()) {
      const std::string where = std::string(file) + ": " + key;
      if (auto [it, fresh] = file_of_key.emplace(key, file); !fresh) {
        table.problems.push_back(where + " is also in " + it->second);
        continue;
      }
      table.keys.push_back(key);
      if (!entry.is_object() || entry.size() != kCodes.size()) {
        table.problems.push_back(where + " must be {\"en\": ..., \"de\": ...}");
        continue;
      }
      for (size_t l = 0; l < kCodes.size(); ++l) {
        const auto found = entry.find(kCodes[l]);
        if (found == entry.end() || !found->is_string() || found->get<std::string>().empty()) {
          table.problems.push_back(where + " has no text in '" + kCodes[l] + "'");
          continue;
        }
        table.texts[l][key] = found->get<std::string>();
      }
    }
  }
  std::sort(table.keys.begin(), table.keys.end());
  return table;
}

const Table& table() {
  static const Table t = read_table();
  return t;
}

// read_texts_from(): the lookup and what it answered (nothing: the key is not there).
TextLookup lookup;
std::mutex looked_up_mutex;
std::array<std::unordered_map<std::string, std::optional<std::string>>, kCodes.size()> looked_up;

/// The text of `key` in `language` before its placeholders are filled, or null.
const std::string* find_text(Language language, const std::string& key) {
  const auto l = static_cast<size_t>(language);
  if (!lookup) {
    const auto found = table().texts[l].find(key);
    return found != table().texts[l].end() ? &found->second : nullptr;
  }
  std::lock_guard<std::mutex> lock(looked_up_mutex);
  auto found = looked_up[l].find(key);
  if (found == looked_up[l].end()) found = looked_up[l].emplace(key, lookup(language, key)).first;
  return found->second ? &*found->second : nullptr;  // unordered_map values stay put
}

std::atomic<Language> current{Language::English};
std::mutex missing_mutex;  // text() may be asked from a sweep's threads
std::set<std::string> missing;
constexpr size_t kMissingKept = 1000;  // bounded, whatever keys a run asks for

std::string fill(const std::string& pattern, TextArgs args) {
  std::string out;
  out.reserve(pattern.size());
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '{' && i + 1 < pattern.size() && pattern[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    const size_t end = c == '{' ? pattern.find('}', i) : std::string::npos;
    if (end == std::string::npos) {
      out += c;
      continue;
    }
    const std::string name = pattern.substr(i + 1, end - i - 1);
    const auto arg = std::find_if(args.begin(), args.end(), [&](const auto& a) { return name == a.first; });
    out += arg != args.end() ? arg->second : pattern.substr(i, end - i + 1);
    i = end;
  }
  return out;
}

}  // namespace

const std::vector<Language>& all_languages() {
  static const std::vector<Language> languages = {Language::English, Language::German};
  return languages;
}

const char* language_code(Language language) { return kCodes[static_cast<size_t>(language)]; }

std::optional<Language> language_from_code(const std::string& code) {
  std::string primary;
  for (char c : code) {
    if (c == '-' || c == '_') break;
    primary += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (Language language : all_languages())
    if (primary == language_code(language)) return language;
  return std::nullopt;
}

Language language() { return current; }
void set_language(Language language) { current = language; }

void read_texts_from(TextLookup source) {
  std::lock_guard<std::mutex> lock(looked_up_mutex);
  lookup = std::move(source);
  for (auto& answers : looked_up) answers.clear();
}

std::string text_in(Language language, const std::string& key, TextArgs args) {
  if (const std::string* pattern = find_text(language, key)) return fill(*pattern, args);
  std::lock_guard<std::mutex> lock(missing_mutex);
  if (missing.size() < kMissingKept) missing.insert(key);
  return key;
}

std::string text(const std::string& key, TextArgs args) { return text_in(current, key, args); }

bool has_text(const std::string& key) {
  if (lookup) return find_text(Language::English, key) != nullptr;
  const auto& keys = table().keys;
  return std::binary_search(keys.begin(), keys.end(), key);
}

std::vector<std::string> text_table_problems() {
  // The placeholders' check is the tests' business, not every start's.
  std::vector<std::string> problems = table().problems;
  const auto& english = table().texts[0];
  for (const auto& [key, text] : english) {
    const std::set<std::string> names = placeholders(text);
    for (size_t l = 1; l < kCodes.size(); ++l) {
      const auto other = table().texts[l].find(key);
      if (other != table().texts[l].end() && placeholders(other->second) != names)
        problems.push_back(key + ": '" + kCodes[l] + "' has other placeholders than 'en'");
    }
  }
  return problems;
}
std::vector<std::string> text_keys() { return table().keys; }

std::vector<std::string> missing_text_keys() {
  std::lock_guard<std::mutex> lock(missing_mutex);
  return {missing.begin(), missing.end()};
}

}  // namespace cl
