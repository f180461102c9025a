#pragma once
// The interactive program, the same for every scene: runs the simulation in
// step with the wall clock, draws it, and holds the ImGui control panel.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "body_drag.h"
#include "camera.h"
#include "core/simulation.h"
#include "page.h"

namespace cl::app {

class App {
 public:
  App();

  /// One frame between ImGui::NewFrame and ImGui::Render: advance, panel, drawing.
  void frame(double wall_seconds);
  /// Called after the frame is on screen (PNG export reads it then).
  void after_present(int framebuffer_width, int framebuffer_height);
  /// Pinch gesture from touch: `factor` > 1 zooms in about `center` (px).
  void pinch(double factor, float cx, float cy);

  bool command(const std::string& name);
  void apply_hash(const std::string& hash);
  void load_scene_text(const std::string& text);
  std::string status_json() const;
  /// Screen rectangle of a labelled widget from the last frame.
  std::optional<ImVec4> widget_rect(const std::string& label) const;

  const Simulation& simulation() const { return *sim_; }
  /// Changes whenever the set of recorded series changes (other scene, other n).
  int layout_id() const { return 1000 * simulations_started_ + sim_->layout(); }
  /// Changes whenever recorded samples change.
  double series_revision() const { return 1e9 * layout_id() + static_cast<double>(sim_->series().revision()); }
  bool embed() const { return embed_; }

 private:
  void start_scene(const std::string& id, const ParamValues& values);
  void set_params(const ParamValues& values);
  void reset_run();
  void advance_run(double wall_dt);
  void update_hash();
  void message(MessageLevel level, const std::string& text);
  void report_link_problems(const std::vector<std::string>& problems);
  void handle_view_input();
  void export_file(const std::string& what);
  void draw_report();
  /// Turns a 3D view by dragging; true when the drag was used for that.
  bool orbit_view_input();

  // control_panel.cpp
  void draw_panel();
  void draw_embed_panel();
  /// Play/Pause, Reset and the time: the embed view, and phones with the panel collapsed.
  void draw_compact_bar(float top);
  void draw_transport();
  void draw_parameters();
  void draw_exports();
  void remember_widget(const std::string& label);

  void adopt(std::unique_ptr<Simulation> sim);
  /// The camera on the scene's suggested view.
  void fit_view();

  std::unique_ptr<Simulation> sim_;
  int simulations_started_ = 0;
  Camera camera_;
  BodyDrag body_drag_;
  bool running_ = false;
  bool embed_ = false;
  bool play_from_link_ = false;
  double speed_ = 1;            // simulated s per wall s
  double last_wall_ = -1;       // s
  double frame_interval_ = 0;   // s, smoothed over ~10 frames
  double owed_time_ = 0;        // simulated s due but not yet run (less than a sample)
  double real_time_factor_ = 0; // simulated / wall, smoothed
  bool behind_ = false;         // the simulation could not keep up
  std::string last_hash_;
  std::string last_message_;
  MessageLevel last_level_ = MessageLevel::Info;
  bool reported_failure_ = false;
  bool png_requested_ = false;
  float panel_right_ = 0;  // px; right edge of the open panel, 0 when collapsed
  std::map<std::string, ImVec4> widget_rects_;  // label -> x, y, w, h (px)
};

}  // namespace cl::app
