// world/disc_flights.h: discs under the impulse law in a typed wall, flown
// from event to event. Measured against closed forms: the drop onto the
// bottom of a circle, a head-on pair, the energy an impact takes; a disc
// whose bounces die away slides and rests, where the world's islands stop;
// a copy of the state goes on as the original; a change of gravity keeps
// the discs where they are.
#include <cmath>
#include <cstdio>

#include <doctest/doctest.h>

#include "support/disc.h"
#include "world/world.h"

namespace {

constexpr double kRadius = 0.3;     // m, of a disc
constexpr double kWallRadius = 15;  // m, of the circle x^2 + y^2 = 15^2

/// n discs of 2 kg under the impulse law with restitution e inside the circle, gravity g (m/s², downwards).
cl::WorldModel discs_in_circle(int n, double e, double g) {
  cl::WorldModel m;
  m.n = n;
  m.body = test::disc(2, kRadius);
  m.boundary.kind = cl::BoundaryKind::TypedWall;
  std::shared_ptr<const cl::TypedWall> wall;
  REQUIRE_FALSE(cl::TypedWall::build("x^2 + y^2 - 15^2", 20, wall));
  m.boundary.wall = wall;
  m.gravity = Eigen::Vector2d(0, -g);
  m.contact.impulse = true;
  m.contact.restitution = e;
  return m;
}

/// y = [Q, V] of discs at the given centres (m) and velocities (m/s).
cl::Vec discs_at(const std::vector<Eigen::Vector2d>& centres, const std::vector<Eigen::Vector2d>& velocities) {
  const int n = static_cast<int>(centres.size());
  cl::Vec y = cl::Vec::Zero(6 * n);
  for (int i = 0; i < n; ++i) {
    y.segment<2>(3 * i) = centres[i];
    y.segment<2>(3 * (n + i)) = velocities[i];
  }
  return y;
}

double mechanical_energy(const cl::World& world) { return world.kinetic_energy() + world.potential_energy(); }

}  // namespace

TEST_CASE("disc flights: the world flies equal discs under impulses in a typed wall, and nothing else") {
  const cl::WorldModel flying = discs_in_circle(2, 1, 9.8);
  CHECK(cl::flies_discs(flying));
  cl::WorldModel m = flying;
  m.body.a = 0.4;  // an ellipse: its impacts set it spinning
  CHECK_FALSE(cl::flies_discs(m));
  m = flying;
  m.contact.impulse = false;
  CHECK_FALSE(cl::flies_discs(m));
  m = flying;
  m.contact.stepping = cl::Stepping::Global;  // the reference keeps the islands
  CHECK_FALSE(cl::flies_discs(m));
  m = flying;
  m.mass_factors = {1, 2};
  CHECK_FALSE(cl::flies_discs(m));
  m = flying;
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = kWallRadius;
  CHECK_FALSE(cl::flies_discs(m));
  m = flying;
  m.threads.assign(2, cl::Thread{true, {0, 0}, 5, 0});
  CHECK_FALSE(cl::flies_discs(m));
}

TEST_CASE("disc flights: a drop onto the circle's bottom hits at the closed-form time and speed, and keeps e") {
  const double g = 9.8, y0 = 5;  // m/s², m
  for (const double e : {1.0, 0.5}) {
    cl::World world;
    REQUIRE_FALSE(world.start(discs_in_circle(1, e, g), 0, discs_at({{0, y0}}, {{0, 0}})));
    cl::WorldEvents events;
    REQUIRE_FALSE(world.advance_to(2.5, events));
    REQUIRE(!events.impacts.empty());
    const cl::FinishedImpact& hit = events.impacts.front();
    const double drop = y0 + kWallRadius - kRadius;  // m, the centre falls to r above the bottom
    const double t_exact = std::sqrt(2 * drop / g), v_exact = std::sqrt(2 * g * drop);
    std::printf("disc flights, e = %g: first hit at %.15g s (exact %.15g), %.15g m/s (exact %.15g), rebound %.15g\n", e,
                hit.summary.onset, t_exact, hit.summary.impact_speed, v_exact, hit.summary.rebound_speed);
    CHECK(hit.j == -1);
    CHECK(std::abs(hit.summary.onset - t_exact) < 1e-11);
    CHECK(std::abs(hit.summary.impact_speed - v_exact) < 1e-9);
    CHECK(std::abs(hit.summary.rebound_speed - e * hit.summary.impact_speed) < 1e-12);
    CHECK(std::abs(hit.onset_point.y() + kWallRadius) < 1e-9);  // the wall's point, not the centre
    CHECK(std::abs(hit.onset_normal.y() + 1) < 1e-12);          // from the disc into the wall
    // The impact's energy loss goes to the dissipated work: the audit closes.
    const double lost = 0.5 * 2 * (1 - e * e) * v_exact * v_exact;  // J
    std::printf("  dissipated %.15g J (exact %.15g), E + E_diss - E0 = %.3g J\n", world.dissipated_energy(), lost,
                mechanical_energy(world) + world.dissipated_energy() - 2 * g * y0);
    CHECK(std::abs(world.dissipated_energy() - lost) < 1e-8);
    CHECK(std::abs(mechanical_energy(world) + world.dissipated_energy() - 2 * g * y0) < 1e-8);
  }
}

