// Browser side of page.h and the cl_* exports of page_bridge.h.
#include <emscripten.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app.h"
#include "core/text.h"
#include "io/impact_loops_io.h"
#include "page.h"
#include "page_bridge.h"

cl::app::App* current_app();

extern "C" void cl_page_set_drawing_share(double share);  // pixel_ratio_library.js

// --- Hooks: the app calls the page's JavaScript ---------------------------
// Each checks that the page defined the hook, so a bare page still runs.
EM_JS(void, js_set_hash, (const char* hash), {
  if (Module.clSetHash) Module.clSetHash(UTF8ToString(hash));
});
EM_JS(char*, js_location_hash, (), {
  const text = window.location.hash || "";
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});
EM_JS(void, js_message, (const char* level, const char* text), {
  const l = UTF8ToString(level), t = UTF8ToString(text);
  if (Module.clMessage) Module.clMessage(l, t); else console.warn(t);
});
EM_JS(void, js_download_text, (const char* name, const char* mime, const char* text), {
  if (Module.clDownloadText) Module.clDownloadText(UTF8ToString(name), UTF8ToString(mime), UTF8ToString(text));
});
EM_JS(void, js_download_png, (const char* name), {
  if (Module.clDownloadCanvasPng) Module.clDownloadCanvasPng(UTF8ToString(name));
});
EM_JS(void, js_open_scene_file, (), {
  if (Module.clOpenSceneFile) Module.clOpenSceneFile();
});
EM_JS(void, js_series_changed, (), {
  if (Module.clSeriesChanged) Module.clSeriesChanged();
});
// The canvas's page area (CSS px), as a ResizeObserver last saw it. Asked
// every frame; reading the area's clientWidth instead made the browser lay
// the page out again whenever the plots had changed it since the last frame
// (cradle on a phone at 4x CPU throttling: 30 ms per second of play).
EM_JS(void, js_canvas_area, (int* width, int* height), {
  const area = Module.canvas && Module.canvas.parentElement;
  if (area && !Module.clCanvasArea) {
    const seen = Module.clCanvasArea = { width: area.clientWidth, height: area.clientHeight };
    new ResizeObserver(function () {
      seen.width = area.clientWidth;  // laid out already: no extra layout
      seen.height = area.clientHeight;
    }).observe(area);
  }
  HEAP32[width >> 2] = area ? Module.clCanvasArea.width : 0;
  HEAP32[height >> 2] = area ? Module.clCanvasArea.height : 0;
});
namespace {
void (*g_after_frame)() = nullptr;  // the task page_after_frame posted, until it runs
}  // namespace

// One message channel carries the app's tasks after a frame: a posted
// message runs after the browser has drawn the frame, with no timer's delay.
EM_JS(void, js_post_after_frame, (), {
  if (!Module.clAfterFrame) {
    const channel = new MessageChannel();
    channel.port1.onmessage = function () { _cl_after_frame(); };
    Module.clAfterFrame = channel.port2;
  }
  Module.clAfterFrame.postMessage(null);
});
EM_JS(int, js_coarse_pointer, (), {
  return window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? 1 : 0;
});
EM_JS(int, js_theme_is_light, (), {
  return typeof Module.clTheme === "function" && Module.clTheme() === "light" ? 1 : 0;
});
EM_JS(int, js_language_is_german, (), {
  return typeof Module.clLanguage === "function" && Module.clLanguage() === "de" ? 1 : 0;
});
EM_JS(int, js_reduced_motion, (), {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 1 : 0;
});

