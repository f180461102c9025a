// SeriesRecorder: memory stays within `capacity` samples however long the
// run; when full, the stride doubles and exactly the samples k * stride
// remain, so the whole history stays visible at a uniform resolution.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "run/series_recorder.h"

namespace {

/// True when the recorder holds exactly the offers 0, s, 2s, ... up to the
/// last multiple of s among the `offered` samples (value of series 0 = offer index).
bool holds_exact_multiples(const cl::SeriesRecorder& rec, long long offered) {
  const long long s = static_cast<long long>(rec.stride());
  const long long expected_size = (offered - 1) / s + 1;
  if (static_cast<long long>(rec.size()) != expected_size) return false;
  for (size_t k = 0; k < rec.size(); ++k) {
    if (rec.at(0, k) != static_cast<double>(k * s)) return false;
    if (rec.at(1, k) != -0.5 * static_cast<double>(k * s)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("SeriesRecorder rejects a capacity that cannot halve") {
  CHECK_THROWS_AS(cl::SeriesRecorder({"t"}, 0), std::invalid_argument);
  CHECK_THROWS_AS(cl::SeriesRecorder({"t"}, 7), std::invalid_argument);
  CHECK_NOTHROW(cl::SeriesRecorder({"t"}, 2));
}

TEST_CASE("SeriesRecorder keeps exactly the samples k * stride after every offer") {
  for (size_t capacity : {2u, 8u, 10u, 64u}) {
    cl::SeriesRecorder rec({"i", "half"}, capacity);
    int violations = 0;
    for (long long i = 0; i < 20000; ++i) {
      rec.offer({static_cast<double>(i), -0.5 * static_cast<double>(i)});
      if (rec.size() > capacity || !holds_exact_multiples(rec, i + 1)) ++violations;
    }
    MESSAGE("capacity " << capacity << ": after 20000 offers stride " << rec.stride() << ", size "
                        << rec.size() << ", " << violations << " violations");
    CHECK(violations == 0);
  }
}

TEST_CASE("SeriesRecorder stays bounded over a million offers") {
  const size_t capacity = 1000;
  cl::SeriesRecorder rec({"i", "half"}, capacity);
  const long long n = 1000000;
  size_t largest = 0;
  for (long long i = 0; i < n; ++i) {
    rec.offer({static_cast<double>(i), -0.5 * static_cast<double>(i)});
    largest = std::max(largest, rec.size());
  }
  MESSAGE("1e6 offers into capacity 1000: largest size " << largest << ", final size " << rec.size()
                                                          << ", stride " << rec.stride());
  CHECK(largest <= capacity);
  // The smallest power of two s with (n - 1) / s + 1 <= 1000 is 1024: 977 samples.
  CHECK(rec.stride() == 1024);
  CHECK(rec.size() == 977);
  CHECK(holds_exact_multiples(rec, n));
  // data() is one contiguous array per series, as the page's typed-array view needs.
  const double* t = rec.data(0);
  CHECK(t[976] == 976.0 * 1024);
}

TEST_CASE("SeriesRecorder revision changes exactly when stored samples change") {
  cl::SeriesRecorder rec({"x"}, 4);
  unsigned long long last = rec.revision();
  int kept_changes = 0, skipped_changes = 0;
  for (int i = 0; i < 100; ++i) {
    const size_t size_before = rec.size();
    const double last_before = size_before ? rec.at(0, size_before - 1) : -1;
    rec.offer({static_cast<double>(i)});
    const bool stored = rec.size() != size_before || rec.at(0, rec.size() - 1) != last_before;
    const bool changed = rec.revision() != last;
    if (stored && !changed) ++kept_changes;    // a new sample the plot would miss
    if (!stored && changed) ++skipped_changes;  // a needless redraw
    last = rec.revision();
  }
  MESSAGE("missed revisions " << kept_changes << ", spurious revisions " << skipped_changes);
  CHECK(kept_changes == 0);
  CHECK(skipped_changes == 0);
  rec.clear();
  CHECK(rec.revision() != last);
  CHECK(rec.size() == 0);
  CHECK(rec.stride() == 1);
  rec.offer({42});
  CHECK(rec.size() == 1);
  CHECK(rec.at(0, 0) == 42);
}
