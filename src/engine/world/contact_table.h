#pragma once
// The world's possible contacts, kept sparse: one per body with the boundary
// (indices 0 .. n-1, when there is a boundary) and one per pair of bodies
// that has come near, kept while it may touch. A gas of 1,000 bodies has
// 499,500 pairs, of which a few thousand are ever near at once; a dense
// table would copy them all with every snapshot.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include <Eigen/Core>

#include "contact/contact_tracker.h"

namespace cl {

/// One possible contact: body i with the boundary (j < 0) or with body j > i.
struct ContactState : TrackedContact {
  ContactState(int body_i, int body_j) : i(body_i), j(body_j) {}
  int i = 0, j = -1;
  /// Where the last search found it: the normal's angle (rad) for the
  /// angle-minimised pairs, the street abscissa (m) for the street. The
  /// warm start of the next search.
  double warm = 0;
  bool has_warm = false;
  Eigen::Vector2d onset_point{0, 0};   ///< boundary point at the located onset, m
  Eigen::Vector2d onset_normal{1, 0};  ///< contact normal there, from body i to the boundary or body j
};

class ContactTable {
 public:
  /// Empties the table for n bodies: the n boundary contacts if `boundary`.
  void reset(int n, bool boundary);

  /// Slots, used or free: indices run below this.
  size_t slots() const { return contacts_.size(); }
  bool used(size_t index) const { return used_[index] != 0; }
  ContactState& operator[](size_t index) { return contacts_[index]; }
  const ContactState& operator[](size_t index) const { return contacts_[index]; }

  /// The contact of body i with the boundary (j < 0) or with body j (either order), if kept.
  std::optional<size_t> find(int i, int j) const;
  /// The same, added (apart, no warm start) if it was not kept.
  size_t find_or_add(int i, int j);
  /// Forgets pair contact `index` (boundary contacts stay).
  void remove(size_t index);
  size_t boundary_contacts() const { return static_cast<size_t>(boundary_count_); }

 private:
  uint64_t key(int i, int j) const { return static_cast<uint64_t>(i) * static_cast<uint64_t>(n_) + static_cast<uint64_t>(j); }

  int n_ = 0;
  int boundary_count_ = 0;
  std::vector<ContactState> contacts_;
  std::vector<unsigned char> used_;
  std::vector<size_t> free_;                     // slots of removed pairs, reused first
  std::unordered_map<uint64_t, size_t> pairs_;   // key(i, j), i < j -> slot
};

}  // namespace cl
