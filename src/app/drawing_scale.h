#pragma once
// How finely a playing run is drawn: at the screen's pixel density, or at
// half of it when frames come too slowly (what games call dynamic
// resolution). Measured on a phone viewport (390×844 CSS px at 2 device px
// per CSS px, CPU throttled 4×, software WebGL), the cradle's frames took
// 100-147 ms of the main thread, about 40 ms of it the browser taking the
// picture off the canvas; drawn at 1 device px per CSS px they took 50-81 ms.
// A paused picture costs nothing to keep, so it is always drawn in full (a
// PNG exported while paused is sharp).
namespace cl::app {

class DrawingScale {
 public:
  /// A frame of the playing run drawn `wall_dt` s after the one before.
  /// Frames are judged over windows of kWindow s: slower than kSlowFrame on
  /// average and the run is drawn coarser; faster than kFastFrame while
  /// coarse and it is drawn in full again (the gap between the two keeps it
  /// from switching back and forth).
  void add_frame(double wall_dt) {
    if (!(wall_dt > 0) || wall_dt > kGap) return;  // the tab was hidden or the run just started
    window_ += wall_dt;
    ++frames_;
    if (window_ < kWindow) return;
    const double mean = window_ / frames_;
    if (mean > kSlowFrame) coarse_ = true;
    if (mean < kFastFrame) coarse_ = false;
    window_ = 0;
    frames_ = 0;
  }
  /// The run paused: its next frames start a new window.
  void pause() {
    window_ = 0;
    frames_ = 0;
  }
  /// Share of the screen's device pixels per CSS px to draw at (1 or kCoarse).
  double share(bool running) const { return running && coarse_ ? kCoarse : 1.0; }
  /// The playing run is drawn coarser.
  bool coarse() const { return coarse_; }

  static constexpr double kCoarse = 0.5;      // a quarter of the pixels
  static constexpr double kSlowFrame = 0.070;  // s between frames: under about 14 frames per second
  static constexpr double kFastFrame = 0.030;  // s: over about 33 frames per second
  static constexpr double kWindow = 1.0;       // s of frames averaged
  static constexpr double kGap = 2.0;          // s: a longer wait (a hidden tab) is not a frame's cost

 private:
  bool coarse_ = false;
  double window_ = 0;  // s of frames in this window
  int frames_ = 0;
};

}  // namespace cl::app
