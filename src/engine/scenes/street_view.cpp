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
  // The first body's motion and contact, named as when there was one; with
  // more, each in its body's colour, and the others' motion after them
  // (machine names count from 0: x1 is the second body's; labels from 1).
  const int n = model().n;
  const int first = n > 1 ? 0 : -1;
  // In a row the first body's motion is named by its number, as the others' is.
  const auto label = [&](const char* alone, const char* of) {
    return n > 1 ? text(std::string("street.series.") + of, {{"body", "1"}}) : text(std::string("street.series.") + alone);
  };
  std::vector<SeriesSpec> s = {{"t", "s", text("street.series.t")},
                               {"x", "m", label("x", "x_of"), false, "", "", first},
                               {"y", "m", label("y", "y_of"), false, "", "", first},
                               {"q", "rad", text("street.series.q"), false, "", "", first},
                               {"vx", "m/s", label("vx", "vx_of"), false, "", "", first},
                               {"vy", "m/s", text("street.series.vy"), false, "", "", first},
                               {"w", "rad/s", text("street.series.w"), false, "", "", first},
                               {"gap", "m", label("gap", "gap_of"), false, "", "", first},
                               {"contact_x", "m", text("street.series.contact_x"), false, "", "", first},
                               {"penetration", "m", text("street.series.penetration"), false, "", "", first},
                               {"force_n", "N", text("street.series.force_n"), false, "", "", first},
                               {"force_t", "N", text("street.series.force_t"), false, "", "", first}};
  for (int i = 1; i < n; ++i) {
    const std::string k = std::to_string(i), body = std::to_string(i + 1);
    s.insert(s.end(), {{"x" + k, "m", text("street.series.x_of", {{"body", body}}), false, "", "", i},
                       {"y" + k, "m", text("street.series.y_of", {{"body", body}}), false, "", "", i},
                       {"vx" + k, "m/s", text("street.series.vx_of", {{"body", body}}), false, "", "", i},
                       {"gap" + k, "m", text("street.series.gap_of", {{"body", body}}), false, "", "", i}});
  }
  s.insert(s.end(), {{"E_kin", "J", text("street.series.e_kin")},
                     {"E_pot", "J", text("street.series.e_pot")},
                     {"E_spring", "J", text("street.series.e_spring")},
                     {"E_diss", "J", text("street.series.e_diss")},
                     {"W_stiffness", "J", text("street.series.w_stiffness")},
                     {"E_total", "J", text("street.series.e_total"), true},
                     {"E_audit", "J", text("street.series.e_audit"), false, "E_total"}});
  return s;
}

std::vector<std::vector<std::string>> StreetScene::default_plots() const {
  const std::vector<std::string> energies = {"E_kin", "E_pot", "E_spring", "E_diss", "E_total"};
  if (model().n == 1) return {{"x", "y", "q"}, {"gap", "penetration"}, energies, {"E_audit", "W_stiffness"}, {"force_n", "force_t"}};
  // A row: where each body is and how far above the street, side by side.
  std::vector<std::string> xs = {"x"}, gaps = {"gap"};
  for (int i = 1; i < model().n; ++i) {
    xs.push_back("x" + std::to_string(i));
    gaps.push_back("gap" + std::to_string(i));
  }
  return {xs, gaps, energies, {"E_audit", "W_stiffness"}};
}

void StreetScene::sample(std::vector<double>& values) const {
  const Coordinates Q = coordinates();
  const Velocities V = velocities();
  const ContactResponse r = world_.contact_response(0, PairSearch::Follow);
  const PairGeometry& g = r.geometry;
  const double e_kin = kinetic_energy(), e_pot = potential_energy();
  const double e_spring = model().n == 1 ? r.elastic_energy : spring_energy();
  const double e_total = e_kin + e_pot + e_spring;
  // The world gives the friction on the street; the series shows the one on the ellipse.
  values.assign({time(), Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), g.gap, g.warm, std::max(0.0, -g.gap), r.force,
                 -r.friction});
  for (int i = 1; i < model().n; ++i) {
    const Coordinates Q_i = world_.coordinates(i);
    const double gap = world_.contact_response(static_cast<size_t>(i), PairSearch::Follow).geometry.gap;
    values.insert(values.end(), {Q_i.x(), Q_i.y(), world_.velocities(i).x(), gap});
  }
  values.insert(values.end(), {e_kin, e_pot, e_spring, dissipated_energy(), stiffness_work(), e_total,
                               e_total + dissipated_energy() - stiffness_work() - initial_energy_});
}

