#pragma once
// One 3-vector per particle (a position, a velocity, a force) kept as three
// arrays of doubles, one per axis: the loops over all particles run along
// contiguous memory and vectorise, the particles a contact joins, stored
// next to each other, share cache lines, and the loops can leave out an axis
// that no particle uses (a 2D run's y).
#include <array>
#include <vector>

#include <Eigen/Core>

namespace cl {

/// The axes along which entries may be non-zero, ascending.
struct AxesInUse {
  std::array<int, 3> axis{};
  int count = 0;

  const int* begin() const { return axis.data(); }
  const int* end() const { return axis.data() + count; }
  bool uses(int k) const {
    for (int j = 0; j < count; ++j)
      if (axis[j] == k) return true;
    return false;
  }
  /// Adds axis k.
  void include(int k) {
    if (uses(k)) return;
    int j = count++;
    for (; j > 0 && axis[j - 1] > k; --j) axis[j] = axis[j - 1];
    axis[j] = k;
  }
  /// Adds the axes along which `p` is not zero.
  void include(const Eigen::Vector3d& p) {
    for (int k = 0; k < 3; ++k)
      if (p[k] != 0) include(k);
  }
};

struct AxisArrays {
  std::array<std::vector<double>, 3> axis;  ///< x, y, z

  size_t size() const { return axis[0].size(); }
  void clear() {
    for (std::vector<double>& a : axis) a.clear();
  }
  void resize(size_t n) {
    for (std::vector<double>& a : axis) a.resize(n);
  }
  void push_back(const Eigen::Vector3d& p) {
    for (int k = 0; k < 3; ++k) axis[k].push_back(p[k]);
  }
  Eigen::Vector3d at(size_t i) const { return {axis[0][i], axis[1][i], axis[2][i]}; }
  void set(size_t i, const Eigen::Vector3d& p) {
    for (int k = 0; k < 3; ++k) axis[k][i] = p[k];
  }
};

}  // namespace cl
