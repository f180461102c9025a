// Ellipse contacts measured against brute force: 10,000 random pairs (both
// orders) against a dense minimisation of h_A(n) + h_B(−n) over 20,000
// angles; separated pairs against their own support points and against
// densely sampled boundaries; overlapping pairs by pushing B out by the
// depth; 10,000 ellipses in a circular wall against their farthest
// boundary point; circles against the centre-distance formulas.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "geometry/ellipse_contact.h"

namespace {

constexpr double kPi = 3.141592653589793;

struct Pair {
  cl::Ellipse a, b;
};

cl::Ellipse random_shape_at(std::mt19937_64& rng, const Eigen::Vector2d& center) {
  std::uniform_real_distribution<double> axis(0.2, 3.0), angle(0, 2 * kPi);
  return {center, angle(rng), axis(rng), axis(rng)};
}

/// Pairs with B's centre at a random direction and a distance up to 1.1
/// times the sum of the bounding radii: about half overlap, half apart.
std::vector<Pair> random_pairs(int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coordinate(-3, 3), angle(0, 2 * kPi), fraction(0, 1.1);
  std::vector<Pair> pairs;
  for (int i = 0; i < count; ++i) {
    const cl::Ellipse a = random_shape_at(rng, {coordinate(rng), coordinate(rng)});
    cl::Ellipse b = random_shape_at(rng, a.center);
    const double reach = fraction(rng) * (cl::bounding_radius(a) + cl::bounding_radius(b));
    b.center += reach * cl::unit_vector(angle(rng));
    pairs.push_back({a, b});
  }
  return pairs;
}

/// Golden-section minimum of f(θ) on [lo, hi]: values only, no
/// derivatives, so it shares nothing with the Newton search under test.
template <class F>
double golden_section_minimum(const F& f, double lo, double hi) {
  const double r = 0.5 * (std::sqrt(5.0) - 1);
  double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < 80; ++i) {
    if (f1 < f2) {
      hi = x2, x2 = x1, f2 = f1, x1 = hi - r * (hi - lo), f1 = f(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2, x2 = lo + r * (hi - lo), f2 = f(x2);
    }
  }
  return std::min(f1, f2);
}

/// (cos θ, sin θ) at `count` equally spaced angles, so a dense sample costs no trigonometry.
std::vector<Eigen::Vector2d> circle_of_directions(int count) {
  std::vector<Eigen::Vector2d> directions(count);
  for (int k = 0; k < count; ++k) directions[k] = cl::unit_vector(2 * kPi * k / count);
  return directions;
}

/// min over θ of f(cos θ, sin θ): every local minimum of the dense sample
/// at `directions`, polished by golden section between its neighbours.
template <class F>
double dense_minimum(const F& f, const std::vector<Eigen::Vector2d>& directions) {
  const int samples = directions.size();
  std::vector<double> value(samples);
  for (int k = 0; k < samples; ++k) value[k] = f(directions[k]);
  const double step = 2 * kPi / samples;
  const auto f_of_angle = [&](double theta) { return f(cl::unit_vector(theta)); };
  double best = *std::min_element(value.begin(), value.end());
  for (int k = 0; k < samples; ++k) {
    const double before = value[(k + samples - 1) % samples], after = value[(k + 1) % samples];
    if (value[k] <= before && value[k] <= after) {
      best = std::min(best, golden_section_minimum(f_of_angle, (k - 1) * step, (k + 1) * step));
    }
  }
  return best;
}

/// h_A(n) + h_B(−n), written out from the definition of the support function.
class SupportSum {
 public:
  explicit SupportSum(const Pair& p)
      : p_(p), axis_a_(cl::unit_vector(p.a.angle)), axis_b_(cl::unit_vector(p.b.angle)) {}

  double operator()(const Eigen::Vector2d& n) const {
    return (p_.a.center - p_.b.center).dot(n) + shape_support(p_.a, axis_a_, n) +
           shape_support(p_.b, axis_b_, n);
  }