namespace cl::app {

void page_set_hash(const std::string& hash) { js_set_hash(hash.c_str()); }

std::string page_initial_hash() {
  char* text = js_location_hash();
  std::string hash(text);
  free(text);
  return hash;
}

void page_message(MessageLevel level, const std::string& text) {
  const char* name = level == MessageLevel::Error ? "error" : level == MessageLevel::Warning ? "warning" : "info";
  js_message(name, text.c_str());
}

void page_download_text(const std::string& filename, const std::string& mime, const std::string& text) {
  js_download_text(filename.c_str(), mime.c_str(), text.c_str());
}

void page_download_canvas_png(const std::string& filename, int, int) { js_download_png(filename.c_str()); }
void page_open_scene_file() { js_open_scene_file(); }
void page_series_changed() { js_series_changed(); }

void page_canvas_area(int& width, int& height) { js_canvas_area(&width, &height); }

Theme page_theme() { return js_theme_is_light() ? Theme::Light : Theme::Dark; }

Language page_language() { return js_language_is_german() ? Language::German : Language::English; }

bool page_reduced_motion() { return js_reduced_motion() != 0; }

void page_set_drawing_share(double share) { cl_page_set_drawing_share(share); }

void page_after_frame(void (*task)()) {
  if (!g_after_frame) js_post_after_frame();
  g_after_frame = task;
}

bool page_coarse_pointer() {
  static const bool coarse = js_coarse_pointer() != 0;  // asked once: it does not change while the page is open
  return coarse;
}

}  // namespace cl::app

// --- Exports: the page calls the app --------------------------------------
namespace {
std::string g_text;  // backing store of the last returned string
const char* keep(std::string text) {
  g_text = std::move(text);
  return g_text.c_str();
}

/// The app for a call that may change what is drawn: its next frames draw it.
cl::app::App* woken_app() {
  cl::app::App* app = current_app();
  if (app) app->wake();
  return app;
}

/// The scene's series spec i, or nothing without an app or out of range.
std::optional<cl::SeriesSpec> series_spec(int i) {
  cl::app::App* app = current_app();
  if (!app || i < 0) return std::nullopt;
  std::vector<cl::SeriesSpec> specs = app->simulation().scene().series();
  if (static_cast<size_t>(i) >= specs.size()) return std::nullopt;
  return std::move(specs[static_cast<size_t>(i)]);
}
}  // namespace

extern "C" {

// The task the last frame left (page_after_frame), run in a task of its own.
EMSCRIPTEN_KEEPALIVE void cl_after_frame(void) {
  if (void (*task)() = std::exchange(g_after_frame, nullptr)) task();
}

EMSCRIPTEN_KEEPALIVE int cl_series_count(void) {
  cl::app::App* app = current_app();
  return app ? static_cast<int>(app->simulation().series().names().size()) : 0;
}

EMSCRIPTEN_KEEPALIVE const char* cl_series_name(int i) {
  cl::app::App* app = current_app();
  if (!app || i < 0 || i >= cl_series_count()) return "";
  return app->simulation().series().names()[i].c_str();
}

EMSCRIPTEN_KEEPALIVE const char* cl_series_unit(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec ? keep(spec->unit) : "";
}

EMSCRIPTEN_KEEPALIVE const char* cl_series_label(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec ? keep(spec->label) : "";
}

EMSCRIPTEN_KEEPALIVE int cl_series_dashed(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec && spec->dashed ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* cl_series_old_name(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec ? keep(spec->old_name) : "";
}

EMSCRIPTEN_KEEPALIVE const char* cl_series_residual_of(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec ? keep(spec->residual_of) : "";
}

EMSCRIPTEN_KEEPALIVE int cl_series_body(int i) {
  const std::optional<cl::SeriesSpec> spec = series_spec(i);
  return spec ? spec->body : -1;
}

EMSCRIPTEN_KEEPALIVE int cl_series_size(void) {
  cl::app::App* app = current_app();
  return app ? static_cast<int>(app->simulation().series().size()) : 0;
}

EMSCRIPTEN_KEEPALIVE const double* cl_series_data(int i) {
  cl::app::App* app = current_app();
  if (!app || i < 0 || i >= cl_series_count()) return nullptr;
  return app->simulation().series().data(i);
}

EMSCRIPTEN_KEEPALIVE double cl_series_revision(void) {
  cl::app::App* app = current_app();
  return app ? app->series_revision() : 0;
}

EMSCRIPTEN_KEEPALIVE int cl_series_layout(void) {
  cl::app::App* app = current_app();
  return app ? app->layout_id() : 0;
}

EMSCRIPTEN_KEEPALIVE const char* cl_default_plots_json(void) {
  cl::app::App* app = current_app();
  if (!app) return "[]";
  return keep(nlohmann::json(app->simulation().scene().default_plots()).dump());
}

EMSCRIPTEN_KEEPALIVE double cl_loops_revision(void) {
  cl::app::App* app = current_app();
  const cl::ImpactLoopLog* loops = app ? app->simulation().scene().impact_loops() : nullptr;
  return loops ? static_cast<double>(loops->revision()) : -1;
}

EMSCRIPTEN_KEEPALIVE const char* cl_loops_json(void) {
  cl::app::App* app = current_app();
  const cl::ImpactLoopLog* loops = app ? app->simulation().scene().impact_loops() : nullptr;
  return loops ? keep(cl::impact_loops_json(*loops).dump()) : "null";
}

EMSCRIPTEN_KEEPALIVE const char* cl_status_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->status_json() : "{}");
}

