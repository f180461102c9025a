// What the pile scene shows: the recorded series and the sketch (discs in
// 1D and 2D, shaded spheres seen from an orbiting camera in 3D).
#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "scenes/pile.h"

namespace cl {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

constexpr double kPi = 3.14159265358979323846;

/// Scales the colour channels of 0xRRGGBBAA by `f` (alpha kept).
Rgba shade(Rgba c, double f) {
  auto channel = [&](int shift) {
    const double v = std::clamp(((c >> shift) & 0xff) * f, 0.0, 255.0);
    return static_cast<Rgba>(v) << shift;
  };
  return channel(24) | channel(16) | channel(8) | (c & 0xff);
}

/// Mixes `c` towards white by `f` in [0, 1].
Rgba lighten(Rgba c, double f) {
  auto channel = [&](int shift) {
    const double v = ((c >> shift) & 0xff) * (1 - f) + 255 * f;
    return static_cast<Rgba>(std::clamp(v, 0.0, 255.0)) << shift;
  };
  return channel(24) | channel(16) | channel(8) | (c & 0xff);
}

std::vector<SketchLegendEntry> pile_legend(const Palette& palette, const std::string& walls) {
  using Glyph = SketchLegendEntry::Glyph;
  return {{Glyph::Line, palette.ink, walls}, {Glyph::Dot, palette.bodies[0], text("pile.legend.particle")}};
}

}  // namespace

std::vector<SeriesSpec> PileScene::series() const {
  return {{"t", "s", text("pile.series.t")},
          {"N", "", text("pile.series.n")},
          {"E_kin", "J", text("pile.series.e_kin")},
          {"E_pot", "J", text("pile.series.e_pot")},
          {"E_spring", "J", text("pile.series.e_spring")},
          {"E_total", "J", text("pile.series.e_total"), true},
          {"px", "kg m/s", text("pile.series.px")},
          {"py", "kg m/s", text("pile.series.py")},
          {"pz", "kg m/s", text("pile.series.pz")},
          {"com_height", "m", text("pile.series.com_height")},
          {"pile_height", "m", text("pile.series.pile_height")},
          {"bottom_diameter", "m", text("pile.series.bottom_diameter")},
          {"hits_pp", "", text("pile.series.hits_pp")},
          {"hits_ps", "", text("pile.series.hits_ps")}};
}

std::vector<std::vector<std::string>> PileScene::default_plots() const {
  return {{"E_kin", "E_pot", "E_spring", "E_total"},
          {"px", "pz"},
          {"hits_pp", "hits_ps"},
          {"com_height"},
          {"bottom_diameter", "pile_height"}};
}

void PileScene::sample(std::vector<double>& values) const {
  // The particles and the ellipse among them, if any.
  const double e_kin = particles().kinetic_energy() + world_.kinetic_energy();
  const double e_pot = particles().potential_energy(law().g) + world_.potential_energy();
  const double e_spring = particles().spring_energy() + world_.body_contact_energy();
  Vector3d p = particles().momentum();
  double mass = particles().total_mass();
  double moment = particles().potential_energy(1);  // kg m: the sum of m z
  if (world_.model().n > 0) {
    const Vector2d ellipse = world_.linear_momentum();
    p += Vector3d(ellipse.x(), 0, ellipse.y());
    const double m = world_.model().body.total_mass();
    mass += m;
    moment += m * world_.coordinates(0).y();
  }
  values = {t_,
            static_cast<double>(particles().size()),
            e_kin,
            e_pot,
            e_spring,
            e_kin + e_pot + e_spring,
            p.x(),
            p.y(),
            p.z(),
            mass > 0 ? moment / mass : 0,
            pile_height(),
            bottom_diameter(),
            static_cast<double>(hits_last_bin_.pair),
            static_cast<double>(hits_last_bin_.surface)};
}

