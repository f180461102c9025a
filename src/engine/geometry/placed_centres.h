#pragma once
// Centres placed so far while a scene scatters its bodies, binned in square
// cells at least as wide as the spacing they keep, so that a candidate is
// checked against the few centres in the 3 x 3 cells around it, not against
// all of them: placing 2,000 bodies near the packing limit tries ~10^5
// candidates. The answer is the brute-force one: `clear` is false exactly
// when some centre placed lies closer than the spacing.
//
// Bounded: at most 256 x 256 cells (the cells widen over a larger box). A
// centre outside the box falls in the nearest edge cell, so neighbours
// within the spacing stay at most 1 cell apart.
#include <utility>
#include <vector>

#include <Eigen/Core>

namespace cl {

class PlacedCentres {
 public:
  /// Centres expected in the box lo..hi (m), kept `spacing` (m) apart.
  PlacedCentres(const Eigen::Vector2d& lo, const Eigen::Vector2d& hi, double spacing);

  /// Whether `c` (m) lies at least the spacing from every centre placed.
  bool clear(const Eigen::Vector2d& c) const;
  void add(const Eigen::Vector2d& c);
  size_t size() const { return centres_.size(); }

 private:
  std::pair<int, int> cell_of(const Eigen::Vector2d& c) const;

  Eigen::Vector2d lo_;
  double spacing_, cell_ = 1;  // m
  int side_ = 1;               // cells per side
  std::vector<int> first_, next_;  // per cell its newest centre, per centre the one before it in its cell
  std::vector<Eigen::Vector2d> centres_;
};

}  // namespace cl
