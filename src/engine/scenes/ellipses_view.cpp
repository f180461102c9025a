// What the ellipses scene shows: the recorded series and the sketch.
#include <algorithm>
#include <limits>

#include "core/text.h"
#include "scenes/ellipses.h"
#include "world/pair_geometry.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr int kSeriesBodies = 10;  // bodies with their own coordinate series
constexpr int kGapBodies = 5;      // pairs among these get a gap series
constexpr size_t kTrailPoints = 600;

}  // namespace

void EllipsesScene::remember_trails() {
  for (size_t i = 0; i < trails_.size(); ++i)
    trails_[i].add(world_.time(), world_.coordinates(static_cast<int>(i)).head<2>(), view_.trail, kTrailPoints);
}

std::vector<SeriesSpec> EllipsesScene::series() const {
  // Machine names count bodies from 0 (x0, gap0_1); labels count from 1, as people do.
  std::vector<SeriesSpec> s = {{"t", "s", text("ellipses.series.t")}};
  const int shown = std::min(model().n, kSeriesBodies);
  for (int i = 0; i < shown; ++i) {
    const std::string k = std::to_string(i), body = std::to_string(i + 1);
    s.insert(s.end(), {{"x" + k, "m", text("ellipses.series.x", {{"body", body}})},
                       {"y" + k, "m", text("ellipses.series.y", {{"body", body}}), false, "", "z" + k},
                       {"q" + k, "rad", text("ellipses.series.q", {{"body", body}})},
                       {"vx" + k, "m/s", text("ellipses.series.vx", {{"body", body}})},
                       {"vy" + k, "m/s", text("ellipses.series.vy", {{"body", body}}), false, "", "vz" + k},
                       {"w" + k, "rad/s", text("ellipses.series.w", {{"body", body}})},
                       {"gap_wall" + k, "m", text("ellipses.series.gap_wall", {{"body", body}}), false, "", "", i}});
  }
  const int paired = std::min(model().n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j)
      s.push_back({"gap" + std::to_string(i) + "_" + std::to_string(j), "m",
                   text("ellipses.series.gap", {{"i", std::to_string(i + 1)}, {"j", std::to_string(j + 1)}})});
  s.insert(s.end(), {{"E_kin", "J", text("ellipses.series.e_kin")},
                     {"E_pot", "J", text("ellipses.series.e_pot")},
                     {"E_spring", "J", text("ellipses.series.e_spring")},
                     {"E_diss", "J", text("ellipses.series.e_diss")},
                     {"W_stiffness", "J", text("ellipses.series.w_stiffness")},
                     {"E_total", "J", text("ellipses.series.e_total"), true},
                     {"E_audit", "J", text("ellipses.series.e_audit"), false, "E_total"}});
  return s;
}

std::vector<std::vector<std::string>> EllipsesScene::default_plots() const {
  std::vector<std::vector<std::string>> plots = {{"E_kin", "E_diss", "E_total"}, {"E_audit", "W_stiffness"}};
  if (model().gravity != Eigen::Vector2d::Zero()) plots[0].insert(plots[0].begin() + 1, "E_pot");  // else always 0
  std::vector<std::string> gaps;
  for (int i = 0; i < std::min(model().n, 3); ++i) gaps.push_back("gap_wall" + std::to_string(i));
  if (model().n >= 2) gaps.push_back("gap0_1");
  plots.push_back(gaps);
  return plots;
}

void EllipsesScene::sample(std::vector<double>& values) const {
  values.clear();
  values.push_back(world_.time());
  const int n = world_.model().n;
  const int shown = std::min(n, kSeriesBodies);
  for (int i = 0; i < shown; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    values.insert(values.end(), {Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), world_.exact_gap(i, -1)});
  }
  const int paired = std::min(n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j) values.push_back(world_.exact_gap(i, j));
  const double e_kin = kinetic_energy(), e_pot = world_.potential_energy(), e_spring = spring_energy();
  const double e_diss = dissipated_energy(), e_total = e_kin + e_pot + e_spring;
  const double w_k = stiffness_work();
  // E_audit = E_total + E_diss - W_stiffness - E_total(0): zero up to the integration error.
  values.insert(values.end(),
                {e_kin, e_pot, e_spring, e_diss, w_k, e_total, e_total + e_diss - w_k - initial_energy_});
}

