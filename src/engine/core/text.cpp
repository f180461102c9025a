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

/// Reads one table file, {key: {"en": text, "de": text}, ...}, into a Table
/// as nlohmann's parser meets it, building no document: building one was
/// most of the cost of reading the table as the page's app starts.
class TableFileReader : public nlohmann::json_sax<nlohmann::json> {
 public:
  TableFileReader(Table& table, std::map<std::string, std::string>& file_of_key, std::string file)
      : table_(table), file_of_key_(file_of_key), file_(std::move(file)) {}

  bool null() override { return scalar(nullptr); }
  bool boolean(bool) override { return scalar(nullptr); }
  bool number_integer(number_integer_t) override { return scalar(nullptr); }
  bool number_unsigned(number_unsigned_t) override { return scalar(nullptr); }
  bool number_float(number_float_t, const string_t&) override { return scalar(nullptr); }
  bool string(string_t& value) override { return scalar(&value); }
  bool binary(binary_t&) override { return scalar(nullptr); }

  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t& name) override {
    if (depth_ == 1) key_ = name;
    if (depth_ == 2) {
      ++fields_;
      language_ = std::find_if(kCodes.begin(), kCodes.end(), [&](const char* c) { return name == c; }) - kCodes.begin();
      if (language_ == kCodes.size()) shaped_ = false;
    }
    return true;
  }

  bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception&) override {
    table_.problems.push_back(file_ + ": not JSON (byte " + std::to_string(byte) + ")");
    return false;
  }

 private:
  // A value where the entry's texts belong: the file itself (depth 0), a
  // whole entry (1), or one language's text (2).
  bool scalar(const std::string* text) {
    if (depth_ == 0) table_.problems.push_back(file_ + ": not a JSON object");
    if (depth_ == 1) {
      begin_entry();
      shaped_ = false;
      end_entry();
    }
    if (depth_ == 2 && language_ < kCodes.size() && text && !text->empty()) texts_[language_] = *text;
    return true;
  }

  bool open(bool object) {
    if (depth_ == 0 && !object) table_.problems.push_back(file_ + ": not a JSON object");
    if (depth_ == 1) {
      begin_entry();
      shaped_ = object;
    }
    if (depth_ >= 2) shaped_ = false;
    ++depth_;
    return depth_ > 1 || object;
  }

  bool close() {
    --depth_;
    if (depth_ == 1) end_entry();
    return true;
  }

  void begin_entry() {
    shaped_ = true;
    fields_ = 0;
    texts_ = {};
  }

  void end_entry() {
    const std::string where = file_ + ": " + key_;
    if (auto [it, fresh] = file_of_key_.emplace(key_, file_); !fresh) {
      table_.problems.push_back(where + " is also in " + it->second);
      return;
    }
    table_.keys.push_back(key_);
    if (!shaped_ || fields_ != kCodes.size()) {
      table_.problems.push_back(where + " must be {\"en\": ..., \"de\": ...}");
      return;
    }
    for (size_t l = 0; l < kCodes.size(); ++l) {
      if (texts_[l])
        table_.texts[l][key_] = std::move(*texts_[l]);
      else
        table_.problems.push_back(where + " has no text in '" + kCodes[l] + "'");
    }
  }

  Table& table_;
  std::map<std::string, std::string>& file_of_key_;
  const std::string file_;
  size_t depth_ = 0;  // objects and arrays open
  std::string key_;   // the entry being read
  bool shaped_ = true;  // an object of languages only, each met at most as text
  size_t fields_ = 0;
  size_t language_ = kCodes.size();
  std::array<std::optional<std::string>, kCodes.size()> texts_;
};

Table read_table() {
  Table table;
  std::map<std::string, std::string> file_of_key;
  for (const auto& [file, json_text] : text_table_files()) {
    TableFileReader reader(table, file_of_key, file);
    nlohmann::json::sax_parse(json_text, &reader);
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
  // The placeholders' check is the tests' business, not every start's (it
  // was a third of reading the table in the page).
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
