// The app's words in the browser come from the page's copy of the message
// table (web/text.js, from the same assets/text/*.json), asked a key at a
// time: the wasm carries no second copy (its JSON was ~45 KB of the
// compressed index.wasm fetched before the first frame) and parses none as
// it starts (~80 ms of the first frame on a desktop, measured in a profile).
#include <emscripten.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "core/text_tables.h"
#include "page.h"

// The page's text of `key` in `code` ("en", "de") in memory the caller
// frees, or null when the page has none (or no hook: the app then shows keys).
EM_JS(char*, js_page_text, (const char* code, const char* key), {
  const text = typeof Module.clText === "function" ? Module.clText(UTF8ToString(code), UTF8ToString(key)) : null;
  if (typeof text !== "string") return 0;
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

namespace cl {

// The compiled-in table, never read here: defined so that the linker takes
// this empty one, ahead of the engine's library, and leaves the table out.
const std::vector<std::pair<const char*, const char*>>& text_table_files() {
  static const std::vector<std::pair<const char*, const char*>> none;
  return none;
}

namespace app {

void page_use_texts() {
  read_texts_from([](Language language, const std::string& key) -> std::optional<std::string> {
    char* text = js_page_text(language_code(language), key.c_str());
    if (!text) return std::nullopt;
    std::string copy(text);
    std::free(text);
    return copy;
  });
}

}  // namespace app
}  // namespace cl
