// A block of sphere contacts measured at once gives, contact by contact,
// the numbers of sphere_overlap() and of the dot product the particle
// system used before, to the last bit, in 1, 2 and 3 axes, with coinciding
// centres among them.
#include <doctest/doctest.h>

#include <array>
#include <random>
#include <utility>
#include <vector>

#include "particles/sphere_contact_block.h"
#include "particles/sphere_overlap.h"

namespace {

template <int D>
void check_block_against_one_by_one() {
  using VectorD = Eigen::Matrix<double, D, 1>;
  constexpr int kParticles = 200, kContacts = 150;  // more contacts than a block holds
  static_assert(kContacts > cl::SphereContactBlock<D>::kSize);
  const double contact_distance = 0.6;  // m
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> position(0, 2), speed(-3, 3);
  std::array<std::vector<double>, D> x_axes, v_axes;
  for (int j = 0; j < D; ++j)
    for (int i = 0; i < kParticles; ++i) {
      x_axes[j].push_back(position(random));
      v_axes[j].push_back(speed(random));
    }
  for (int j = 0; j < D; ++j) x_axes[j][1] = x_axes[j][0];  // particles 0 and 1 coincide
  std::array<const double*, D> x, v;
  for (int j = 0; j < D; ++j) {
    x[j] = x_axes[j].data();
    v[j] = v_axes[j].data();
  }
  std::vector<std::pair<int, int>> pairs{{0, 1}};
  std::uniform_int_distribution<int> particle(0, kParticles - 1);
  while (static_cast<int>(pairs.size()) < kContacts) {
    const int a = particle(random), b = particle(random);
    if (a != b) pairs.emplace_back(a, b);
  }
  const auto at = [](const std::array<const double*, D>& axes, int i) {
    VectorD p;
    for (int j = 0; j < D; ++j) p[j] = axes[j][i];
    return p;
  };

  cl::SphereContactBlock<D> block;
  int differing = 0;
  for (int start = 0; start < kContacts; start += block.kSize) {
    const int count = std::min(block.kSize, kContacts - start);
    block.measure(&pairs[start], count, x, v, contact_distance);
    for (int k = 0; k < count; ++k) {
      const auto [a, b] = pairs[start + k];
      const cl::SphereOverlapIn<D> o = cl::sphere_overlap(at(x, a), at(x, b), contact_distance);
      const double rate = (at(v, a) - at(v, b)).dot(o.normal);
      bool same = block.depth[k] == o.depth && block.rate[k] == rate;
      for (int j = 0; j < D; ++j) same = same && block.normal[j][k] == o.normal[j];
      differing += !same;
    }
  }
  MESSAGE(D << " axes: " << kContacts << " contacts, " << differing << " differ from one by one");
  CHECK(differing == 0);
  block.measure(pairs.data(), 1, x, v, contact_distance);
  CHECK(block.depth[0] == contact_distance);
  CHECK(block.normal[D - 1][0] == 1);  // coinciding centres: b pushed up
}

}  // namespace

TEST_CASE("sphere contact block: the same depths, normals and rates as one contact at a time, bit for bit") {
  check_block_against_one_by_one<1>();
  check_block_against_one_by_one<2>();
  check_block_against_one_by_one<3>();
}
