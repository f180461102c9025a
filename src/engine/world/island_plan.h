#pragma once
// Which bodies must be integrated together over the next stretch of time
// (a slab), and which can fly free in closed form. Bodies are joined when
// they touch or might: each body's centre can move at most its reach within
// the slab (dynamics/free_flight.h, from the energy its group holds), so two
// bodies whose centres are farther apart than their reaches plus the contact
// distance cannot meet. Joined groups hold more energy, hence larger reaches,
// so joining repeats until nothing more joins. Sweep and prune along x keeps
// each round at about n log n.
#include <functional>
#include <utility>
#include <vector>

#include <Eigen/Core>

namespace cl {

struct IslandPlanInput {
  std::vector<Eigen::Vector2d> centres;     ///< m
  std::vector<double> energies;             ///< kinetic energy of each body, J
  std::vector<std::pair<int, int>> links;   ///< pairs touching now (i < j)
  std::vector<double> link_energies;        ///< elastic energy held by each link, J
  /// Pairs whose centres come closer than this (m) may touch (twice the bounding radius and a margin).
  double contact_distance = 0;
  /// Whether bodies touch each other at all (links still join their pairs).
  bool body_contacts = true;
  /// How far a member's centre can move within the slab (m), for a group holding `energy` (J) with `bodies` members.
  std::function<double(double energy, int bodies)> reach;
  /// Whether body i, its centre within `reach` (m) of where it is, may touch the boundary.
  std::function<bool(int i, double reach)> boundary_risk;
  /// The last plan's sweep_order, if any: bodies move little between
  /// slabs, so it is nearly sorted and re-sorting it costs about n.
  std::vector<int> sweep_order;
};

struct IslandPlan {
  /// Each island's bodies, ascending; bodies in none fly free.
  std::vector<std::vector<int>> islands;
  /// Pairs that may touch within the slab (i < j), each inside one island.
  std::vector<std::pair<int, int>> pairs;
  /// Per body: may touch the boundary within the slab.
  std::vector<unsigned char> boundary;
  /// The most bodies one group of touching bodies (joined by links alone) holds.
  int largest_linked = 1;
  /// The bodies in the order the sweep took them (the next plan's hint).
  std::vector<int> sweep_order;

  /// The most bodies one island holds (0 without islands).
  int largest_island() const;
};

/// The islands for the slab.
IslandPlan plan_islands(const IslandPlanInput& input);

/// Every body in one island with every pair (the global integration).
IslandPlan single_island(int n, bool boundary, bool body_contacts, const std::vector<std::pair<int, int>>& links);

}  // namespace cl
