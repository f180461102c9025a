// The app: its start from the page's link, theme and language, one frame
// (advance, panel, drawing), the commands of the buttons and keys.
#include "app.h"

#include <algorithm>

#include "core/sketch_ghost.h"
#include "core/text.h"
#include "imgui_theme.h"
#include "io/url_state.h"

namespace cl::app {
namespace {

constexpr double kStepCommand = 0.01;  // s of simulated time one Step advances

}  // namespace

App::App() {
  set_language(page_language());  // first: the link's problems below are said in it
  set_theme(page_theme());
  reduced_motion_ = page_reduced_motion();
  // The link's scene with its defaults at once (the page is still loading);
  // the link's own start may take frames to prepare.
  const std::string hash = page_initial_hash();
  adopt(new_simulation(parse_url_state(hash, all_scenes().front().description().id).scene));
  fit_view();
  apply_hash(hash);
}

bool App::autoplay(bool asked) {
  if (!asked || !reduced_motion_) return asked;
  message(MessageLevel::Info, text("app.autoplay_waits"));
  return false;
}

void App::set_theme(Theme theme) {
  theme_ = theme;
  apply_imgui_theme(theme);
}

void App::message(MessageLevel level, const std::string& text) {
  last_message_ = text;
  last_level_ = level;
  page_message(level, text);
}

bool App::legend_shown() const {
  return show_legend_.value_or(!embed_ && ImGui::GetIO().DisplaySize.x >= 700);
}

void App::advance(double wall_seconds) {
  const double wall_dt = last_wall_ < 0 ? 0 : wall_seconds - last_wall_;
  last_wall_ = wall_seconds;
  advance_run(wall_dt);
}

void App::frame() {
  ++frames_drawn_;
  if (shapes_) shapes_->begin_frame();
  widget_rects_.clear();

  const ImGuiIO& io = ImGui::GetIO();
  handle_view_input();
  if (controls_in_page_)
    panel_right_ = 0;
  else if (embed_)
    draw_embed_panel();
  else
    draw_panel();
  // Centre the scene in the canvas area right of the panel when there is room for both.
  const float view_x = panel_right_ < 0.5f * io.DisplaySize.x ? panel_right_ : 0;
  Sketch sketch = sim_->scene().sketch(palette());
  // The view is fitted beside the grid's values, not under them.
  const float value_column = sketch.flat_grid ? kGridValueColumn : 0, value_row = sketch.flat_grid ? kGridValueRow : 0;
  camera_.set_viewport(view_x, 0, io.DisplaySize.x - view_x - value_column, io.DisplaySize.y - value_row);
  if (sketch.view_follows) camera_.center_on(sketch.view_center);
  ImDrawList& draw = *ImGui::GetBackgroundDrawList();
  if (split_view()) {
    draw_runs_side_by_side({view_x, 0, io.DisplaySize.x - view_x, io.DisplaySize.y}, draw);
  } else {
    run_tiles_.clear();
    if (sketch.flat_grid) draw_grid(camera_, draw, palette(), 0, 0, io.DisplaySize.x, io.DisplaySize.y);
    draw_variants(sketch, draw);  // under the reference, which stays on top
    // Compared, the reference's bodies take its own neutral colour: the variants' colours are theirs alone.
    if (!variants_.empty()) sketch = reference_sketch(std::move(sketch), palette().bodies, palette().runs[0]);
    draw_sketch(sketch, camera_, draw, sketch_style());
    if (sketch.flat_grid) draw_grid_labels(camera_, draw, palette(), 0, 0, io.DisplaySize.x, io.DisplaySize.y);
  }
  add_compare_legend(sketch.legend);
  // Dragging moves the reference's start alone: not while comparing.
  const bool handles_shown = !running_ && variants_.empty() && !sim_->scene().draggable_bodies().empty();
  if (handles_shown) {
    draw_sketch(BodyDrag::handles(*sim_, palette()), camera_, draw, sketch_style());
    sketch.legend.push_back(BodyDrag::legend_entry(palette()));
  }
  if (legend_shown()) {
    // Bottom left of the scene's area: clear of the panel, and of the page's messages at the right.
    ImVec2 corner(view_x + 10, io.DisplaySize.y - 10);
    // Three runs side by side leave the bottom-right tile free: the legend goes there,
    // its right edge at the canvas's if it is wider than the tile.
    if (run_tiles_.size() == 3 && run_tiles_[2].y > run_tiles_[0].y)
      corner.x = std::max(view_x + 10, std::min(run_tiles_[1].x + 10, io.DisplaySize.x - legend_size(sketch.legend).x - 10));
    const ImVec4 box = draw_legend(sketch.legend, draw, corner, palette());
    widget_rects_["legend"] = box;
  }
}

void App::init_shapes(const char* glsl_version) {
  auto shapes = std::make_unique<InstancedShapes>();
  if (shapes->init(glsl_version)) shapes_ = std::move(shapes);
}

void App::after_present(int width, int height) {
  if (!png_requested_) return;
  png_requested_ = false;
  page_download_canvas_png("contactlab-" + sim_->description().id + ".png", width, height);
}

bool App::command(const std::string& name) {
  if (name == "play" || name == "pause" || name == "toggle") {
    const bool play = name == "play" || (name == "toggle" && !running_);
    running_ = play && !sim_->failed();
    if (waiting_start_) waiting_start_->play = play;  // the start it waits for plays once built
  } else if (name == "step") {
    running_ = false;
    step_until_ = (step_until_ > sim_->time() ? step_until_ : sim_->time()) + kStepCommand;
  } else if (name == "reset") {
    step_until_ = -1;
    reset_run();
    if (questions_) running_ = false;  // a new try of an activity's questions waits for its predictions
  }
  else if (name == "defaults") {
    // An activity's defaults are the teacher's values, not the scene's.
    set_params(activity_ ? activity_->params : ParamValues(sim_->description().params));
    drafts_.clear();
    step_until_ = -1;
    reset_run();
  } else if (name == "reset_view") {
    fit_view();
  } else if (name == "show_legend" || name == "hide_legend") {
    show_legend_ = name == "show_legend";
  } else
    return false;
  return true;
}

bool App::wants_text_input() const { return ImGui::GetIO().WantTextInput; }

std::optional<ImVec4> App::widget_rect(const std::string& label) const {
  auto it = widget_rects_.find(label);
  if (it == widget_rects_.end()) return std::nullopt;
  return it->second;
}

}  // namespace cl::app