Sketch StreetScene::sketch(const Palette& palette) const {
  const Rgba body = palette.bodies[0];
  Sketch s;
  const Coordinates Q = coordinates();
  s.view_center = view_.follow ? Vector2d(Q.head<2>()) : home_view_;
  s.view_half_height = view_half_height_;
  s.view_half_width = view_.follow ? 0.0 : view_half_width_;
  s.view_follows = view_.follow;
  // The street over a wide view (any canvas aspect up to 4:1).
  SketchPolyline ground;
  ground.color = palette.ground;
  ground.width_px = 2.5f;
  const double half_width = std::max(4 * view_half_height_, 2 * view_half_width_);
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
  // The seed's crosshair at the closest potential contact point (of the one
  // body: a row of them would cross the street all over).
  const int n = model().n;
  const PairGeometry g = world_.contact_response(0, PairSearch::Follow).geometry;
  if (g.searched && n == 1) {
    const Vector2d p = g.point_b;
    const double arm = 0.6 * std::max(model().body.a, model().body.b);
    const Rgba cross = with_alpha(palette.near, 0xc0);
    s.lines.push_back({{p - Vector2d(arm, 0), p + Vector2d(arm, 0)}, cross, 1.0f});
    s.lines.push_back({{p - Vector2d(0, arm), p + Vector2d(0, arm)}, cross, 1.0f});
  }
  for (int i = 0; i < n; ++i) {
    const Coordinates Q_i = world_.coordinates(i);
    const Rgba colour = palette.bodies[i % palette.bodies.size()];
    s.ellipses.push_back({Q_i.head<2>(), model().body.a, model().body.b, Q_i.z(), colour, 2.0f});
    s.circles.push_back({Q_i.head<2>(), 0, palette.marker, 0, 1.0f, 2.5f});
    if (model().body.m_o > 0)
      s.circles.push_back({Q_i.head<2>() + observer_offset(model().body, Q_i.z()), 0, palette.observer_fill,
                           palette.observer_stroke, 1.0f, 4.0f});
  }
  // Contacts in progress: the street's under each body, and the pairs'.
  const auto mark_contact = [&](const PairGeometry& contact) {
    if (!contact.searched || contact.gap > 0) return;
    s.circles.push_back({contact.point_b, 0, palette.contact, 0, 1.0f, 3.0f});
    s.arrows.push_back({contact.point_b, contact.point_b + 0.4 * model().body.b * (-contact.normal), palette.contact, 1.5f});
  };
  mark_contact(g);
  for (int i = 1; i < n; ++i) mark_contact(world_.contact_response(static_cast<size_t>(i), PairSearch::Follow).geometry);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (const auto index = world_.find_contact(i, j)) mark_contact(world_.contact_response(*index, PairSearch::Follow).geometry);
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, palette.ground, text("street.legend.street")},
              {Glyph::Line, body, text(model().n > 1 ? "street.legend.bodies" : "street.legend.ellipse")},
              {Glyph::Dot, palette.marker, text("street.legend.centre")}};
  if (model().body.m_o > 0) s.legend.push_back({Glyph::Dot, palette.observer_fill, text("street.legend.observer")});
  if (n == 1) s.legend.push_back({Glyph::Cross, palette.near, text("street.legend.closest")});
  s.legend.push_back({Glyph::Arrow, palette.contact, text("street.legend.contact")});
  if (view_.trail > 0) s.legend.push_back({Glyph::Line, with_alpha(body, 0x90), text("street.legend.trail")});
  return s;
}

}  // namespace cl
