// geometry/ellipse_contact_rates: the closed-form rates of a contact's
// normal angle and radii of curvature against central differences of the
// contact searches themselves (ellipse_ellipse, ellipse_in_circle) moved
// ±1e-5 s along the motion.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <random>
#include "geometry/ellipse_contact.h"
#include "geometry/ellipse_contact_rates.h"

namespace {

/// Uniform numbers in [low, high) from a seeded generator (the tests repeat).
struct Uniform {
  std::mt19937_64 rng;
  explicit Uniform(unsigned seed) : rng(seed) {}
  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(rng); }
};

constexpr double kStep = 1e-5;  // s

cl::Ellipse moved(const cl::Ellipse& e, const cl::EllipseMotion& m, double dt) {
  return {e.center + dt * m.velocity, e.angle + dt * m.spin, e.a, e.b};
}

cl::ContactSearch near(double angle) {
  cl::ContactSearch s;
  s.warm_angle = angle;
  return s;
}

double angle_difference(double a, double b) { return std::remainder(a - b, 2 * M_PI); }

/// Largest of |closed form − central difference| / scale over the three rates.
struct Worst {
  double angle = 0, radius = 0;
};

}  // namespace

TEST_CASE("contact rates: two ellipses, the normal's angle and both radii against central differences") {
  Uniform random(14);
  Worst worst;
  for (int trial = 0; trial < 200; ++trial) {
    const double a = random.uniform(0.5, 2.5), b = random.uniform(0.3, 1.0) * a;
    const cl::Ellipse A{{0, 0}, random.uniform(-M_PI, M_PI), a, b};
    // B placed so the two overlap slightly or nearly touch.
    const double direction = random.uniform(-M_PI, M_PI);
    cl::Ellipse B{{0, 0}, random.uniform(-M_PI, M_PI), a, b};
    const Eigen::Vector2d d(std::cos(direction), std::sin(direction));
    B.center = (cl::support_value(A, d) + cl::support_value(cl::Ellipse{{0, 0}, B.angle, a, b}, -d) +
                random.uniform(-0.05, 0.02)) * d;
    const cl::EllipseMotion ma{{random.uniform(-5, 5), random.uniform(-5, 5)}, random.uniform(-10, 10)};
    const cl::EllipseMotion mb{{random.uniform(-5, 5), random.uniform(-5, 5)}, random.uniform(-10, 10)};
    const cl::ContactGeometry g = cl::ellipse_ellipse(A, B, cl::ContactSearch{});
    const cl::ContactGeometry ahead = cl::ellipse_ellipse(moved(A, ma, kStep), moved(B, mb, kStep), near(g.angle));
    const cl::ContactGeometry behind = cl::ellipse_ellipse(moved(A, ma, -kStep), moved(B, mb, -kStep), near(g.angle));
    const cl::ContactRates r = cl::ellipse_ellipse_rates(cl::EllipseAxes(A), ma, cl::EllipseAxes(B), mb, g.normal);
    const double angle_rate = angle_difference(ahead.angle, behind.angle) / (2 * kStep);
    const double ra = (ahead.radius_a - behind.radius_a) / (2 * kStep), rb = (ahead.radius_b - behind.radius_b) / (2 * kStep);
    worst.angle = std::max(worst.angle, std::abs(r.normal_angle - angle_rate) / (1 + std::abs(angle_rate)));
    worst.radius = std::max(worst.radius, std::abs(r.radius_a - ra) / (1 + std::abs(ra)));
    worst.radius = std::max(worst.radius, std::abs(r.radius_b - rb) / (1 + std::abs(rb)));
  }
  std::printf("ellipse pairs, 200 random: closed form vs central difference (h = 1e-5 s): angle rate %.2e, radius "
              "rates %.2e (relative, +1)\n", worst.angle, worst.radius);
  CHECK(worst.angle <= 1e-5);
  CHECK(worst.radius <= 1e-5);
}

TEST_CASE("contact rates: an ellipse in a circular wall against central differences") {
  Uniform random(15);
  Worst worst;
  for (int trial = 0; trial < 200; ++trial) {
    const double a = random.uniform(0.5, 2.5), b = random.uniform(0.3, 1.0) * a, wall = 8;
    const double at = random.uniform(-M_PI, M_PI), from_origin = random.uniform(0, 5.5 - a);
    const cl::Ellipse e{from_origin * Eigen::Vector2d(std::cos(at), std::sin(at)), random.uniform(-M_PI, M_PI), a, b};
    const cl::EllipseMotion m{{random.uniform(-5, 5), random.uniform(-5, 5)}, random.uniform(-10, 10)};
    const cl::ContactGeometry g = cl::ellipse_in_circle(e, wall, cl::ContactSearch{});
    const cl::ContactGeometry ahead = cl::ellipse_in_circle(moved(e, m, kStep), wall, near(g.angle));
    const cl::ContactGeometry behind = cl::ellipse_in_circle(moved(e, m, -kStep), wall, near(g.angle));
    const cl::ContactRates r = cl::ellipse_in_circle_rates(cl::EllipseAxes(e), m, g.normal);
    const double angle_rate = angle_difference(ahead.angle, behind.angle) / (2 * kStep);
    const double ra = (ahead.radius_a - behind.radius_a) / (2 * kStep);
    worst.angle = std::max(worst.angle, std::abs(r.normal_angle - angle_rate) / (1 + std::abs(angle_rate)));
    worst.radius = std::max(worst.radius, std::abs(r.radius_a - ra) / (1 + std::abs(ra)));
    CHECK(r.radius_b == 0);
  }
  std::printf("ellipses in a circular wall, 200 random: closed form vs central difference: angle rate %.2e, radius "
              "rate %.2e (relative, +1)\n", worst.angle, worst.radius);
  CHECK(worst.angle <= 1e-5);
  CHECK(worst.radius <= 1e-5);
}
