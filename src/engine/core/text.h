#pragma once
// The words users read, in their language. Every user-visible string is a
// key in the message table (assets/text/*.json: key -> English and German,
// with named {placeholders}); code asks for the key and never spells the
// text itself. The page picks the language (lang= in the link, else the
// browser's); the CLI and tests read English.
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cl {

enum class Language { English, German };

/// Every language the table carries, English first.
const std::vector<Language>& all_languages();
/// "en" or "de".
const char* language_code(Language language);
/// The language of a code ("de", "de-AT", "EN"), if the table carries it.
std::optional<Language> language_from_code(const std::string& code);

/// The language text() answers in (English until set).
Language language();
void set_language(Language language);

/// A placeholder's name and the value put in its place.
using TextArgs = std::initializer_list<std::pair<const char*, std::string>>;

/// The text of `key` in the current language with {name} placeholders
/// filled from `args` ({{} stays a literal brace). A key the table lacks
/// comes back as itself, so a missing text shows and tests can find it.
std::string text(const std::string& key, TextArgs args = {});
/// The same in a given language.
std::string text_in(Language language, const std::string& key, TextArgs args = {});
/// Whether the table has `key` (in every language: the table is checked whole).
bool has_text(const std::string& key);

/// One text of a table kept elsewhere: `key` in `language`, or nothing.
using TextLookup = std::function<std::optional<std::string>(Language language, const std::string& key)>;
/// Answers text() from `lookup` instead of the compiled-in table, each text
/// asked once and kept. The page's app: the page holds the table, and the
/// wasm neither carries a copy nor parses one as it starts. Call before
/// any thread asks for a text; an empty lookup returns to the table.
void read_texts_from(TextLookup lookup);

/// What is wrong with the table: a file that is not a JSON object of
/// {"en": ..., "de": ...} entries, a key defined twice, a language missing,
/// a placeholder in one language only. Empty for a good table.
std::vector<std::string> text_table_problems();
/// Every key, sorted.
std::vector<std::string> text_keys();
/// The keys text() was asked for and did not find (tests walk the UI, then look).
std::vector<std::string> missing_text_keys();

}  // namespace cl