 private:
  // sqrt(a²(n·e1)² + b²(n·e2)²), the same for n and −n.
  static double shape_support(const cl::Ellipse& e, const Eigen::Vector2d& e1, const Eigen::Vector2d& n) {
    const double along = n.dot(e1), across = n.y() * e1.x() - n.x() * e1.y();
    return std::sqrt(e.a * e.a * along * along + e.b * e.b * across * across);
  }

  Pair p_;
  Eigen::Vector2d axis_a_, axis_b_;
};

/// How far p is off the boundary of e: |p − c|_E − 1 in the ellipse's own
/// norm, times the smaller semi-axis (about a distance, m).
double off_boundary(const cl::Ellipse& e, const Eigen::Vector2d& p) {
  const Eigen::Vector2d e1 = cl::unit_vector(e.angle);
  const Eigen::Vector2d d = p - e.center;
  const double x = d.dot(e1) / e.a, y = (-d.x() * e1.y() + d.y() * e1.x()) / e.b;
  return std::abs(std::hypot(x, y) - 1) * std::min(e.a, e.b);
}

std::vector<Eigen::Vector2d> boundary_samples(const cl::Ellipse& e, int count) {
  const Eigen::Vector2d e1 = cl::unit_vector(e.angle);
  const Eigen::Vector2d e2(-e1.y(), e1.x());
  std::vector<Eigen::Vector2d> points(count);
  for (int k = 0; k < count; ++k) {
    const double t = 2 * kPi * k / count;
    points[k] = e.center + e.a * std::cos(t) * e1 + e.b * std::sin(t) * e2;
  }
  return points;
}

const cl::ContactSearch kGlobal{};  // no warm start: the full sample and refinement

}  // namespace

TEST_CASE("Ellipse pairs: signed distance equals the dense brute-force minimum, in either order") {
  const std::vector<Pair> pairs = random_pairs(10000, 1);
  const std::vector<Eigen::Vector2d> directions = circle_of_directions(20000);
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> random_angle(-kPi, kPi);
  int separated = 0, overlapping = 0, fast_gaps = 0, fast_missed_gaps = 0;
  double max_error = 0, max_swap_distance = 0, max_swap_normal = 0, max_fast_gap_error = 0;
  long newton_steps = 0, bisection_steps = 0, evaluations = 0;
  for (const Pair& p : pairs) {
    const double reference = -dense_minimum(SupportSum(p), directions);
    const cl::ContactGeometry ab = cl::ellipse_ellipse(p.a, p.b, kGlobal);
    const cl::ContactGeometry ba = cl::ellipse_ellipse(p.b, p.a, kGlobal);
    (reference > 0 ? separated : overlapping)++;
    max_error = std::max({max_error, std::abs(ab.distance - reference), std::abs(ba.distance - reference)});
    max_swap_distance = std::max(max_swap_distance, std::abs(ab.distance - ba.distance));
    max_swap_normal = std::max(max_swap_normal, (ab.normal + ba.normal).norm());
    const cl::AngleMinimum cost = cl::minimize_over_angle(
        [&](double t, const Eigen::Vector2d&) { return cl::ellipse_pair_support_sum(p.a, p.b, t); }, kGlobal);
    newton_steps += cost.newton_steps;
    bisection_steps += cost.bisection_steps;
    evaluations += cost.evaluations;
    // The fast path from an arbitrary warm angle: whenever it reports a gap,
    // the gap must be the true one (see ellipse_ellipse).
    const cl::ContactSearch blind{random_angle(rng), false};
    const cl::ContactGeometry fast = cl::ellipse_ellipse(p.a, p.b, blind);
    if (fast.distance > 0) {
      ++fast_gaps;
      max_fast_gap_error = std::max(max_fast_gap_error, std::abs(fast.distance - reference));
    }
    if (reference > 0 && fast.distance <= 0) ++fast_missed_gaps;
  }
  const double searches = pairs.size();
  std::printf("ellipse pairs: %d separated, %d overlapping; |distance - dense brute force| <= %.2e m; "
              "swapped order: distance differs by <= %.2e m, normals sum to <= %.2e\n",
              separated, overlapping, max_error, max_swap_distance, max_swap_normal);
  std::printf("  global search per pair: %.2f Newton steps, %.3f bisection steps, %.1f evaluations "
              "(%d samples)\n", newton_steps / searches, bisection_steps / searches,
              evaluations / searches, kGlobal.samples);
  std::printf("  fast path from a random warm angle: %d gaps reported, off by <= %.2e m; %d of the "
              "%d separated pairs reported as overlapping (a local minimum: check globally then)\n",
              fast_gaps, max_fast_gap_error, fast_missed_gaps, separated);
  // Both kinds well represented, so the checks below cover both regimes.
  CHECK(separated >= 2000);
  CHECK(overlapping >= 2000);
  // The brief's accuracy: exact to 1e-9 m (both sides converge to round-off, ~1e-14 m).
  CHECK(max_error <= 1e-9);
  // Swapping A and B mirrors F(θ) to F(θ + π): the same minimum, the opposite normal.
  CHECK(max_swap_distance <= 1e-9);
  CHECK(max_swap_normal <= 1e-6);
  // A gap is only ever reported when it is the true one.
  CHECK(max_fast_gap_error <= 1e-9);
}