Sketch EllipsesScene::sketch(const Palette& palette) const {
  const auto& colors = palette.bodies;
  Sketch s;
  s.view_center = {0, 0};
  s.view_half_height = 1.08 * model().boundary.radius;
  if (model().boundary.kind == BoundaryKind::TypedWall) {
    Vector2d lo = Vector2d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
    for (const auto& loop : model().boundary.wall->curve.loops()) {
      s.lines.push_back({loop, palette.ink, 2.0f});
      s.lines.back().closed = true;
      for (const Vector2d& p : loop) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
      }
    }
    s.view_center = 0.5 * (lo + hi);
    s.view_half_height = 0.55 * std::max(hi.y() - lo.y(), hi.x() - lo.x());
  } else {
    s.circles.push_back({Vector2d(0, 0), model().boundary.radius, 0, palette.ink, 2.0f});
  }
  for (size_t i = 0; i < trails_.size(); ++i) {
    SketchPolyline trail;
    trail.points = trails_[i].points();
    trail.color = with_alpha(colors[i % colors.size()], 0x90);
    trail.width_px = 1.5f;
    trail.fade = true;
    if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  }
  for (int i = 0; i < model().n; ++i) {
    const Coordinates Q = coordinates(i);
    const Rgba color = colors[i % colors.size()];
    s.ellipses.push_back({Q.head<2>(), model().body.a, model().body.b, Q.z(), color, 2.0f});
    s.circles.push_back({Q.head<2>(), 0, color, 0, 1.0f, 2.5f});
    const Vector2d observer = Q.head<2>() + observer_offset(model().body, Q.z());
    // A quarter of the short semi-axis, 1.5 to 4 px: a many-body view keeps its ellipses visible.
    if (model().body.m_o > 0)
      s.circles.push_back({observer, 0.25 * std::min(model().body.a, model().body.b), palette.observer_fill,
                           palette.observer_stroke, 1.0f, 1.5f, 4.0f});
  }
  if (view_.show_contacts)
    for (size_t index : world_.near_contacts()) {
      const ContactState& c = world_.contact_state(index);
      if (!c.active && c.gap > 0.05 * std::min(model().body.a, model().body.b)) continue;
      const PairGeometry r = world_.contact_response(index, PairSearch::Global).geometry;
      if (!r.searched) continue;
      const Rgba color = c.active ? palette.contact : palette.near;
      s.circles.push_back({r.point, 0, color, 0, 1.0f, 3.0f});
      s.arrows.push_back({r.point, r.point + 0.4 * model().body.b * r.normal, color, 1.5f});
    }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{model().boundary.kind == BoundaryKind::TypedWall ? Glyph::Line : Glyph::Ring, palette.ink,
               text("ellipses.legend.wall")},
              {Glyph::Line, colors[0], text("ellipses.legend.ellipse"), text("ellipses.legend.ellipse_one_colour")}};
  if (model().body.m_o > 0) s.legend.push_back({Glyph::Dot, palette.observer_fill, text("ellipses.legend.observer")});
  if (view_.show_contacts) {
    s.legend.push_back({Glyph::Arrow, palette.contact, text("ellipses.legend.contact")});
    s.legend.push_back({Glyph::Arrow, palette.near, text("ellipses.legend.closest")});
  }
  if (view_.trail > 0) s.legend.push_back({Glyph::Line, with_alpha(colors[0], 0x90), text("ellipses.legend.trail")});
  return s;
}

}  // namespace cl