EMSCRIPTEN_KEEPALIVE int cl_command(const char* name) {
  cl::app::App* app = woken_app();
  return app && app->command(name) ? 0 : 1;
}

// The page stops the frame loop while the canvas cannot be seen (a hidden
// tab, an embed scrolled out of view; web/page/on_screen.js) and starts it
// again where it was: the run does not make up the time it was away.
EMSCRIPTEN_KEEPALIVE void cl_set_on_screen(int on_screen) {
  if (!on_screen) {
    emscripten_pause_main_loop();
    return;
  }
  if (cl::app::App* app = woken_app()) app->forget_frame_gap();
  emscripten_resume_main_loop();
}

EMSCRIPTEN_KEEPALIVE void cl_hold_frames(int hold) {
  if (cl::app::App* app = current_app()) app->hold_frames(hold != 0);
}

// A small screen's page holds the controls in a sheet (web/page/sheet.js).
EMSCRIPTEN_KEEPALIVE void cl_set_controls_in_page(int in_page) {
  if (cl::app::App* app = woken_app()) app->set_controls_in_page(in_page != 0);
}

EMSCRIPTEN_KEEPALIVE void cl_set_theme(const char* name) {
  cl::app::App* app = woken_app();
  if (!app) return;
  if (const std::optional<cl::Theme> theme = cl::theme_from_name(name)) app->set_theme(*theme);
}

EMSCRIPTEN_KEEPALIVE void cl_apply_hash(const char* hash) {
  if (cl::app::App* app = woken_app()) app->apply_hash(hash);
}

EMSCRIPTEN_KEEPALIVE void cl_load_scene_json(const char* text) {
  if (cl::app::App* app = woken_app()) app->load_scene_text(text);
}

EMSCRIPTEN_KEEPALIVE const char* cl_scene_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->scene_info().dump() : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_set_param(const char* name, const char* value) {
  cl::app::App* app = woken_app();
  if (!app) return keep(cl::text("app.not_ready"));
  return keep(app->set_param(name, value).value_or(""));
}

EMSCRIPTEN_KEEPALIVE const char* cl_apply_preset(const char* name) {
  cl::app::App* app = woken_app();
  if (!app) return keep(cl::text("app.not_ready"));
  return keep(app->apply_preset(name).value_or(""));
}

EMSCRIPTEN_KEEPALIVE int cl_set_scene(const char* id) {
  cl::app::App* app = woken_app();
  return app && app->switch_scene(id) ? 0 : 1;
}

EMSCRIPTEN_KEEPALIVE void cl_export(const char* what) {
  if (cl::app::App* app = woken_app()) app->export_file(what);
}

EMSCRIPTEN_KEEPALIVE const char* cl_events_json(double since) {
  cl::app::App* app = current_app();
  return keep(app ? app->run_events_json(0, static_cast<long long>(since)) : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_host_message(const char* text) {
  cl::app::App* app = current_app();  // it wakes itself for the messages that change the picture
  if (app) return keep(app->host_message(text));
  const nlohmann::json refusal = {
      {"type", "contactlab"}, {"v", cl::kHostProtocolVersion}, {"ok", false}, {"error", cl::text("app.not_ready")}};
  return keep(refusal.dump());
}

EMSCRIPTEN_KEEPALIVE const char* cl_activity_check(const char* text) {
  cl::app::App* app = current_app();
  if (!app) return keep(nlohmann::json{{"ok", false}, {"error", cl::text("app.not_ready")}}.dump());
  return keep(app->check_activity(text));
}

EMSCRIPTEN_KEEPALIVE const char* cl_activity_set(const char* text, int enforce) {
  cl::app::App* app = woken_app();
  if (!app) return keep(cl::text("app.not_ready"));
  return keep(app->set_activity(text, enforce != 0).value_or(""));
}

EMSCRIPTEN_KEEPALIVE const char* cl_activity_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->enforced_activity_json() : "");
}