TEST_CASE("Separated ellipse pairs: the distance is certified by the support points and by sampled boundaries") {
  const std::vector<Pair> pairs = random_pairs(10000, 1);
  constexpr int kBoundarySamples = 1000;
  int certified = 0, sampled = 0;
  double max_certificate_gap = 0, max_off_boundary = 0, max_misalignment = 0;
  double max_sampled_excess = 0, min_sampled_excess = 1, worst_against_bound = 0;
  for (const Pair& p : pairs) {
    const cl::ContactGeometry c = cl::ellipse_ellipse(p.a, p.b, kGlobal);
    if (c.distance <= 0) continue;
    ++certified;
    // Weak duality: −F(n) <= true distance <= |point_b − point_a| for any n
    // and any boundary points, so equality certifies the distance exactly.
    const Eigen::Vector2d chord = c.point_b - c.point_a;
    max_certificate_gap = std::max(max_certificate_gap, std::abs(chord.norm() - c.distance));
    max_off_boundary = std::max({max_off_boundary, off_boundary(p.a, c.point_a), off_boundary(p.b, c.point_b)});
    max_misalignment = std::max(max_misalignment, (chord - c.distance * c.normal).norm());
    if (sampled >= 400) continue;
    ++sampled;
    // Independently: the closest pair among 1000 boundary points each.
    const std::vector<Eigen::Vector2d> on_a = boundary_samples(p.a, kBoundarySamples);
    const std::vector<Eigen::Vector2d> on_b = boundary_samples(p.b, kBoundarySamples);
    double closest_squared = INFINITY;
    for (const Eigen::Vector2d& q : on_a) {
      for (const Eigen::Vector2d& r : on_b) closest_squared = std::min(closest_squared, (r - q).squaredNorm());
    }
    const double excess = std::sqrt(closest_squared) - c.distance;
    // The samples nearest the true closest points are within max(a, b) π/N of them.
    const double bound = (cl::bounding_radius(p.a) + cl::bounding_radius(p.b)) * kPi / kBoundarySamples;
    max_sampled_excess = std::max(max_sampled_excess, excess);
    min_sampled_excess = std::min(min_sampled_excess, excess);
    worst_against_bound = std::max(worst_against_bound, excess / bound);
  }
  std::printf("separated pairs: %d certified: | |point_b - point_a| - distance | <= %.2e m, points off "
              "their boundaries <= %.2e m, point_b - point_a - distance normal <= %.2e m\n",
              certified, max_certificate_gap, max_off_boundary, max_misalignment);
  std::printf("  %d against 1000x1000 boundary samples: sampled - computed in [%.2e, %.2e] m "
              "(%.3f of the sampling bound)\n",
              sampled, min_sampled_excess, max_sampled_excess, worst_against_bound);
  CHECK(certified >= 2000);
  // Round-off only: the support points are computed in closed form.
  CHECK(max_certificate_gap <= 1e-9);
  CHECK(max_off_boundary <= 1e-12);
  CHECK(max_misalignment <= 1e-9);
  // No pair of boundary points is closer than the distance (beyond round-off) ...
  CHECK(min_sampled_excess >= -1e-12);
  // ... and the sampled closest pair is within the sampling bound of it.
  CHECK(worst_against_bound <= 1.0);
}

