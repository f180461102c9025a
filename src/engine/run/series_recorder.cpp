#include "run/series_recorder.h"

#include <stdexcept>

namespace cl {

SeriesRecorder::SeriesRecorder(std::vector<std::string> names, size_t capacity)
    : names_(std::move(names)), columns_(names_.size()), capacity_(capacity) {
  if (capacity_ < 2 || capacity_ % 2 != 0) throw std::invalid_argument("recorder capacity must be even and >= 2");
  // Reserved, not filled: a start writes no megabyte of zeros, and data() stays where it is.
  for (auto& c : columns_) c.reserve(capacity_);
}

void SeriesRecorder::offer(const std::vector<double>& values) {
  if (offered_++ % stride_ != 0) return;
  if (size_ == capacity_) compact();
  for (size_t s = 0; s < columns_.size(); ++s) columns_[s].push_back(values[s]);
  ++size_;
  ++revision_;
}

void SeriesRecorder::compact() {
  // Keep samples 0, 2, 4, ...: they are exactly the ones the doubled stride
  // would have kept, so the history looks as if recorded at the new stride.
  size_ = (size_ + 1) / 2;
  for (auto& c : columns_) {
    for (size_t k = 0; k < size_; ++k) c[k] = c[2 * k];
    c.resize(size_);
  }
  stride_ *= 2;
  offered_ = 1;  // the sample being offered now sits at an odd old position
}

void SeriesRecorder::clear() {
  for (auto& c : columns_) c.clear();  // keeps the reserve
  size_ = 0;
  stride_ = 1;
  offered_ = 0;
  ++revision_;
}

}  // namespace cl
