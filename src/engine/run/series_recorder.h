#pragma once
// Named time series in bounded memory. Each series is one contiguous array
// (the page plots it through a typed-array view). When the arrays are full,
// every other sample is dropped and the recording stride doubles, so the
// whole history stays visible at a resolution that halves as it grows, and
// memory never exceeds `capacity` samples per series.
#include <string>
#include <vector>

namespace cl {

class SeriesRecorder {
 public:
  SeriesRecorder(std::vector<std::string> names, size_t capacity);

  /// Offers one sample (values in `names` order); keeps it when the stride says so.
  void offer(const std::vector<double>& values);
  void clear();

  const std::vector<std::string>& names() const { return names_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  /// Samples offered per sample kept (1, 2, 4, ...).
  size_t stride() const { return stride_; }
  const double* data(size_t series) const { return columns_[series].data(); }
  double at(size_t series, size_t sample) const { return columns_[series][sample]; }
  /// Incremented whenever stored samples change (so a plot knows to redraw).
  unsigned long long revision() const { return revision_; }

 private:
  void compact();
  std::vector<std::string> names_;
  std::vector<std::vector<double>> columns_;
  size_t capacity_;
  size_t size_ = 0;
  size_t stride_ = 1;
  size_t offered_ = 0;  ///< samples offered since the last kept one
  unsigned long long revision_ = 0;
};

}  // namespace cl