TEST_CASE("Overlapping ellipse pairs: pushing B out by the depth along the normal makes them just touch") {
  const std::vector<Pair> pairs = random_pairs(10000, 1);
  int overlapping = 0;
  double max_after = 0, min_depth = INFINITY, max_depth = 0;
  for (const Pair& p : pairs) {
    const cl::ContactGeometry c = cl::ellipse_ellipse(p.a, p.b, kGlobal);
    if (c.distance >= 0) continue;
    ++overlapping;
    min_depth = std::min(min_depth, -c.distance);
    max_depth = std::max(max_depth, -c.distance);
    // F after the push is F(n) − depth n*·n >= 0 with equality at n*, so the
    // new distance is 0 exactly when the depth is the minimum of F.
    cl::Ellipse pushed = p.b;
    pushed.center -= c.distance * c.normal;
    max_after = std::max(max_after, std::abs(cl::ellipse_ellipse(p.a, pushed, kGlobal).distance));
  }
  std::printf("overlapping pairs: %d with depths %.2e to %.2f m; distance after pushing B out by "
              "the depth: |d| <= %.2e m\n", overlapping, min_depth, max_depth, max_after);
  CHECK(overlapping >= 2000);
  CHECK(max_after <= 1e-9);
}

TEST_CASE("Ellipse in a circular wall: gap, normal and contact point match the farthest boundary point") {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> wall(4, 8), angle(0, 2 * kPi), fraction(0, 1);
  const std::vector<Eigen::Vector2d> parameters = circle_of_directions(4096);  // (cos t, sin t)
  int inside = 0, through = 0;
  double max_gap_error = 0, max_normal_error = 0, max_point_error = 0;
  long newton_steps = 0, evaluations = 0;
  double min_bound_excess = INFINITY, bound_slack = 0, circle_slack = 0;
  for (int i = 0; i < 10000; ++i) {
    const double wall_radius = wall(rng);
    cl::Ellipse e = random_shape_at(rng, Eigen::Vector2d::Zero());
    // Centre anywhere from the origin to a bounding radius beyond the wall.
    e.center = fraction(rng) * wall_radius * cl::unit_vector(angle(rng));
    // Farthest boundary point: dense parameter sample, polished by golden section.
    const Eigen::Vector2d e1 = cl::unit_vector(e.angle), e2(-e1.y(), e1.x());
    const auto minus_radius = [&](const Eigen::Vector2d& cos_sin_t) {
      return -(e.center + e.a * cos_sin_t.x() * e1 + e.b * cos_sin_t.y() * e2).norm();
    };
    const double farthest = -dense_minimum(minus_radius, parameters);
    // The sample size the scenes use (fewer angles than kGlobal).
    const cl::ContactSearch search{std::nullopt, true, cl::kWallSearchSamples};
    const cl::ContactGeometry c = cl::ellipse_in_circle(e, wall_radius, search);
    const double reference_gap = wall_radius - farthest;
    // The broad-phase bound holds, and is tighter than the bounding circle.
    const double bound = cl::farthest_distance_bound(e);
    min_bound_excess = std::min(min_bound_excess, bound - farthest);
    bound_slack += bound - farthest;
    circle_slack += e.center.norm() + cl::bounding_radius(e) - farthest;
    (reference_gap > 0 ? inside : through)++;
    max_gap_error = std::max(max_gap_error, std::abs(c.distance - reference_gap));
    // The contact point is the farthest point, the normal its direction.
    max_point_error = std::max(max_point_error, std::abs(c.point_a.norm() - farthest) +
                                                    off_boundary(e, c.point_a));
    max_normal_error = std::max(max_normal_error, (c.normal - c.point_a.normalized()).norm());
    CHECK(c.point_b == wall_radius * c.normal);
    CHECK(c.radius_b == -wall_radius);
    const cl::AngleMinimum cost = cl::minimize_over_angle(
        [&](double t, const Eigen::Vector2d&) { return cl::ellipse_wall_gap(e, wall_radius, t); }, search);
    newton_steps += cost.newton_steps;
    evaluations += cost.evaluations;
  }
  std::printf("ellipse in wall: %d inside, %d through; |gap - brute force| <= %.2e m, contact point "
              "off the farthest point's radius/boundary <= %.2e m, normal off its direction <= %.2e\n",
              inside, through, max_gap_error, max_point_error, max_normal_error);
  std::printf("  global search per ellipse: %.2f Newton steps, %.1f evaluations\n",
              newton_steps / 10000.0, evaluations / 10000.0);
  std::printf("  farthest-distance bound: never below the farthest point (min excess %.2e m); mean slack %.3f m "
              "against %.3f m for |c| + max(a, b)\n", min_bound_excess, bound_slack / 10000, circle_slack / 10000);
  CHECK(min_bound_excess >= -1e-12);
  CHECK(bound_slack < circle_slack);
  CHECK(inside >= 2000);
  CHECK(through >= 2000);
  CHECK(max_gap_error <= 1e-9);   // the brief's accuracy
  CHECK(max_point_error <= 1e-9);
  // The normal of the farthest point is radial: point_a ∥ normal up to the
  // angle's convergence (1e-12 rad) and round-off.
  CHECK(max_normal_error <= 1e-9);
}

