// What the implicit scene shows: the recorded series and the sketch.
#include <algorithm>
#include <limits>

#include "core/text.h"
#include "scenes/implicit.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr size_t kSeriesBalls = 10;  // balls with their own x, y, vx, vy series
constexpr size_t kTrailPoints = 2000;  // per ball: bounded memory for any trail length

}  // namespace

void ImplicitScene::remember_trails() {
  for (size_t i = 0; i < trails_.size(); ++i) {
    trails_[i].add(t_, position(i), model_.trail, kTrailPoints);
  }
}

std::vector<SeriesSpec> ImplicitScene::series() const {
  std::vector<SeriesSpec> s = {{"t", "s", text("implicit.series.t")}};
  for (size_t i = 0; i < std::min(ball_count(), kSeriesBalls); ++i) {
    // Machine names count balls from 0 (x0); labels count from 1, as people do.
    const std::string k = std::to_string(i), ball = std::to_string(i + 1);
    s.insert(s.end(), {{"x" + k, "m", text("implicit.series.x", {{"ball", ball}})},
                       {"y" + k, "m", text("implicit.series.y", {{"ball", ball}})},
                       {"vx" + k, "m/s", text("implicit.series.vx", {{"ball", ball}})},
                       {"vy" + k, "m/s", text("implicit.series.vy", {{"ball", ball}})}});
  }
  s.insert(s.end(), {{"E_kin", "J", text("implicit.series.e_kin")},
                     {"E_pot", "J", text("implicit.series.e_pot")},
                     {"E_total", "J", text("implicit.series.e_total"), true},
                     {"hits", "", text("implicit.series.hits")},
                     {"corrections", "", text("implicit.series.corrections")}});
  return s;
}

std::vector<std::vector<std::string>> ImplicitScene::default_plots() const {
  return {{"E_kin", "E_pot", "E_total"}, {"hits", "corrections"}, {"x0", "y0"}};
}

void ImplicitScene::sample(std::vector<double>& values) const {
  values.clear();
  values.push_back(t_);
  double e_kin = 0, e_pot = 0;
  for (size_t i = 0; i < ball_count(); ++i) {
    const Vector2d p = position(i), v = velocity(i);
    if (i < kSeriesBalls) values.insert(values.end(), {p.x(), p.y(), v.x(), v.y()});
    e_kin += 0.5 * model_.m * v.squaredNorm();
    e_pot += model_.m * model_.g * p.y();
  }
  // Compliant laws: the discs' spin and the contacts' elastic energy count too.
  const double e_elastic = model_.compliant ? world_.spring_energy() : 0;
  if (model_.compliant) e_kin = world_.kinetic_energy();
  values.insert(values.end(), {e_kin, e_pot, e_kin + e_pot + e_elastic, static_cast<double>(hits_),
                               static_cast<double>(corrections_)});
}

Sketch ImplicitScene::sketch(const Palette& palette) const {
  const auto& colors = palette.bodies;
  Sketch s;
  Vector2d lo = Vector2d::Constant(kInf), hi = Vector2d::Constant(-kInf);
  for (const auto& loop : wall_->curve.loops()) {
    SketchPolyline line;
    line.points = loop;
    line.closed = true;
    line.color = palette.ink;
    line.width_px = 2;
    for (const Vector2d& p : loop) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    s.lines.push_back(std::move(line));
  }
  for (size_t i = 0; i < trails_.size(); ++i) {
    SketchPolyline trail;
    trail.points = trails_[i].points();
    trail.color = with_alpha(colors[i % colors.size()], 0xb0);
    trail.width_px = 2;
    trail.fade = true;
    if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  }
  for (size_t i = 0; i < ball_count(); ++i)
    s.circles.push_back({position(i), model_.r, colors[i % colors.size()], 0, 1.0f, 2.0f});
  s.view_center = 0.5 * (lo + hi);
  s.view_half_height = 0.55 * std::max(hi.y() - lo.y(), hi.x() - lo.x());
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, palette.ink, text("implicit.legend.wall")},
              {Glyph::Dot, colors[0], text("implicit.legend.ball"), text("implicit.legend.ball_one_colour")}};
  if (model_.trail > 0) s.legend.push_back({Glyph::Line, with_alpha(colors[0], 0xb0), text("implicit.legend.trail")});
  return s;
}

}  // namespace cl
