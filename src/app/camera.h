#pragma once
// The world view: metres <-> screen pixels, with pan, zoom about a point and
// a reset to the scene's suggested view.
#include <Eigen/Core>

namespace cl::app {

class Camera {
 public:
  /// Fits the world rectangle centre +- (half_width, half_height) (m) into the viewport.
  void reset(const Eigen::Vector2d& center, double half_width, double half_height);
  void set_viewport(float x, float y, float width, float height);

  /// World (m, y up) -> screen (px, y down).
  Eigen::Vector2f to_screen(const Eigen::Vector2d& world) const;
  Eigen::Vector2d to_world(const Eigen::Vector2f& screen) const;
  /// Screen pixels per metre.
  double pixels_per_metre() const { return scale_; }

  /// Moves the view's centre to `center` (m), keeping the zoom: following a body.
  void center_on(const Eigen::Vector2d& center) { center_ = center; }
  void pan_pixels(float dx, float dy);
  /// Multiplies the zoom by `factor`, keeping the world point under `screen` fixed.
  void zoom_at(const Eigen::Vector2f& screen, double factor);
  /// True once the user has moved the view (reset() clears it).
  bool user_moved() const { return user_moved_; }

  /// The same view in a tile of the viewport (compared runs side by side):
  /// the same centre, the zoom scaled so the tile's shorter side shows what
  /// the whole viewport's shorter side shows. A pan or zoom of this camera,
  /// in the tile's pixels, is the same pan or zoom of the tile.
  Camera tile(float x, float y, float width, float height) const;

 private:
  void refit();
  Eigen::Vector2d center_{0, 0};  // m, at the viewport centre
  double half_width_ = 1, half_height_ = 1;  // m, requested view
  double scale_ = 100;            // px/m
  float vx_ = 0, vy_ = 0, vw_ = 1, vh_ = 1;
  bool user_moved_ = false;
};

}  // namespace cl::app
