#pragma once
// What the app asks of its surroundings: in the browser the page's
// JavaScript (page_web.cpp, see page_bridge.h), on the desktop files in the
// working directory and stderr (page_desktop.cpp).
#include <string>

#include "core/palette.h"
#include "core/text.h"

namespace cl::app {

enum class MessageLevel { Info, Warning, Error };

/// Points the engine's text() at the page's message table (browser: the
/// wasm carries none); desktop: nothing, the compiled-in table answers.
/// First thing in main().
void page_use_texts();
/// Replaces the URL hash (no history entry); the hash text has no '#'.
void page_set_hash(const std::string& hash);
/// The hash the app was opened with (desktop: the first command-line argument).
std::string page_initial_hash();
/// Shows a message to the user as plain text.
void page_message(MessageLevel level, const std::string& text);
/// Offers text as a file download (desktop: writes it to the working directory).
void page_download_text(const std::string& filename, const std::string& mime, const std::string& text);
/// Saves the canvas as PNG; call right after a frame has been drawn.
void page_download_canvas_png(const std::string& filename, int width, int height);
/// Asks the user for a scene file; its text comes back through App::load_scene_text.
void page_open_scene_file();
/// The recorded series changed shape (other scene or other n).
void page_series_changed();
/// CSS size (px) of the area the canvas should fill; desktop: 0,0 (the window decides).
void page_canvas_area(int& width, int& height);
/// True on touch screens (the page's pointer is coarse): bigger buttons.
bool page_coarse_pointer();
/// The theme the page chose at start (its link's theme=, or the system's
/// colour scheme for theme=auto); desktop: dark.
Theme page_theme();
/// The language the page chose at start (its link's lang=, else the
/// browser's); desktop: the link argument's lang=, else the environment's
/// LANG, else English.
Language page_language();
/// Draws the canvas at `share` of the screen's device pixels per CSS px
/// (from the next time it is sized); desktop: nothing, the window keeps the
/// screen's density.
void page_set_drawing_share(double share);
/// Calls `task` once the frame just drawn is on screen, in a task of its own
/// (browser: a posted message, so the page draws and takes input first);
/// desktop: now. A second call before the first task ran replaces it.
void page_after_frame(void (*task)());
/// True when the user asks for reduced motion (prefers-reduced-motion):
/// no auto-play, short trails.
bool page_reduced_motion();

}  // namespace cl::app
