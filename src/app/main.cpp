// Platform layer: SDL2 window + GL context (WebGL2 in the browser, GL 3 on
// the desktop), Dear ImGui backends, fonts, and the frame loop. The same
// frame() runs from emscripten_set_main_loop_arg and from a desktop loop.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <SDL.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLES3/gl3.h>
#else
#include <SDL_opengl.h>
#endif

#include "app.h"
#include "app_font.h"
#include "core/text.h"
#include "page.h"
#include "wall_clock.h"

namespace {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  float font_scale = 0;  // device pixels per CSS pixel the font atlas was built for
  double drawing_share = 1;  // of the screen's device pixels per CSS pixel, as the canvas was last sized
  std::unique_ptr<cl::app::App> app;
  bool quit = false;
  int frames_left = -1;  // desktop --frames N; -1 runs until the window closes
  std::string png_path;  // desktop --png: the last frame is saved here
};

Platform* g_platform = nullptr;

float device_pixel_ratio(SDL_Window* window) {
  int w = 0, h = 0, fw = 0, fh = 0;
  SDL_GetWindowSize(window, &w, &h);
  SDL_GL_GetDrawableSize(window, &fw, &fh);
  return w > 0 ? static_cast<float>(fw) / static_cast<float>(w) : 1.0f;
}

/// Builds the font atlas at the screen's pixel density, so text stays sharp
/// on HiDPI; true when it was (re)built.
bool load_fonts(Platform& p) {
  // A playing run drawn coarser (drawing_scale.h) keeps the atlas built for
  // the screen: ImGui draws it smaller. Rebuilt, it would cost a long frame
  // each time the run starts or stops.
  if (p.drawing_share < 1 && p.font_scale != 0) return false;
  const float scale = std::max(1.0f, device_pixel_ratio(p.window));
  if (scale == p.font_scale) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float size_px = 15.0f;
  ImFontConfig config;
  // Horizontal oversampling sharpens small text at 1 device px per CSS px;
  // at 2 or more the pixels are fine enough without it, and the atlas takes
  // half the time to build (it is built before the first frame).
  config.OversampleH = scale >= 2.0f ? 1 : 2;
  // Latin-1, and the glyphs the panel's and messages' texts use beyond it:
  // Greek letters (rho, tau, nu), dashes, quotes and the ellipsis, six
  // arrows and twelve maths signs. The font file holds these alone
  // (assets/fonts/README.md). The atlas is built before the first frame,
  // at a cost per glyph: 327 code points instead of 815.
  static ImVector<ImWchar> ranges;
  if (ranges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
    static const ImWchar extra[] = {0x0391, 0x03C9, 0x2010, 0x2027, 0x2190, 0x2195, 0x2207, 0x2207, 0x2212, 0x2212,
                                    0x221A, 0x221E, 0x222B, 0x222B, 0x2248, 0x2248, 0x2260, 0x2265, 0xFFFD, 0xFFFD, 0};
    builder.AddRanges(extra);
    builder.BuildRanges(&ranges);
  }
  config.FontDataOwnedByAtlas = false;  // the compiled-in bytes stay where they are
  if (!io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(cl::app::kAppFontTtf),
                                      static_cast<int>(cl::app::kAppFontTtfSize), size_px * scale, &config, ranges.Data)) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&fallback);
  }
  io.FontGlobalScale = 1.0f / scale;
  if (p.font_scale != 0) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  p.font_scale = scale;
  return true;
}

/// In the browser the canvas follows its page area (CSS px); SDL then sizes
/// the drawing buffer at devicePixelRatio, times the share the app draws at.
/// True when the size changed.
bool fit_canvas(Platform& p) {
  int width = 0, height = 0;
  cl::app::page_canvas_area(width, height);
  if (width <= 0 || height <= 0) return false;
  int w = 0, h = 0;
  SDL_GetWindowSize(p.window, &w, &h);
  const double share = p.app ? p.app->drawing_share() : 1.0;  // none yet at start-up
  if (w == width && h == height && share == p.drawing_share) return false;
  cl::app::page_set_drawing_share(share);
  p.drawing_share = share;
  SDL_SetWindowSize(p.window, width, height);
  return true;
}

/// The runs' advance, after the frame: in the browser a task of its own.
/// Stepping and drawing in one task made frames of 100-180 ms of the main
/// thread at 4x CPU throttling on a phone (advance up to its 35 ms budget,
/// then the browser's style, layout, paint and taking the picture off the
/// canvas); split, input and the page's other work come between them.
void advance_after_frame() {
  if (g_platform && g_platform->app) g_platform->app->advance(cl::app::wall_now());
}