TEST_CASE("Circles (a = b) as ellipses give the centre-distance formulas") {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> radius(0.2, 3), coordinate(-4, 4), angle(0, 2 * kPi);
  double max_pair_error = 0, max_pair_normal = 0, max_wall_error = 0, max_wall_normal = 0;
  for (int i = 0; i < 2000; ++i) {
    const double ra = radius(rng), rb = radius(rng);
    const cl::Ellipse a{{coordinate(rng), coordinate(rng)}, angle(rng), ra, ra};
    const cl::Ellipse b{{coordinate(rng), coordinate(rng)}, angle(rng), rb, rb};
    const Eigen::Vector2d between = b.center - a.center;
    const cl::ContactGeometry c = cl::ellipse_ellipse(a, b, kGlobal);
    max_pair_error = std::max(max_pair_error, std::abs(c.distance - (between.norm() - ra - rb)));
    max_pair_normal = std::max(max_pair_normal, (c.normal - between.normalized()).norm());
    CHECK(c.radius_a == doctest::Approx(ra).epsilon(1e-14));
    CHECK(c.radius_b == doctest::Approx(rb).epsilon(1e-14));

    const double wall_radius = 6;
    const cl::ContactGeometry w = cl::ellipse_in_circle(a, wall_radius, kGlobal);
    max_wall_error = std::max(max_wall_error, std::abs(w.distance - (wall_radius - a.center.norm() - ra)));
    max_wall_normal = std::max(max_wall_normal, (w.normal - a.center.normalized()).norm());
  }
  std::printf("circles: pair distance error <= %.2e m, normal error <= %.2e; wall gap error <= %.2e m, "
              "normal error <= %.2e\n", max_pair_error, max_pair_normal, max_wall_error, max_wall_normal);
  // Round-off only (coordinates up to ~6 m).
  CHECK(max_pair_error <= 1e-13);
  CHECK(max_wall_error <= 1e-13);
  // The normal is the minimiser's angle: converged to 1e-12 rad, and better
  // conditioned than that here (d²F/dθ² = |c_B − c_A| >= ~0.1 m).
  CHECK(max_pair_normal <= 1e-10);
  CHECK(max_wall_normal <= 1e-10);
}
