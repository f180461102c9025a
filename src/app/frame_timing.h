#pragma once
// What each frame costs the page's CPU, smoothed over about 30 frames: the
// simulation's advance ("sim", a task of its own after the frame, main.cpp);
// building what the frame shows (panel, sketch, ImGui's draw lists: "draw");
// handing the draw lists to GL ("gl": with software rendering it waits for
// the rasterizer); and the engine's own real-time factor: simulated seconds
// per wall second spent advancing, not per frame (the page's factor also
// counts the frame rate and the step budget). The longest of those tasks (an
// advance, or a frame's building, not the wait for GL) is kept too: software
// rasterizers make the frame rate say little about the app, and this says
// whether the app blocked the tab.
namespace cl::app {

class FrameTiming {
 public:
  /// The frame's advance: `wall` s spent, `simulated` s advanced.
  void add_advance(double wall, double simulated) {
    sim_ = kKeep * sim_ + (1 - kKeep) * wall;
    if (frames_ > 0 && wall > worst_frame_) worst_frame_ = wall;
    advance_wall_ = kKeep * advance_wall_ + wall;
    advanced_ = kKeep * advanced_ + simulated;
  }
  /// The frame's CPU time (s) until its draw lists are built, and handing
  /// them to GL.
  void add_frame(double building, double submitting) {
    frame_ = kKeep * frame_ + (1 - kKeep) * building;
    // The first frame also compiles GL's shaders and uploads the font
    // texture: start-up, timed as the time to first frame instead.
    if (frames_++ > 0 && building > worst_frame_) worst_frame_ = building;
    gl_ = kKeep * gl_ + (1 - kKeep) * submitting;
  }

  double sim_ms() const { return 1e3 * sim_; }
  double draw_ms() const { return 1e3 * frame_; }
  double gl_ms() const { return 1e3 * gl_; }
  /// The longest advance or frame's building after the first frame, ms.
  double worst_frame_ms() const { return 1e3 * worst_frame_; }
  /// Simulated s per wall s of advancing; 0 before any advance.
  double engine_factor() const { return advance_wall_ > 0 ? advanced_ / advance_wall_ : 0; }

 private:
  static constexpr double kKeep = 0.97;  // per frame: about 30 frames of memory
  double sim_ = 0, frame_ = 0, gl_ = 0;   // s per frame
  double worst_frame_ = 0;                 // s, after the first frame
  long long frames_ = 0;
  double advance_wall_ = 0, advanced_ = 0;  // s, weighted sums
};

}  // namespace cl::app
