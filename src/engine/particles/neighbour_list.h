#pragma once
// Verlet's neighbour list for equal spheres of contact distance d (m): the
// pairs of particles closer than d + skin, and the particles closer than
// r + skin / 2 to each plane, where they were when the list was built. While
// no particle has moved skin / 2 from there, two particles have approached
// by less than the skin and a particle a plane by less than skin / 2, so
// every contact is among the listed candidates, and a step looks at these
// few instead of every particle in the neighbouring cells of a grid (in a
// dense 2D pile about 3.5 candidates per particle instead of 5, mostly in
// contact; in 3D 5 instead of 15). The list is rebuilt, through a uniform
// grid with cells of d + skin, when the particles have moved that far; it
// stops short of skin / 2 by a tenth, so that the round-off of the distances
// cannot let a contact slip through.
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/scratch.h"
#include "geometry/uniform_grid.h"
#include "particles/axis_arrays.h"
#include "particles/surface_plane.h"

namespace cl {

class NeighbourList {
 public:
  /// The particles listed with one particle.
  struct Partners {
    const int* first;
    const int* last;
    const int* begin() const { return first; }
    const int* end() const { return last; }
  };

  /// The contact distance plus the skin (m): the grid's cells for build().
  static double reach(double r, double skin) { return 2 * r + skin; }
  /// Lists the candidates among `points` (m, a particle's index is its slot
  /// in the particle arrays) for spheres of radius `r` (m) with `skin` (m),
  /// from `grid`, built over these points with cells of at least reach().
  /// In cell order, the pairs are listed in `parts` ranges of particles at
  /// once, on the threads of core/worker_pool.h: the same list.
  void build(const UniformGrid& grid, const std::vector<Eigen::Vector3d>& points, double r, double skin,
             const std::vector<SurfacePlane>& surfaces, int parts = 1);
  /// Forgets the list (particles added or removed, planes changed).
  void clear() { valid_ = false; }
  /// Whether every contact of spheres of radius `r` (m) at positions `x`
  /// (m, non-zero along `axes` only) is still listed: false once a particle
  /// has moved too far (or its position is not finite), or for another
  /// radius. Of the particles in slots [first, last) only, if given: the
  /// list holds if it holds for every range of a partition.
  bool holds_for(const AxisArrays& x, const AxesInUse& axes, double r, size_t first = 0,
                 size_t last = static_cast<size_t>(-1)) const;

  size_t pair_count() const { return partners_.size(); }
  /// The listed pairs whose first particle is in slots [first, last).
  size_t pair_count(int first, int last) const { return first_partner_[last] - first_partner_[first]; }
  /// Each listed pair is listed once, with the first of its two particles in storage order.
  Partners partners(int a) const { return {partners_.data() + first_partner_[a], partners_.data() + first_partner_[a + 1]}; }
  /// The particles listed near plane k (of the planes given to build()).
  const std::vector<int>& near_plane(size_t k) const { return near_plane_[k]; }

 private:
  bool valid_ = false;
  double r_ = 0;            // m, the radius listed for
  double drift_limit_ = 0;  // m^2, squared distance a particle may move before the list is rebuilt
  AxisArrays built_at_;     // m, the positions at the build
  std::vector<int> first_partner_;  // partners of a: partners_[first_partner_[a] .. first_partner_[a + 1])
  std::vector<int> partners_;
  Scratch<std::vector<std::pair<int, int>>> found_;  // the pairs as the grid offers them
  Scratch<std::vector<std::vector<int>>> part_partners_;  // each part's partners, listed at once
  Scratch<std::vector<size_t>> part_offsets_;             // where each part's go in partners_
  std::vector<std::vector<int>> near_plane_;

  /// How many particles in slots [first, last) have moved farther than the limit along the first D of `axes`.
  template <int D>
  size_t count_moved(const AxisArrays& x, const AxesInUse& axes, size_t first, size_t last) const;
};

}  // namespace cl
