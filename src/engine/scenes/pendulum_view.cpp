// What the pendulum scene shows: the recorded series and the sketch.
#include <cmath>

#include "core/text.h"
#include "scenes/pendulum.h"

namespace cl {

void PendulumScene::remember_trail() {
  trail_.emplace_back(t_, r_);
  while (!trail_.empty() && trail_.front().first < t_ - model_.trail) trail_.pop_front();
  constexpr size_t max_points = 8192;  // bounded memory for any trail length
  while (trail_.size() > max_points) trail_.pop_front();
}

std::vector<SeriesSpec> PendulumScene::series() const {
  return {{"t", "s", text("pendulum.series.t")},
          {"x", "m", text("pendulum.series.x")},
          {"y", "m", text("pendulum.series.y")},
          {"r", "m", text("pendulum.series.r")},
          {"phi", "rad", text("pendulum.series.phi")},
          {"vx", "m/s", text("pendulum.series.vx")},
          {"vy", "m/s", text("pendulum.series.vy")},
          {"speed", "m/s", text("pendulum.series.speed")},
          {"tension", "N", text("pendulum.series.tension")},
          {"taut", "", text("pendulum.series.taut")},
          {"E_kin", "J", text("pendulum.series.e_kin")},
          {"E_pot", "J", text("pendulum.series.e_pot")},
          {"E_total", "J", text("pendulum.series.e_total"), true}};
}

std::vector<std::vector<std::string>> PendulumScene::default_plots() const {
  return {{"x", "y"}, {"tension"}, {"E_kin", "E_pot", "E_total"}};
}

void PendulumScene::sample(std::vector<double>& v) const {
  const double e_kin = 0.5 * model_.m * v_.squaredNorm();
  const double e_pot = model_.m * model_.g * r_.y();  // zero at the nail's height
  v = {t_, r_.x(), r_.y(), r_.norm(), thread_angle(r_), v_.x(), v_.y(), v_.norm(), tension(),
       taut_ ? 1.0 : 0.0, e_kin, e_pot, e_kin + e_pot};
}

Sketch PendulumScene::sketch(const Palette& palette) const {
  Sketch s;
  const double L = model_.L;
  s.view_center = {0, 0};
  s.view_half_height = 1.35 * L;
  // Reach of the thread.
  s.circles.push_back({Eigen::Vector2d(0, 0), L, 0, with_alpha(palette.ink_faint, 0x60), 1.0f});
  // Trail, oldest first, fading in.
  SketchPolyline trail;
  trail.color = palette.bodies[0];
  trail.width_px = 2.5f;
  trail.fade = true;
  for (const auto& [t, p] : trail_) trail.points.push_back(p);
  if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  // Thread: straight when taut; a hanging parabola of about the same length when slack.
  SketchPolyline thread;
  thread.width_px = 2;
  const double chord = r_.norm();
  if (taut_) {
    thread.color = palette.ink;
    thread.points = {Eigen::Vector2d(0, 0), r_};
  } else {
    thread.color = palette.near;
    // Arc length of a shallow parabola: chord + 8 d^2 / (3 chord).
    const double sag = std::max(std::sqrt(3 * chord * std::max(0.0, L - chord) / 8), 0.5 * (L - chord));
    for (int k = 0; k <= 32; ++k) {
      const double u = k / 32.0;
      thread.points.push_back(u * r_ + Eigen::Vector2d(0, -4 * sag * u * (1 - u)));
    }
  }
  s.lines.push_back(std::move(thread));
  // Nail and mass.
  s.circles.push_back({Eigen::Vector2d(0, 0), model_.nail_radius, palette.pin, palette.background, 1.0f, 4.0f});
  s.circles.push_back({r_, 0.045 * L, palette.bodies[0], palette.ink, 1.5f, 7.0f});
  // Velocity (0.1 s of travel).
  if (v_.norm() > 0) s.arrows.push_back({r_, r_ + 0.1 * v_, palette.velocity, 2.0f});
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Dot, palette.bodies[0], text("pendulum.legend.mass")},
              {Glyph::Dot, palette.pin, text("pendulum.legend.nail")},
              {Glyph::Line, palette.ink, text("pendulum.legend.thread_taut")},
              {Glyph::Line, palette.near, text("pendulum.legend.thread_slack")},
              {Glyph::Ring, palette.ink_faint, text("pendulum.legend.reach")},
              {Glyph::Arrow, palette.velocity, text("pendulum.legend.velocity")},
              {Glyph::Line, palette.bodies[0], text("pendulum.legend.trail")}};
  return s;
}

}  // namespace cl