TEST_CASE("disc flights: two discs head on swap their velocities at the closed-form time") {
  cl::World world;
  const double v = 2, d = 4;  // m/s each, m between centres
  REQUIRE_FALSE(world.start(discs_in_circle(2, 1, 0), 0, discs_at({{-d / 2, 0}, {d / 2, 0}}, {{v, 0}, {-v, 0}})));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(1.5, events));
  REQUIRE(events.impacts.size() == 1);
  const cl::FinishedImpact& c = events.impacts.front();
  const double t_exact = (d - 2 * kRadius) / (2 * v);
  std::printf("disc flights: head-on pair meets at %.15g s (exact %.15g), approach %.15g m/s, rebound %.15g\n",
              c.summary.onset, t_exact, c.summary.impact_speed, c.summary.rebound_speed);
  CHECK(c.i == 0);
  CHECK(c.j == 1);
  CHECK(std::abs(c.summary.onset - t_exact) < 1e-12);
  CHECK(std::abs(c.summary.impact_speed - 2 * v) < 1e-12);
  CHECK(std::abs(c.summary.rebound_speed - 2 * v) < 1e-12);
  CHECK(std::abs(world.velocities(0).x() + v) < 1e-12);
  CHECK(std::abs(world.velocities(1).x() - v) < 1e-12);
  CHECK(std::abs(world.coordinates(0).x() - (-d / 2 + v * t_exact - v * (1.5 - t_exact))) < 1e-12);
}

TEST_CASE("disc flights: a disc whose bounces die away rests at the bottom, where the islands stop the run") {
  const double g = 9.8;
  const cl::Vec start = discs_at({{0, 0}}, {{0, 0}});
  cl::World world;
  REQUIRE_FALSE(world.start(discs_in_circle(1, 0.5, g), 0, start));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(30, events));
  const Eigen::Vector2d p = world.coordinates(0).head<2>(), v = world.velocities(0).head<2>();
  std::printf("disc flights, e = 0.5, dropped at the middle: %zu hits; at 30 s at (%.3g, %.12g) m, |v| = %.3g m/s\n",
              events.impacts.size(), p.x(), p.y(), v.norm());
  // Bounce k leaves at e^k v0; the first below sqrt(2 g 1e-3 r), a hop of
  // 1e-3 r, ends the bouncing (disc_flight_wall.cpp).
  const double v0 = std::sqrt(2 * g * (kWallRadius - kRadius)), v_settle = std::sqrt(2 * g * 1e-3 * kRadius);
  const size_t bounces = static_cast<size_t>(std::ceil(std::log(v_settle / v0) / std::log(0.5)));
  std::printf("  expected %zu hits: 0.5^k %.4g m/s < %.4g m/s first at k = %zu\n", bounces, v0, v_settle, bounces);
  CHECK(events.impacts.size() == bounces);
  CHECK(std::abs(p.x()) < 1e-9);
  CHECK(std::abs(p.y() + (kWallRadius - kRadius)) < 1e-5);  // resting on the wall, r above it
  CHECK(v.norm() == 0);
  CHECK(world.state().flights.discs[0].asleep);

  cl::WorldModel islands = discs_in_circle(1, 0.5, g);
  islands.contact.stepping = cl::Stepping::Global;  // not flown: impulses cannot hold it
  cl::World stopped;
  REQUIRE_FALSE(stopped.start(islands, 0, start));
  cl::WorldEvents stopped_events;
  const auto error = stopped.advance_to(30, stopped_events);
  REQUIRE(error);
  std::printf("  the same disc in islands: \"%s\"\n", error->c_str());
}

