// world/contact_response.cpp: what one contact does at a state. A disc
// pressed into the circular wall by δ, at rest: the pure Hertz force
// k0 δ^{3/2} with k0 from the disc's and the (concave) wall's radii and
// materials, the elastic energy 2/5 k0 δ^{5/2}, the normal from the disc to
// the wall; sliding along the wall, the seeds' speed-proportional friction
// opposes the slip; two discs pressed together: the same law, their own radii.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kR = 0.2;     // m, the discs' radius
constexpr double kWall = 2;    // m, the wall's radius
constexpr double kDepth = 1e-3;  // m, how far the disc is pressed in

cl::WorldModel discs(int n, cl::BoundaryKind boundary) {
  cl::WorldModel m;
  m.n = n;
  m.body = test::disc(1.5, kR);
  m.boundary.kind = boundary;
  m.boundary.radius = kWall;
  m.boundary.material = {2e8, 0.3};
  m.body_material = {5e7, 0.25};
  m.contact.law = cl::NormalLaw::Hertz;
  return m;
}

/// The disc at x (m) along +x, moving at v_tangential (m/s) along +y.
cl::Vec at(double x, double v_tangential) {
  cl::Vec y = cl::Vec::Zero(6);
  y[0] = x;
  y[4] = v_tangential;
  return y;
}

}  // namespace

TEST_CASE("contact response: a disc pressed into the wall feels k0 δ^{3/2} along the normal, and holds 2/5 k0 δ^{5/2}") {
  cl::World world;
  const cl::WorldModel model = discs(1, cl::BoundaryKind::CircleWall);
  REQUIRE_FALSE(world.start(model, 0, at(kWall - kR + kDepth, 0)));
  const cl::ContactResponse r = world.contact_response(0, cl::PairSearch::Global);
  const cl::HertzStiffness k =
      cl::hertz_stiffness(model.body_material, kR, model.boundary.material, -kWall, kR);
  REQUIRE(k.ok());
  const double force = k.stiffness * std::pow(kDepth, 1.5), energy = 0.4 * k.stiffness * std::pow(kDepth, 2.5);
  std::printf("contact response: depth %.6e m (gap %.6e), force %.10e N (closed form %.10e), energy %.6e J (%.6e), "
              "normal (%.3f, %.3f)\n",
              kDepth, r.geometry.gap, r.force, force, r.elastic_energy, energy, r.geometry.normal.x(),
              r.geometry.normal.y());
  CHECK(std::abs(-r.geometry.gap - kDepth) <= 1e-12);
  CHECK(std::abs(r.force - force) <= 1e-9 * force);
  CHECK(std::abs(r.elastic_energy - energy) <= 1e-9 * energy);
  CHECK(std::abs(r.stiffness - k.stiffness) <= 1e-9 * k.stiffness);
  CHECK((r.geometry.normal - Eigen::Vector2d(1, 0)).norm() <= 1e-12);  // from the disc out to the wall
  CHECK(r.rate == 0);  // at rest
  CHECK(r.friction == 0);
  CHECK(r.dissipated_power == 0);  // pure Hertz: nothing lost
}

TEST_CASE("contact response: sliding along the wall, speed-proportional friction opposes the slip") {
  cl::WorldModel model = discs(1, cl::BoundaryKind::CircleWall);
  model.contact.friction.speed_coefficient = 0.2;  // s/m
  const double slip = 0.5;  // m/s along +y, the wall's tangent there
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, at(kWall - kR + kDepth, slip)));
  const cl::ContactResponse r = world.contact_response(0, cl::PairSearch::Global);
  // On B (the wall) along (−n_y, n_x) = (0, 1): the wall is dragged along the
  // slip, so the disc is pulled back against it; |f_t| = μ_v |v_slip| f_n.
  const double expected = 0.2 * slip * r.force;
  std::printf("contact response: slip %.2f m/s, friction on the wall %.10e N (mu_v v f_n = %.10e), dissipating %.6e W\n",
              slip, r.friction, expected, r.dissipated_power);
  CHECK(std::abs(r.friction - expected) <= 1e-9 * expected);
  CHECK(std::abs(r.dissipated_power - expected * slip) <= 1e-9 * expected * slip);
}

TEST_CASE("contact response: two discs pressed together feel the Hertz force of their two convex radii") {
  cl::World world;
  const cl::WorldModel model = discs(2, cl::BoundaryKind::None);
  cl::Vec y = cl::Vec::Zero(12);
  y[3] = 2 * kR - kDepth;  // the second disc, overlapping the first by kDepth along x
  REQUIRE_FALSE(world.start(model, 0, y));
  const std::optional<size_t> index = world.find_contact(0, 1);
  REQUIRE(index);
  const cl::ContactResponse r = world.contact_response(*index, cl::PairSearch::Global);
  const cl::HertzStiffness k = cl::hertz_stiffness(model.body_material, kR, model.body_material, kR, kR);
  REQUIRE(k.ok());
  const double force = k.stiffness * std::pow(kDepth, 1.5);
  std::printf("contact response: pair overlap %.6e m, force %.10e N (closed form %.10e)\n", -r.geometry.gap, r.force,
              force);
  CHECK(std::abs(r.force - force) <= 1e-9 * force);
  CHECK((r.geometry.normal - Eigen::Vector2d(1, 0)).norm() <= 1e-12);  // from the first to the second
}
