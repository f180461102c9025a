// Desktop side of page.h: messages on stderr, exports written to the working
// directory, the "hash" taken from the command line.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include <SDL_opengl.h>
#include <stb/stb_image_write.h>

#include "core/message_text.h"
#include "core/text.h"
#include "io/query_string.h"
#include "page.h"

namespace cl::app {
namespace {
std::string g_hash;
}

void page_set_hash(const std::string& hash) { g_hash = hash; }
std::string page_initial_hash() { return g_hash; }

void page_message(MessageLevel level, const std::string& text) {
  const char* tag = level == MessageLevel::Error ? "error" : level == MessageLevel::Warning ? "warning" : "info";
  std::fprintf(stderr, "contactlab %s: %s\n", tag, text.c_str());
}

void page_download_text(const std::string& filename, const std::string&, const std::string& contents) {
  std::ofstream(filename) << contents;
  page_message(MessageLevel::Info, text("app.wrote", {{"file", filename}}));
}

void page_download_canvas_png(const std::string& filename, int width, int height) {
  std::vector<unsigned char> pixels(static_cast<size_t>(width) * height * 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);  // GL rows start at the bottom
  if (stbi_write_png(filename.c_str(), width, height, 4, pixels.data(), width * 4))
    page_message(MessageLevel::Info, text("app.wrote", {{"file", filename}}));
  else
    page_message(MessageLevel::Error, text("app.could_not_write", {{"file", filename}}));
}

void page_open_scene_file() {
  page_message(MessageLevel::Info, text("app.desktop_open_scene"));
}

void page_series_changed() {}

void page_canvas_area(int& width, int& height) { width = height = 0; }

Theme page_theme() { return Theme::Dark; }

void page_use_texts() {}

Language page_language() {
  const char* environment = std::getenv("LANG");  // "de_DE.UTF-8"
  const Language fallback = language_from_code(environment ? environment : "").value_or(Language::English);
  for (const auto& [key, value] : parse_query(g_hash).pairs) {  // the link's lang= wins, as on the page
    if (key != "lang") continue;
    if (const std::optional<Language> language = language_from_code(value)) return *language;
    std::string names;
    for (Language l : all_languages()) names += (names.empty() ? "" : ", ") + text_in(l, "language.name");
    page_message(MessageLevel::Warning, text_in(fallback, "language.refused",
                                                {{"code", quoted(value)}, {"languages", names},
                                                 {"name", text_in(fallback, "language.name")}}));
  }
  return fallback;
}

bool page_reduced_motion() { return false; }

void page_set_drawing_share(double) {}

void page_after_frame(void (*task)()) { task(); }

bool page_coarse_pointer() { return false; }

}  // namespace cl::app
