#pragma once
// Two fingers on the canvas move the view: their centre's move pans it and
// the change of their spread zooms it about the centre. Fingers are followed
// by their own down, move and up reports (SDL_FINGER*), not by SDL's gesture
// centroid, which carries its sum over from one gesture to the next.
#include <map>
#include <optional>

#include <Eigen/Core>

namespace cl::app {

class TwoFingers {
 public:
  /// What a finger's move does to the view while exactly two fingers touch.
  struct ViewChange {
    Eigen::Vector2f centre;  ///< px, where the fingers' centre is now
    Eigen::Vector2f shift;   ///< px, how far it moved
    double zoom;             ///< the spread's ratio, > 1 when they move apart
  };

  void down(long long finger, const Eigen::Vector2f& at) { fingers_[finger] = at; }
  void up(long long finger) { fingers_.erase(finger); }
  /// Records the move (px); a change of view when two fingers touch.
  std::optional<ViewChange> moved(long long finger, const Eigen::Vector2f& at);
  /// Fingers touching now: with two or more, one finger's drag must not pan too.
  int count() const { return static_cast<int>(fingers_.size()); }

 private:
  std::map<long long, Eigen::Vector2f> fingers_;  // px
};

}  // namespace cl::app
