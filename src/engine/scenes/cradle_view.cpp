// What the cradle shows: each ball's velocity and energy, the forces between
// neighbours, the totals, and the sketch.
#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "scenes/cradle.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kLooksSlack = 1e-3;  // of the length: a slack thread drawn as such

}  // namespace

std::vector<SeriesSpec> CradleScene::series() const {
  // Machine names count balls from 0 (v0, F0_1), as the ellipses' do; labels count from 1, as people do.
  std::vector<SeriesSpec> s = {{"t", "s", text("cradle.series.t")}};
  const int n = ball_count();
  for (int i = 0; i < n; ++i)
    s.push_back({"v" + std::to_string(i), "m/s", text("cradle.series.v", {{"i", std::to_string(i + 1)}}), false, "", "", i});
  for (int i = 0; i < n; ++i)
    s.push_back({"E" + std::to_string(i), "J", text("cradle.series.e", {{"i", std::to_string(i + 1)}}), false, "", "", i});
  for (int i = 0; i + 1 < n; ++i)
    s.push_back({"F" + std::to_string(i) + "_" + std::to_string(i + 1), "N",
                 text("cradle.series.f", {{"i", std::to_string(i + 1)}, {"j", std::to_string(i + 2)}})});
  s.insert(s.end(), {{"p", "kg m/s", text("cradle.series.p")},
                     {"E_kin", "J", text("cradle.series.e_kin")},
                     {"E_pot", "J", text("cradle.series.e_pot")},
                     {"E_spring", "J", text("cradle.series.e_spring")},
                     {"E_diss", "J", text("cradle.series.e_diss")},
                     {"E_total", "J", text("cradle.series.e_total"), true}});
  return s;
}

std::vector<std::vector<std::string>> CradleScene::default_plots() const {
  std::vector<std::string> speeds, energies, forces;
  for (int i = 0; i < ball_count(); ++i) {
    speeds.push_back("v" + std::to_string(i));
    energies.push_back("E" + std::to_string(i));
  }
  for (int i = 0; i + 1 < ball_count(); ++i) forces.push_back("F" + std::to_string(i) + "_" + std::to_string(i + 1));
  energies.push_back("E_total");
  return {speeds, energies, forces, {"E_kin", "E_pot", "E_diss", "E_total"}};
}

std::vector<std::string> CradleScene::readout_series() const {
  // Each ball's velocity and the total: 18 numbers for five balls were too many to listen to.
  std::vector<std::string> names;
  for (int i = 0; i < ball_count(); ++i) names.push_back("v" + std::to_string(i));
  names.push_back("E_total");
  return names;
}

std::vector<std::pair<SeriesSpec, double>> CradleScene::summary_values() const {
  // Its energy is constant while it swings free, so the largest is read
  // exactly between samples: the speed at the bottom, sqrt(2 E / m).
  const double mass = model().body_of(ball_count() - 1).total_mass();
  const std::string n = std::to_string(ball_count());
  return {{{"v_last", "m/s", text("cradle.series.v_last", {{"n", n}})}, std::sqrt(2 * last_ball_energy_ / mass)}};
}

void CradleScene::sample(std::vector<double>& values) const {
  const int n = ball_count();
  values.clear();
  values.push_back(time());
  double e_kin = 0, e_pot = 0;
  for (int i = 0; i < n; ++i) values.push_back(velocity(i).x());
  for (int i = 0; i < n; ++i) {
    const double mass = model().body_of(i).total_mass();
    const double kinetic = 0.5 * mass * velocity(i).squaredNorm();
    const double potential = -mass * model().gravity.y() * (position(i).y() - rest_height_);
    values.push_back(kinetic + potential);
    e_kin += kinetic;
    e_pot += potential;
  }
  for (int i = 0; i + 1 < n; ++i) values.push_back(contact_force(i));
  const double e_spring = world_.spring_energy();
  values.insert(values.end(), {momentum(), e_kin, e_pot, e_spring, world_.dissipated_energy(), e_kin + e_pot + e_spring});
}

Sketch CradleScene::sketch(const Palette& palette) const {
  Sketch s;
  const int n = ball_count();
  const double R = model().body.a, L = model().threads[0].length;
  const double half_row = std::abs(model().threads[n - 1].pivot.x()) + R;
  // From a little above the bar to a little below the lowest ball, and the
  // widest swing across: the view fits this box, wide canvas or narrow.
  const double top = 0.1 * L, bottom = -L - R - 0.1 * L;  // m
  s.view_center = Vector2d(0, 0.5 * (top + bottom));
  s.view_half_height = 0.5 * (top - bottom);
  s.view_half_width = 1.1 * std::max(swing_half_width_, half_row + R);
  // The bar the threads hang from.
  s.lines.push_back({{Vector2d(-half_row - R, 0), Vector2d(half_row + R, 0)}, palette.ground, 4.0f});
  // A thread drawn slack is visibly shorter than its length, not one a few micrometres off it between bounces.
  const auto looks_slack = [&](int i) {
    const Thread& thread = model().threads[i];
    return world_.state().slack[i] && (position(i) - thread.pivot).norm() < (1 - kLooksSlack) * thread.length;
  };
  for (int i = 0; i < n; ++i) {
    const Thread& thread = model().threads[i];
    const bool slack = looks_slack(i);
    s.lines.push_back({{thread.pivot, position(i)}, slack ? palette.near : palette.ink, slack ? 1.0f : 1.5f});
  }
  for (int i = 0; i < n; ++i) {
    const Rgba color = palette.bodies[i % palette.bodies.size()];
    s.ellipses.push_back({position(i), R, R, 0, color, 2.0f});
    s.labels.push_back({position(i), std::to_string(i + 1), color});
  }
  bool pressing = false;
  for (int i = 0; i + 1 < n; ++i) {
    const double force = contact_force(i);
    if (force <= 0) continue;
    pressing = true;
    const Vector2d touch = 0.5 * (position(i) + position(i + 1));
    s.circles.push_back({touch, 0, palette.contact, 0, 1.0f, 3.0f});
  }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, palette.ground, text("cradle.legend.bar")},
              {Glyph::Line, palette.ink, text("cradle.legend.thread")},
              {Glyph::Line, palette.bodies[0], text("cradle.legend.balls"), text("cradle.legend.balls_one_colour")}};
  bool any_slack = false;
  for (int i = 0; i < n; ++i) any_slack = any_slack || looks_slack(i);
  if (any_slack) s.legend.push_back({Glyph::Line, palette.near, text("cradle.legend.slack")});
  if (pressing) s.legend.push_back({Glyph::Dot, palette.contact, text("cradle.legend.contact")});
  return s;
}

}  // namespace cl
