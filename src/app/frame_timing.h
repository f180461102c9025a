#pragma once
// What each frame costs the page's CPU, smoothed over about 30 frames: the
// simulation's advance ("sim"), everything else the frame builds and hands
// to GL (panel, sketch, ImGui's draw lists and their GL calls: "draw"), and
// the engine's own real-time factor: simulated seconds per wall second
// spent advancing, not per frame (the page's factor also counts the frame
// rate and the step budget).
namespace cl::app {

class FrameTiming {
 public:
  /// The frame's advance: `wall` s spent, `simulated` s advanced.
  void add_advance(double wall, double simulated) {
    sim_ = kKeep * sim_ + (1 - kKeep) * wall;
    advance_wall_ = kKeep * advance_wall_ + wall;
    advanced_ = kKeep * advanced_ + simulated;
  }
  /// The whole frame's CPU time (s), advance included, up to the GL submission.
  void add_frame(double cpu) { frame_ = kKeep * frame_ + (1 - kKeep) * cpu; }

  double sim_ms() const { return 1e3 * sim_; }
  double draw_ms() const { return 1e3 * (frame_ > sim_ ? frame_ - sim_ : 0); }
  /// Simulated s per wall s of advancing; 0 before any advance.
  double engine_factor() const { return advance_wall_ > 0 ? advanced_ / advance_wall_ : 0; }

 private:
  static constexpr double kKeep = 0.97;  // per frame: about 30 frames of memory
  double sim_ = 0, frame_ = 0;            // s per frame
  double advance_wall_ = 0, advanced_ = 0;  // s, weighted sums
};

}  // namespace cl::app
