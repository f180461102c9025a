// What the pendulum scene shows: the recorded series and the sketch.
#include <cmath>

#include "core/text.h"
#include "scenes/pendulum.h"

namespace cl {

void PendulumScene::remember_trail() {
  constexpr size_t kMostPoints = 8192;  // bounded memory for any trail length
  trail_.add(time(), position(), view_.trail, kMostPoints);
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
          {"E_total", "J", text("pendulum.series.e_total"), true},
          {"E_snaps", "J", text("pendulum.series.e_snaps")}};
}

std::vector<std::vector<std::string>> PendulumScene::default_plots() const {
  return {{"x", "y"}, {"tension"}, {"E_kin", "E_pot", "E_total", "E_snaps"}};
}

void PendulumScene::sample(std::vector<double>& values) const {
  const Eigen::Vector2d r = position(), v = velocity();
  const double e_kin = 0.5 * mass() * v.squaredNorm();
  const double e_pot = mass() * gravity() * r.y();  // zero at the nail's height
  values = {time(), r.x(), r.y(), r.norm(), thread_angle(r), v.x(), v.y(), v.norm(), tension(),
            taut() ? 1.0 : 0.0, e_kin, e_pot, e_kin + e_pot, snap_loss_};
}

Sketch PendulumScene::sketch(const Palette& palette) const {
  Sketch s;
  const double L = thread().length;
  const Eigen::Vector2d r = position(), v = velocity();
  s.view_center = {0, 0};
  s.view_half_height = 1.35 * L;
  // Reach of the thread.
  s.circles.push_back({Eigen::Vector2d(0, 0), L, 0, with_alpha(palette.ink_faint, 0x60), 1.0f});
  // Trail, oldest first, fading in.
  SketchPolyline trail;
  trail.color = palette.bodies[0];
  trail.width_px = 2.5f;
  trail.fade = true;
  trail.points = trail_.points();
  if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  // Thread: straight when taut; a hanging parabola of about the same length when slack.
  SketchPolyline line;
  line.width_px = 2;
  const double chord = r.norm();
  if (taut()) {
    line.color = palette.ink;
    line.points = {Eigen::Vector2d(0, 0), r};
  } else {
    line.color = palette.near;
    // Arc length of a shallow parabola: chord + 8 d^2 / (3 chord).
    const double sag = std::max(std::sqrt(3 * chord * std::max(0.0, L - chord) / 8), 0.5 * (L - chord));
    for (int k = 0; k <= 32; ++k) {
      const double u = k / 32.0;
      line.points.push_back(u * r + Eigen::Vector2d(0, -4 * sag * u * (1 - u)));
    }
  }
  s.lines.push_back(std::move(line));
  // Nail and mass.
  s.circles.push_back({Eigen::Vector2d(0, 0), thread().pivot_radius, palette.pin, palette.background, 1.0f, 4.0f});
  s.circles.push_back({r, 0.045 * L, palette.bodies[0], palette.ink, 1.5f, 7.0f});
  // Velocity (0.1 s of travel).
  if (v.norm() > 0) s.arrows.push_back({r, r + 0.1 * v, palette.velocity, 2.0f});
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
