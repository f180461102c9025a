// Where the pile's particles start and what holds them: the box's walls,
// the grid's bounds, and the block and billiard starts.
#include <algorithm>
#include <cmath>

#include "core/number_format.h"
#include "core/random.h"
#include "core/text.h"
#include "scenes/pile.h"

namespace cl {
namespace {

using Eigen::Vector3d;

constexpr double kBlockGap = 1.05;  // block start: centre spacing in units of 2r

// The billiard of seed 003's momentum test (2D, g = 0, a closed box): masses
// (kg), positions (in units of the box width) and velocities (m/s) chosen so
// that E_kin = 12.5 J and p = (-5, 0) kg m/s at the start.
struct BilliardBall {
  double m, x, z, vx, vz;
};
constexpr BilliardBall kBilliard[] = {
    {1.0, 0.80, 0.50, -4.0, 1.0},  {2.0, 0.50, 0.45, -1.0, 0.0}, {0.5, 0.25, 0.55, 2.0, -2.0},
    {1.0, 0.55, 0.80, 0.0, 1.0},   {1.0, 0.45, 0.20, 0.0, -1.0},
};

}  // namespace

std::vector<SurfacePlane> PileScene::box_surfaces(const Setup& setup) {
  std::vector<SurfacePlane> s = {{Vector3d::UnitZ(), 0}};  // the ground
  const double w = setup.width;
  if (setup.dim >= 2) s.insert(s.end(), {{Vector3d::UnitX(), 0}, {-Vector3d::UnitX(), -w}});
  if (setup.dim == 3) s.insert(s.end(), {{Vector3d::UnitY(), 0}, {-Vector3d::UnitY(), -w}});
  if (setup.start == Start::Billiard) s.push_back({-Vector3d::UnitZ(), -w});  // a closed table
  return s;
}

double PileScene::block_top(const Setup& setup, double r) {
  const double w = setup.width;
  const int per_row = setup.dim >= 2 ? static_cast<int>(std::floor((w - 2 * r) / (2 * r * kBlockGap))) + 1 : 1;
  // In a wide 3D box (1e4 m of 0.01 m particles) a layer holds more than an int counts.
  const long long per_layer = setup.dim == 3 ? static_cast<long long>(per_row) * per_row : per_row;
  return (setup.n_max / per_layer + 1) * 2 * r * kBlockGap;
}

std::optional<std::string> PileScene::check_ellipse_start(const Setup& setup, const EllipseBody& body, double r) {
  if (setup.dim != 2) return text("pile.ellipse_dim");
  const double reach = std::max(body.a, body.b);  // m, from its centre
  if (setup.width <= 2 * reach) return text("pile.ellipse_box", {{"width", format_number(2 * reach)}});
  const double top = block_top(setup, r);
  if (setup.emit_height - reach <= top)
    return text("pile.ellipse_low", {{"height", format_number(setup.emit_height)},
                                     {"lowest", format_number(round_significant(top + reach, 3))}});
  return std::nullopt;
}

UniformGrid::Bounds PileScene::grid_bounds(const Setup& setup, double r) {
  // The box up to its highest start (emitter, block or billiard lid), with
  // room around it: a run stays inside, so the grid is exactly the points'
  // own; particles flung beyond count in the boundary cells.
  const double w = setup.width;
  const double height = std::max({setup.emit_height + r, block_top(setup, r), w, 4 * r});
  return {Vector3d(-w, -w, -height), Vector3d(2 * w, 2 * w, 4 * height)};
}

std::optional<std::string> PileScene::place_start(std::mt19937_64& rng) {
  const double r = law().r, w = setup_.width;
  const double centre = setup_.dim >= 2 ? 0.5 * w : 0;
  switch (setup_.start) {
    case Start::Emitter:
      return std::nullopt;
    case Start::Ball: {
      // Thrown sideways at 1 m/s in 2D and 3D, so the walls take part.
      const Vector3d v(setup_.dim >= 2 ? 1.0 : 0.0, 0, 0);
      world_.add_particle(Vector3d(centre, setup_.dim == 3 ? centre : 0, setup_.emit_height), v, setup_.m);
      return std::nullopt;
    }
    case Start::Billiard:
      for (const BilliardBall& b : kBilliard)
        world_.add_particle(Vector3d(b.x * w, 0, b.z * w), Vector3d(b.vx, 0, b.vz), b.m);
      return std::nullopt;
    case Start::Block:
    case Start::Ellipse: {  // the ellipse is a body of the world, placed by reset()
      const double spacing = 2 * r * kBlockGap;
      const int per_row = setup_.dim >= 2 ? static_cast<int>(std::floor((w - 2 * r) / spacing)) + 1 : 1;
      const long long per_layer = setup_.dim == 3 ? static_cast<long long>(per_row) * per_row : per_row;
      for (int i = 0; i < setup_.n_max; ++i) {
        const int layer = static_cast<int>(i / per_layer), k = static_cast<int>(i % per_layer);
        auto jitter = [&] { return (2 * unit_random(rng) - 1) * 0.01 * r; };
        Vector3d x(0, 0, r * kBlockGap + layer * spacing);
        if (setup_.dim >= 2) x.x() = r + (k % per_row) * spacing + jitter();
        if (setup_.dim == 3) x.y() = r + (k / per_row) * spacing + jitter();
        world_.add_particle(x.cwiseMax(Vector3d(0, 0, 0)), Vector3d::Zero(), setup_.m);
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace cl