Sketch PileScene::sketch(const Palette& palette) const {
  Sketch s;
  const auto& colors = palette.bodies;
  const double r = law().r, w = setup_.width;
  const size_t n = particles().size();
  const double top = std::max({setup_.emit_height + r, setup_.start == Start::Billiard ? w : 0.0, 4 * r});
  const Rgba wall_color = palette.ink;
  if (setup_.dim <= 2) {
    const double left = setup_.dim == 2 ? 0 : -3 * r, right = setup_.dim == 2 ? w : 3 * r;
    SketchPolyline box;
    box.color = wall_color;
    if (setup_.dim == 2) box.points = {{0, top}, {0, 0}, {w, 0}, {w, top}};
    else box.points = {{left, 0}, {right, 0}};
    if (setup_.start == Start::Billiard) box.closed = true;
    s.lines.push_back(std::move(box));
    for (size_t i = 0; i < n; ++i) {
      const Vector3d x = particles().position(i);
      s.circles.push_back({Vector2d(x.x(), x.z()), r, colors[i % colors.size()], 0, 1.0f, 1.5f});
    }
    if (world_.model().n > 0) {  // the ellipse, with its first axis drawn so that it is seen to turn
      const EllipseBody& body = world_.model().body;
      const Coordinates Q = world_.coordinates(0);
      s.ellipses.push_back({Q.head<2>(), body.a, body.b, Q.z(), palette.ink, 2.5f});
      const Vector2d axis(std::cos(Q.z()), std::sin(Q.z()));
      s.lines.push_back({{Q.head<2>() - body.a * axis, Q.head<2>() + body.a * axis}, palette.ink, 1.5f});
    }
    s.view_center = Vector2d(0.5 * (left + right), 0.5 * top);
    s.view_half_height = 0.55 * std::max(top, 1.2 * (right - left));
    s.legend = pile_legend(palette, setup_.dim == 2 ? text("pile.legend.box_2d") : text("pile.legend.floor"));
    if (world_.model().n > 0)
      s.legend.push_back({SketchLegendEntry::Glyph::Ring, palette.ink, text("pile.legend.ellipse")});
    return s;
  }
  // 3D: orthographic view about the box centre, turned by yaw about z and
  // tilted by pitch; spheres drawn back to front as a dark rim, a body and a highlight.
  const double yaw = setup_.view_yaw * kPi / 180, pitch = setup_.view_pitch * kPi / 180;
  const Vector3d centre(0.5 * w, 0.5 * w, 0);
  struct Projected {
    Vector2d screen;
    double depth;  // m, larger is farther
  };
  auto project = [&](const Vector3d& p) {
    const Vector3d q = p - centre;
    const double across = std::cos(yaw) * q.x() - std::sin(yaw) * q.y();
    const double along = std::sin(yaw) * q.x() + std::cos(yaw) * q.y();  // into the screen before the tilt
    return Projected{Vector2d(across, std::sin(pitch) * along + std::cos(pitch) * q.z()),
                     std::cos(pitch) * along - std::sin(pitch) * q.z()};
  };
  auto edge = [&](const Vector3d& a, const Vector3d& b, Rgba color) {
    SketchPolyline line;
    line.points = {project(a).screen, project(b).screen};
    line.color = color;
    line.width_px = 1.5f;
    line.in_front = project(0.5 * (a + b)).depth < 0;  // the nearer half of the box covers the spheres
    s.lines.push_back(std::move(line));
  };
  const Vector3d corners[4] = {{0, 0, 0}, {w, 0, 0}, {w, w, 0}, {0, w, 0}};
  for (int k = 0; k < 4; ++k) {
    edge(corners[k], corners[(k + 1) % 4], wall_color);
    edge(corners[k], corners[k] + Vector3d(0, 0, top), palette.ink_faint);
  }
  std::vector<std::pair<double, size_t>> order(n);
  std::vector<Projected> projected(n);
  for (size_t i = 0; i < n; ++i) {
    projected[i] = project(particles().position(i));
    order[i] = {projected[i].depth, i};
  }
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const Vector2d light(-0.3 * r, 0.35 * r);  // highlight offset: light from the upper left
  s.circles.reserve(3 * n);
  for (const auto& [depth, i] : order) {
    const Rgba base = colors[i % colors.size()];
    const Vector2d c = projected[i].screen;
    s.circles.push_back({c, r, shade(base, 0.55), 0, 1.0f, 1.5f});
    s.circles.push_back({c + 0.25 * light, 0.82 * r, base, 0, 1.0f, 0});
    s.circles.push_back({c + light, 0.28 * r, lighten(base, 0.6), 0, 1.0f, 0});
  }
  s.flat_grid = false;
  s.view_center = Vector2d(0, 0.5 * top * std::cos(pitch));
  s.view_half_height = 0.6 * std::max(top, 1.5 * w);
  s.legend = pile_legend(palette, text("pile.legend.box_3d"));
  return s;
}

}  // namespace cl
