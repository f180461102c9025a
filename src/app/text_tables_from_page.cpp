// The message table in the browser: the page's copy (web/text.js, from the
// same assets/text/*.json), so the wasm does not carry a second one (its
// raw JSON was ~45 KB of the compressed index.wasm fetched before the first
// frame). Linked into the page's app ahead of the engine's library, this
// definition of text_table_files() stands in for the compiled-in one, whose
// object the linker then never takes from the library.
#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "core/text_tables.h"

// The page's table files (Module.clTextTableFiles(): [[name, json text], ...]);
// none when the page has no hook: the app then shows keys instead of words.
EM_JS(int, js_text_table_count, (), {
  Module.clTextTables = typeof Module.clTextTableFiles === "function" ? Module.clTextTableFiles() : [];
  return Module.clTextTables.length;
});
// Part 0 (the name) or 1 (the JSON text) of file i, in memory the caller frees.
EM_JS(char*, js_text_table_part, (int i, int part), {
  const text = String(Module.clTextTables[i][part]);
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

namespace cl {
namespace {

std::string take_part(int file, int part) {
  char* text = js_text_table_part(file, part);
  std::string copy(text);
  std::free(text);
  return copy;
}

}  // namespace

const std::vector<std::pair<const char*, const char*>>& text_table_files() {
  static const std::vector<std::pair<std::string, std::string>> texts = [] {
    std::vector<std::pair<std::string, std::string>> read;
    const int count = js_text_table_count();
    for (int i = 0; i < count; ++i) read.emplace_back(take_part(i, 0), take_part(i, 1));
    return read;
  }();
  static const std::vector<std::pair<const char*, const char*>> files = [] {
    std::vector<std::pair<const char*, const char*>> views;
    for (const auto& [name, json] : texts) views.emplace_back(name.c_str(), json.c_str());
    return views;
  }();
  return files;
}

}  // namespace cl
