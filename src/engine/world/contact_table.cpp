#include "world/contact_table.h"

#include <algorithm>

namespace cl {

void ContactTable::reset(int n, bool boundary) {
  n_ = n;
  boundary_count_ = boundary ? n : 0;
  contacts_.clear();
  used_.clear();
  free_.clear();
  pairs_.clear();
  for (int i = 0; i < boundary_count_; ++i) {
    contacts_.emplace_back(i, -1);
    used_.push_back(1);
  }
}

std::optional<size_t> ContactTable::find(int i, int j) const {
  if (j < 0) return i < boundary_count_ ? std::optional<size_t>(static_cast<size_t>(i)) : std::nullopt;
  const auto found = pairs_.find(key(std::min(i, j), std::max(i, j)));
  if (found == pairs_.end()) return std::nullopt;
  return found->second;
}

size_t ContactTable::find_or_add(int i, int j) {
  if (const std::optional<size_t> index = find(i, j)) return *index;
  const int lo = std::min(i, j), hi = std::max(i, j);
  size_t index;
  if (!free_.empty()) {
    index = free_.back();
    free_.pop_back();
    contacts_[index] = ContactState(lo, hi);
    used_[index] = 1;
  } else {
    index = contacts_.size();
    contacts_.emplace_back(lo, hi);
    used_.push_back(1);
  }
  pairs_.emplace(key(lo, hi), index);
  return index;
}

void ContactTable::remove(size_t index) {
  if (index < static_cast<size_t>(boundary_count_) || !used_[index]) return;
  pairs_.erase(key(contacts_[index].i, contacts_[index].j));
  used_[index] = 0;
  free_.push_back(index);
}

}  // namespace cl
