// What the street scene shows: the recorded series and the sketch.
#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "scenes/street.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr size_t kTrailPoints = 600;

}  // namespace

void StreetScene::remember_trail() {
  trail_.add(time(), coordinates().head<2>(), view_.trail, kTrailPoints);
}

std::vector<SeriesSpec> StreetScene::series() const {
  return {{"t", "s", text("street.series.t")},
          {"x", "m", text("street.series.x")},
          {"y", "m", text("street.series.y")},
          {"q", "rad", text("street.series.q")},
          {"vx", "m/s", text("street.series.vx")},
          {"vy", "m/s", text("street.series.vy")},
          {"w", "rad/s", text("street.series.w")},
          {"gap", "m", text("street.series.gap")},
          {"contact_x", "m", text("street.series.contact_x")},
          {"penetration", "m", text("street.series.penetration")},
          {"force_n", "N", text("street.series.force_n")},
          {"force_t", "N", text("street.series.force_t")},
          {"E_kin", "J", text("street.series.e_kin")},
          {"E_pot", "J", text("street.series.e_pot")},
          {"E_spring", "J", text("street.series.e_spring")},
          {"E_diss", "J", text("street.series.e_diss")},
          {"W_stiffness", "J", text("street.series.w_stiffness")},
          {"E_total", "J", text("street.series.e_total"), true},
          {"E_audit", "J", text("street.series.e_audit"), false, "E_total"}};
}

std::vector<std::vector<std::string>> StreetScene::default_plots() const {
  return {{"x", "y", "q"}, {"gap", "penetration"}, {"E_kin", "E_pot", "E_spring", "E_diss", "E_total"},
          {"E_audit", "W_stiffness"}, {"force_n", "force_t"}};
}

void StreetScene::sample(std::vector<double>& values) const {
  const Coordinates Q = coordinates();
  const Velocities V = velocities();
  const ContactResponse r = world_.contact_response(0, PairSearch::Follow);
  const PairGeometry& g = r.geometry;
  const double e_kin = kinetic_energy(), e_pot = potential_energy(), e_spring = r.elastic_energy;
  const double e_total = e_kin + e_pot + e_spring;
  // The world gives the friction on the street; the series shows the one on the ellipse.
  values.assign({time(), Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), g.gap, g.warm,
                 std::max(0.0, -g.gap), r.force, -r.friction, e_kin, e_pot, e_spring, dissipated_energy(),
                 stiffness_work(), e_total, e_total + dissipated_energy() - stiffness_work() - initial_energy_});
}

Sketch StreetScene::sketch(const Palette& palette) const {
  const Rgba body = palette.bodies[0];
  Sketch s;
  const Coordinates Q = coordinates();
  s.view_center = view_.follow ? Vector2d(Q.head<2>()) : home_view_;
  s.view_half_height = view_half_height_;
  s.view_follows = view_.follow;
  // The street over a wide view (any canvas aspect up to 4:1).
  SketchPolyline ground;
  ground.color = palette.ground;
  ground.width_px = 2.5f;
  const double half_width = 4 * view_half_height_;
  constexpr int kStreetPoints = 800;
  for (int k = 0; k <= kStreetPoints; ++k) {
    const double x = s.view_center.x() - half_width + 2 * half_width * k / kStreetPoints;
    const double h = street().height(x);
    if (std::isfinite(h)) ground.points.push_back({x, h});
  }
  s.lines.push_back(std::move(ground));
  SketchPolyline trail;
  trail.points = trail_.points();
  trail.color = with_alpha(body, 0x90);
  trail.width_px = 1.5f;
  trail.fade = true;
  if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  // The seed's crosshair at the closest potential contact point.
  const PairGeometry g = world_.contact_response(0, PairSearch::Follow).geometry;
  if (g.searched) {
    const Vector2d p = g.point_b;
    const double arm = 0.6 * std::max(model().body.a, model().body.b);
    const Rgba cross = with_alpha(palette.near, 0xc0);
    s.lines.push_back({{p - Vector2d(arm, 0), p + Vector2d(arm, 0)}, cross, 1.0f});
    s.lines.push_back({{p - Vector2d(0, arm), p + Vector2d(0, arm)}, cross, 1.0f});
  }
  s.ellipses.push_back({Q.head<2>(), model().body.a, model().body.b, Q.z(), body, 2.0f});
  s.circles.push_back({Q.head<2>(), 0, palette.marker, 0, 1.0f, 2.5f});
  if (model().body.m_o > 0)
    s.circles.push_back({Q.head<2>() + observer_offset(model().body, Q.z()), 0, palette.observer_fill, palette.observer_stroke, 1.0f, 4.0f});
  if (g.searched && g.gap <= 0) {
    const Vector2d p = g.point_b;
    s.circles.push_back({p, 0, palette.contact, 0, 1.0f, 3.0f});
    s.arrows.push_back({p, p + 0.4 * model().body.b * (-g.normal), palette.contact, 1.5f});
  }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, palette.ground, text("street.legend.street")},
              {Glyph::Line, body, text("street.legend.ellipse")},
              {Glyph::Dot, palette.marker, text("street.legend.centre")}};
  if (model().body.m_o > 0) s.legend.push_back({Glyph::Dot, palette.observer_fill, text("street.legend.observer")});
  s.legend.push_back({Glyph::Cross, palette.near, text("street.legend.closest")});
  s.legend.push_back({Glyph::Arrow, palette.contact, text("street.legend.contact")});
  if (view_.trail > 0) s.legend.push_back({Glyph::Line, with_alpha(body, 0x90), text("street.legend.trail")});
  return s;
}

}  // namespace cl
