#include "camera.h"

#include <algorithm>
#include <cmath>

namespace cl::app {

void Camera::reset(const Eigen::Vector2d& center, double half_width, double half_height) {
  center_ = center;
  half_width_ = half_width;
  half_height_ = half_height;
  user_moved_ = false;
  refit();
}

void Camera::set_viewport(float x, float y, float width, float height) {
  const bool changed = width != vw_ || height != vh_;
  vx_ = x;
  vy_ = y;
  vw_ = std::max(width, 1.0f);
  vh_ = std::max(height, 1.0f);
  if (changed && !user_moved_) refit();
}

void Camera::refit() {
  // The requested rectangle whole, whichever side is tighter.
  scale_ = std::min(vw_ / (2 * half_width_), vh_ / (2 * half_height_));
}

Eigen::Vector2f Camera::to_screen(const Eigen::Vector2d& w) const {
  return {static_cast<float>(vx_ + 0.5 * vw_ + (w.x() - center_.x()) * scale_),
          static_cast<float>(vy_ + 0.5 * vh_ - (w.y() - center_.y()) * scale_)};
}

Eigen::Vector2d Camera::to_world(const Eigen::Vector2f& s) const {
  return {center_.x() + (s.x() - vx_ - 0.5 * vw_) / scale_, center_.y() - (s.y() - vy_ - 0.5 * vh_) / scale_};
}

Camera Camera::tile(float x, float y, float width, float height) const {
  Camera t = *this;
  t.vx_ = x;
  t.vy_ = y;
  t.vw_ = std::max(width, 1.0f);
  t.vh_ = std::max(height, 1.0f);
  t.scale_ = scale_ * std::min(t.vw_, t.vh_) / std::min(vw_, vh_);
  return t;
}

void Camera::pan_pixels(float dx, float dy) {
  center_.x() -= dx / scale_;
  center_.y() += dy / scale_;
  user_moved_ = true;
}

void Camera::zoom_at(const Eigen::Vector2f& screen, double factor) {
  const Eigen::Vector2d before = to_world(screen);
  scale_ = std::clamp(scale_ * factor, 1e-3, 1e7);
  const Eigen::Vector2d after = to_world(screen);
  center_ += before - after;
  user_moved_ = true;
}

}  // namespace cl::app