void frame(void* arg) {
  Platform& p = *static_cast<Platform*>(arg);
  bool input = false;
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    input = true;
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) p.quit = true;
    if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION || event.type == SDL_FINGERUP) {
      int w = 0, h = 0;  // SDL reports a finger in 0..1 of the window
      SDL_GetWindowSize(p.window, &w, &h);
      const SDL_TouchFingerEvent& f = event.tfinger;
      if (event.type == SDL_FINGERDOWN) p.app->finger_down(f.fingerId, f.x * w, f.y * h);
      if (event.type == SDL_FINGERMOTION) p.app->finger_moved(f.fingerId, f.x * w, f.y * h);
      if (event.type == SDL_FINGERUP) p.app->finger_up(f.fingerId);
    }
  }
  input |= fit_canvas(p);
  input |= load_fonts(p);
  // A still picture is not drawn again (--frames N draws every frame).
  if (!p.app->wants_frame(cl::app::wall_now(), input) && p.frames_left < 0) {
#ifndef __EMSCRIPTEN__
    SDL_WaitEventTimeout(nullptr, 100);  // the desktop loop sleeps until input instead of spinning
#endif
    return;
  }

  const double frame_start = cl::app::wall_now();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  p.app->frame();
  ImGui::Render();
  const double geometry_done = cl::app::wall_now();

  int fw = 0, fh = 0;
  SDL_GL_GetDrawableSize(p.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  const ImVec4 bg = cl::app::to_imvec4(p.app->palette().background);
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  p.app->frame_cpu(geometry_done - frame_start, cl::app::wall_now() - geometry_done);
  if (p.frames_left == 1 && !p.png_path.empty()) cl::app::page_download_canvas_png(p.png_path, fw, fh);
  SDL_GL_SwapWindow(p.window);
  p.app->after_present(fw, fh);
  cl::app::page_after_frame(advance_after_frame);
  if (p.frames_left > 0 && --p.frames_left == 0) p.quit = true;
}

}  // namespace

int main(int argc, char** argv) {
  cl::app::page_use_texts();
  // Keys go to SDL (and ImGui) only while the canvas has focus: the page's
  // buttons, fields and Tab key keep working (SDL listens on the window by default).
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "contactlab: %s\n", cl::text("app.sdl_init_failed", {{"error", SDL_GetError()}}).c_str());
    return 1;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#else
  const char* glsl_version = "#version 150";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  static Platform platform;
  g_platform = &platform;
  // The window starts at the page's canvas area, so the canvas's WebGL
  // drawing buffer is made once, not for 1280x800 first and again for the
  // page; the desktop has no page: 1280x800.
  int width = 0, height = 0;
  cl::app::page_canvas_area(width, height);
  if (width <= 0 || height <= 0) {
    width = 1280;
    height = 800;
  }
  platform.window = SDL_CreateWindow("ContactLab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                     SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!platform.window) {
    std::fprintf(stderr, "contactlab: %s\n", cl::text("app.no_window", {{"error", SDL_GetError()}}).c_str());
    return 1;
  }
  platform.gl = SDL_GL_CreateContext(platform.window);
  if (!platform.gl) {
    std::fprintf(stderr, "contactlab: %s\n", cl::text("app.no_gl_context", {{"error", SDL_GetError()}}).c_str());
    return 1;
  }
  SDL_GL_MakeCurrent(platform.window, platform.gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini: the URL holds the state
  ImGui_ImplSDL2_InitForOpenGL(platform.window, platform.gl);
  ImGui_ImplOpenGL3_Init(glsl_version);
  fit_canvas(platform);
  load_fonts(platform);

  // Desktop: contactlab_app [HASH | FILE.json] [--frames N [--png OUT.png]]
  // HASH is a link hash ("scene=pendulum&v0=5&play=1&lang=de"); --frames quits after
  // N frames, saving the last one to OUT.png (used by the smoke test).
  std::string argument;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--frames" && i + 1 < argc) platform.frames_left = std::atoi(argv[++i]);
    else if (arg == "--png" && i + 1 < argc) platform.png_path = argv[++i];
    else argument = arg;
  }
  const bool scene_file = argument.size() > 5 && argument.compare(argument.size() - 5, 5, ".json") == 0;
  if (!argument.empty() && !scene_file) cl::app::page_set_hash(argument);
  platform.app = std::make_unique<cl::app::App>();
  platform.app->init_shapes(glsl_version);
  if (scene_file) {
    std::ifstream in(argument);
    std::stringstream text;
    text << in.rdbuf();
    if (in) platform.app->load_scene_text(text.str());
    else cl::app::page_message(cl::app::MessageLevel::Error, cl::text("app.cannot_read", {{"file", argument}}));
  }

#ifdef __EMSCRIPTEN__
  emscripten_set_main_loop_arg(frame, &platform, 0, true);
#else
  while (!platform.quit) frame(&platform);
  platform.app.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(platform.gl);
  SDL_DestroyWindow(platform.window);
  SDL_Quit();
#endif
  return 0;
}

/// The running app, for the page bridge's exported functions.
cl::app::App* current_app() { return g_platform && g_platform->app ? g_platform->app.get() : nullptr; }
