// The placement grid must answer as checking every centre placed would: a
// candidate is clear exactly when no centre lies closer than the spacing,
// for boxes of one cell, of cells as wide as the spacing, of cells widened
// to keep 256 a side, and for centres and candidates outside the box.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/random.h"
#include "geometry/placed_centres.h"

namespace {

using Eigen::Vector2d;

struct Agreement {
  long long placed = 0, asked = 0, clear = 0, wrong = 0;
};

/// A point drawn over the box lo..hi widened by `margin` (m) on every side.
Vector2d draw(const Vector2d& lo, const Vector2d& hi, double margin, std::mt19937_64& rng) {
  const Vector2d a = lo.array() - margin, b = hi.array() + margin;
  return {a.x() + (b.x() - a.x()) * cl::unit_random(rng), a.y() + (b.y() - a.y()) * cl::unit_random(rng)};
}

bool clear_by_brute_force(const std::vector<Vector2d>& placed, const Vector2d& c, double spacing) {
  for (const Vector2d& o : placed)
    if ((c - o).norm() < spacing) return false;
  return true;
}

/// Places `n` random centres as the scenes do (only clear ones), asking the
/// grid and the brute force about each candidate and about `probes` more
/// points near the centres, some just inside and just outside the spacing.
Agreement compare(const Vector2d& lo, const Vector2d& hi, double spacing, double margin, int n, int probes,
                  std::mt19937_64& rng) {
  cl::PlacedCentres grid(lo, hi, spacing);
  std::vector<Vector2d> placed;
  Agreement a;
  const auto ask = [&](const Vector2d& c) {
    const bool expected = clear_by_brute_force(placed, c, spacing);
    ++a.asked;
    a.clear += expected;
    a.wrong += grid.clear(c) != expected;
    return expected;
  };
  for (int tries = 0; static_cast<int>(placed.size()) < n && tries < 100 * n; ++tries) {
    const Vector2d c = draw(lo, hi, margin, rng);
    if (!ask(c)) continue;
    grid.add(c);
    placed.push_back(c);
  }
  CHECK(grid.size() == placed.size());
  a.placed = static_cast<long long>(placed.size());
  for (int k = 0; k < probes && !placed.empty(); ++k) {
    const Vector2d& o = placed[static_cast<size_t>(k) % placed.size()];
    const double angle = 2 * 3.14159265358979323846 * cl::unit_random(rng);
    const double reach = spacing * (1 + (k % 2 ? 1 : -1) * 1e-9 * (1 + k % 7));  // just outside, just inside
    ask(o + reach * Vector2d(std::cos(angle), std::sin(angle)));
    ask(draw(lo, hi, margin, rng));
  }
  return a;
}

}  // namespace

TEST_CASE("placed centres: the grid's answer is the brute force's, inside the box and beyond it") {
  std::mt19937_64 rng(11);
  struct Case {
    std::string what;
    Vector2d lo, hi;
    double spacing, margin;  // m
    int n;
  };
  const Case cases[] = {
      {"one cell", Vector2d(0, 0), Vector2d(0.5, 0.5), 1.0, 0.5, 20},
      {"cells as wide as the spacing", Vector2d(-3, -2), Vector2d(3, 2), 0.4, 0, 300},
      {"centres and candidates beyond the box", Vector2d(-1, -1), Vector2d(1, 1), 0.3, 1.5, 200},
      {"cells widened past 256 a side", Vector2d(0, 0), Vector2d(100, 40), 0.1, 0, 3000},
      {"a box empty of extent (lo above hi)", Vector2d(1, 1), Vector2d(-1, -1), 0.5, 2, 50},
  };
  for (const Case& c : cases) {
    const Agreement a = compare(c.lo, c.hi, c.spacing, c.margin, c.n, 4000, rng);
    MESSAGE(c.what << ": " << a.placed << " centres placed, " << a.asked << " points asked, " << a.clear << " clear, " << a.wrong << " answered wrongly");
    CHECK(a.clear > 0);
    CHECK(a.asked - a.clear > 0);
    CHECK(a.wrong == 0);
  }
}