EMSCRIPTEN_KEEPALIVE const char* cl_questions_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->questions_json() : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_compare_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->compare_json() : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_compare_set(const char* text) {
  cl::app::App* app = woken_app();
  if (!app) return keep(cl::text("app.not_ready"));
  return keep(app->set_compare_text(text).value_or(""));
}

EMSCRIPTEN_KEEPALIVE const char* cl_compare_add(void) {
  cl::app::App* app = woken_app();
  if (!app) return keep(cl::text("app.not_ready"));
  return keep(app->add_variant().value_or(""));
}

EMSCRIPTEN_KEEPALIVE const char* cl_compare_edit(int k, const char* text) {
  cl::app::App* app = woken_app();
  if (!app || k < 0) return keep(cl::text("app.not_ready"));
  return keep(app->edit_variant(static_cast<size_t>(k), text).value_or(""));
}

EMSCRIPTEN_KEEPALIVE void cl_compare_remove(int k) {
  cl::app::App* app = woken_app();
  if (app && k > 0) app->remove_variant(static_cast<size_t>(k));
}

EMSCRIPTEN_KEEPALIVE void cl_compare_split(int split) {
  cl::app::App* app = woken_app();
  if (app) app->set_split_view(split != 0);
}

EMSCRIPTEN_KEEPALIVE int cl_run_series_size(int k) {
  cl::app::App* app = current_app();
  const cl::Simulation* sim = app && k >= 0 ? app->run(static_cast<size_t>(k)) : nullptr;
  return sim ? static_cast<int>(sim->series().size()) : 0;
}

EMSCRIPTEN_KEEPALIVE int cl_run_series_index(int k, const char* name) {
  cl::app::App* app = current_app();
  const cl::Simulation* sim = app && k >= 0 ? app->run(static_cast<size_t>(k)) : nullptr;
  if (!sim) return -1;
  const std::vector<std::string>& names = sim->series().names();
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

EMSCRIPTEN_KEEPALIVE const double* cl_run_series_data(int k, int i) {
  cl::app::App* app = current_app();
  const cl::Simulation* sim = app && k >= 0 ? app->run(static_cast<size_t>(k)) : nullptr;
  if (!sim || i < 0 || static_cast<size_t>(i) >= sim->series().names().size()) return nullptr;
  return sim->series().data(static_cast<size_t>(i));
}

EMSCRIPTEN_KEEPALIVE const char* cl_run_events_json(int k, double since) {
  cl::app::App* app = current_app();
  return keep(app && k >= 0 ? app->run_events_json(static_cast<size_t>(k), static_cast<long long>(since)) : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_inspect_json(int k) {
  cl::app::App* app = current_app();
  return keep(app && k >= 0 ? app->inspection_json(static_cast<size_t>(k)) : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_restitution_curves_json(void) { return keep(cl::app::restitution_curves_json()); }

EMSCRIPTEN_KEEPALIVE const char* cl_sweep_base_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->sweep_base_json() : "null");
}

EMSCRIPTEN_KEEPALIVE const char* cl_theory_json(void) {
  cl::app::App* app = current_app();
  return keep(app ? app->theory_json() : "null");
}

EMSCRIPTEN_KEEPALIVE int cl_wants_keyboard(void) {
  cl::app::App* app = current_app();
  return app && app->wants_text_input() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* cl_widget_rect(const char* label) {
  cl::app::App* app = current_app();
  const auto rect = app ? app->widget_rect(label) : std::nullopt;
  if (!rect) return "null";
  return keep(nlohmann::json{{"x", rect->x}, {"y", rect->y}, {"w", rect->z}, {"h", rect->w}}.dump());
}

}  // extern "C"
