#include "world/island_plan.h"

#include <algorithm>
#include <numeric>

namespace cl {
namespace {

/// Union–find over body indices (path halving, union by size).
class Groups {
 public:
  explicit Groups(int n) : parent_(n), size_(n, 1) { std::iota(parent_.begin(), parent_.end(), 0); }
  int find(int i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  bool join(int i, int j) {
    i = find(i);
    j = find(j);
    if (i == j) return false;
    if (size_[i] < size_[j]) std::swap(i, j);
    parent_[j] = i;
    size_[i] += size_[j];
    return true;
  }
  int size(int root) const { return size_[root]; }

 private:
  std::vector<int> parent_, size_;
};

/// Sorts `order` by key, ascending. An order of the right length is taken
/// as nearly sorted already (the last round's or slab's) and insertion
/// sorted while that stays cheap; otherwise it is sorted from scratch.
void sort_by_key(std::vector<int>& order, const std::vector<double>& key) {
  const size_t n = key.size();
  const auto before = [&](int a, int b) { return key[a] < key[b]; };
  if (order.size() == n) {
    const size_t most_moves = 8 * n;  // a few neighbours per body, or start afresh
    size_t moves = 0;
    for (size_t k = 1; k < n && moves <= most_moves; ++k) {
      const int i = order[k];
      size_t l = k;
      for (; l > 0 && before(i, order[l - 1]) && moves <= most_moves; --l, ++moves) order[l] = order[l - 1];
      order[l] = i;
    }
    if (moves <= most_moves) return;
  } else {
    order.resize(n);
    std::iota(order.begin(), order.end(), 0);
  }
  std::sort(order.begin(), order.end(), before);
}

/// Pairs whose centres are within the sum of their reaches plus `distance`;
/// `order` (in: a hint, out: the bodies by the low end of their x extent).
std::vector<std::pair<int, int>> pairs_within(const std::vector<Eigen::Vector2d>& centres,
                                              const std::vector<double>& reach, double distance,
                                              std::vector<int>& order) {
  const int n = static_cast<int>(centres.size());
  std::vector<double> low(n);
  for (int i = 0; i < n; ++i) low[i] = centres[i].x() - reach[i] - 0.5 * distance;
  sort_by_key(order, low);
  std::vector<std::pair<int, int>> pairs;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    const double high = centres[i].x() + reach[i] + 0.5 * distance;
    for (int l = k + 1; l < n && low[order[l]] <= high; ++l) {
      const int j = order[l];
      const double within = reach[i] + reach[j] + distance;
      if ((centres[i] - centres[j]).squaredNorm() <= within * within) pairs.emplace_back(std::min(i, j), std::max(i, j));
    }
  }
  return pairs;
}

}  // namespace

IslandPlan plan_islands(const IslandPlanInput& input) {
  const int n = static_cast<int>(input.centres.size());
  Groups groups(n);
  for (const auto& [i, j] : input.links) groups.join(i, j);
  int largest_linked = 1;
  for (const auto& link : input.links) largest_linked = std::max(largest_linked, groups.size(groups.find(link.first)));
  std::vector<double> reach(n), group_energy(n);
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> order = input.sweep_order;
  for (;;) {
    std::fill(group_energy.begin(), group_energy.end(), 0.0);
    for (int i = 0; i < n; ++i) group_energy[groups.find(i)] += input.energies[i];
    for (size_t k = 0; k < input.links.size(); ++k) group_energy[groups.find(input.links[k].first)] += input.link_energies[k];
    for (int i = 0; i < n; ++i) {
      const int root = groups.find(i);
      reach[i] = input.reach(group_energy[root], groups.size(root));
    }
    pairs = input.body_contacts ? pairs_within(input.centres, reach, input.contact_distance, order) : input.links;
    bool joined = false;
    for (const auto& [i, j] : pairs) joined |= groups.join(i, j);
    if (!joined) break;  // the reaches were those of the final groups
  }
  IslandPlan plan;
  plan.largest_linked = largest_linked;
  plan.boundary.assign(n, 0);
  std::vector<unsigned char> integrated(n, 0);
  for (int i = 0; i < n; ++i)
    if (input.boundary_risk && input.boundary_risk(i, reach[i])) plan.boundary[i] = integrated[i] = 1;
  for (const auto& [i, j] : pairs) integrated[i] = integrated[j] = 1;
  std::vector<int> island_of(n, -1);
  for (int i = 0; i < n; ++i) {
    if (!integrated[i]) continue;
    const int root = groups.find(i);
    if (island_of[root] < 0) {
      island_of[root] = static_cast<int>(plan.islands.size());
      plan.islands.emplace_back();
    }
    plan.islands[island_of[root]].push_back(i);
  }
  plan.pairs = std::move(pairs);
  plan.sweep_order = std::move(order);
  return plan;
}

int IslandPlan::largest_island() const {
  size_t largest = 0;
  for (const std::vector<int>& island : islands) largest = std::max(largest, island.size());
  return static_cast<int>(largest);
}

IslandPlan single_island(int n, bool boundary, bool body_contacts, const std::vector<std::pair<int, int>>& links) {
  IslandPlan plan;
  plan.boundary.assign(n, boundary ? 1 : 0);
  plan.islands.emplace_back(n);
  std::iota(plan.islands[0].begin(), plan.islands[0].end(), 0);
  if (!body_contacts) {
    plan.pairs = links;
    return plan;
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) plan.pairs.emplace_back(i, j);
  return plan;
}

}  // namespace cl