TEST_CASE("disc flights: a disc that settles on the side of the bowl slides on it, frictionless, keeping its energy") {
  const double g = 9.8;
  cl::World world;
  REQUIRE_FALSE(world.start(discs_in_circle(1, 0.5, g), 0, discs_at({{4, 0}}, {{0, 0}})));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(10, events));  // bounces die away within 10 s
  REQUIRE(world.state().flights.discs[0].sliding);
  const double e0 = mechanical_energy(world);
  double worst_gap = 0, worst_energy = 0;  // m, J
  for (double t = 10.1; t <= 30; t += 0.1) {
    REQUIRE_FALSE(world.advance_to(t, events));
    const Eigen::Vector2d p = world.coordinates(0).head<2>();
    worst_gap = std::max(worst_gap, std::abs(kWallRadius - kRadius - p.norm()));
    worst_energy = std::max(worst_energy, std::abs(mechanical_energy(world) - e0));
  }
  std::printf("disc flights, sliding in the bowl 10-30 s: off the wall by at most %.3g m, energy within %.3g J of "
              "%.6g J (%.3g J above the bottom), %zu corrections\n",
              worst_gap, worst_energy, e0, e0 - 2 * g * -(kWallRadius - kRadius), events.corrections.size());
  // Sliding is substepped (2 ms, semi-implicit Euler, the normal velocity
  // projected away): first order, it loses energy steadily. Measured: 2.6e-5 r
  // off the wall, 0.047 J/s, 2.8 % of the 34 J above the bottom over 20 s.
  CHECK(worst_gap < 1e-4 * kRadius);
  CHECK(worst_energy < 4e-2 * (e0 - 2 * g * -(kWallRadius - kRadius)));
  CHECK(mechanical_energy(world) <= e0);  // lost, never gained
}

TEST_CASE("disc flights: a copy of the state goes on as the original, bit for bit") {
  const cl::WorldModel model = discs_in_circle(3, 0.9, 9.8);
  const cl::Vec start = discs_at({{-5, 2}, {0, 0}, {5, -3}}, {{3, 1}, {-1, 4}, {2, -2}});
  cl::World original;
  REQUIRE_FALSE(original.start(model, 0, start));
  cl::WorldEvents events;
  REQUIRE_FALSE(original.advance_to(1.3, events));
  cl::World copy;
  REQUIRE_FALSE(copy.start(model, 0, start));
  copy.restore(original.state());
  cl::WorldEvents a, b;
  REQUIRE_FALSE(original.advance_to(6, a));
  REQUIRE_FALSE(copy.advance_to(6, b));
  std::printf("disc flights: original and restored copy, 1.3 to 6 s: %zu and %zu impacts\n", a.impacts.size(),
              b.impacts.size());
  CHECK(a.impacts.size() == b.impacts.size());
  CHECK(a.impacts.size() >= 5);
  CHECK(original.state().y == copy.state().y);
}

TEST_CASE("disc flights: a change of gravity keeps the discs where they are and bends their flights from there") {
  cl::WorldModel model = discs_in_circle(1, 1, 9.8);
  cl::World world;
  REQUIRE_FALSE(world.start(model, 0, discs_at({{0, 0}}, {{1, 0}})));
  cl::WorldEvents events;
  REQUIRE_FALSE(world.advance_to(0.5, events));
  const cl::Coordinates before = world.coordinates(0);
  const cl::Velocities v_before = world.velocities(0);
  model.gravity = Eigen::Vector2d(0, 0);
  world.set_model(model);
  CHECK(world.coordinates(0) == before);
  REQUIRE_FALSE(world.advance_to(0.9, events));
  // Weightless from 0.5 s: a straight line.
  const Eigen::Vector2d expected = before.head<2>() + 0.4 * v_before.head<2>();
  std::printf("disc flights: gravity off at 0.5 s; at 0.9 s off the straight line by %.3g m\n",
              (world.coordinates(0).head<2>() - expected).norm());
  CHECK((world.coordinates(0).head<2>() - expected).norm() < 1e-12);
}

TEST_CASE("disc flights: a start touching the wall or another disc is a closed contact") {
  cl::World world;
  REQUIRE_FALSE(world.start(discs_in_circle(2, 1, 9.8), 0, discs_at({{0, -14.8}, {3, 0}}, {{0, 0}, {0, 0}})));
  REQUIRE(world.closed_contact());
  CHECK(*world.closed_contact() == std::pair(0, -1));
  REQUIRE_FALSE(world.start(discs_in_circle(2, 1, 9.8), 0, discs_at({{0, 0}, {0.5, 0}}, {{0, 0}, {0, 0}})));
  REQUIRE(world.closed_contact());
  CHECK(*world.closed_contact() == std::pair(0, 1));
  REQUIRE_FALSE(world.start(discs_in_circle(2, 1, 9.8), 0, discs_at({{0, 0}, {0.7, 0}}, {{0, 0}, {0, 0}})));
  CHECK_FALSE(world.closed_contact());
}
