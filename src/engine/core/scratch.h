#pragma once
// A work buffer that belongs to one object: filled before each use, so a
// copy of the object starts with an empty one. Copies of a scene are made at
// every sample interval (the simulation keeps the last good state), and a
// pile of 100,000 particles has megabytes of such buffers that copying them
// would only churn.
#include <utility>

namespace cl {

template <class T>
class Scratch {
 public:
  Scratch() = default;
  Scratch(const Scratch&) {}
  Scratch& operator=(const Scratch&) { return *this; }
  Scratch(Scratch&&) = default;
  Scratch& operator=(Scratch&&) = default;

  T& operator*() { return value_; }
  const T& operator*() const { return value_; }
  T* operator->() { return &value_; }
  const T* operator->() const { return &value_; }

 private:
  T value_{};
};

}  // namespace cl
