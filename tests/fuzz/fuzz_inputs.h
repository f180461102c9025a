#pragma once
// Hostile inputs for the campaign (tests/fuzz/campaign.cpp) and the
// libFuzzer targets: parameter sets, expressions, mutated scene files, URL
// hashes and host-page messages, each drawn from a Draws source, which is a
// seeded engine (the campaign: case i is the same everywhere) or the bytes
// libFuzzer mutates (the targets: its mutations steer the choices).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "scenes/registry.h"

namespace fuzz {

class Draws {
 public:
  explicit Draws(std::mt19937_64& rng) : rng_(&rng) {}
  Draws(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  /// 64 random bits; from bytes: the next eight (zero once they run out).
  uint64_t next();
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  ///< [0, 1)
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }
  bool chance(double p) { return uniform() < p; }

 private:
  std::mt19937_64* rng_ = nullptr;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0, position_ = 0;
};

/// One element of `list`, drawn from `d`.
template <class T>
const T& pick(const std::vector<T>& list, Draws& d) {
  return list[d.below(list.size())];
}

/// Prints every generated input to stderr (to rerun one case by hand).
extern bool verbose;

/// Text that is not a number, or a number a double cannot hold.
std::string junk_text(Draws& d);
/// A value inside, at the ends of, or beyond the range of `spec`, as text.
std::string random_value_text(const cl::ParamSpec& spec, Draws& d);
/// Inserts, deletes or replaces a few bytes; now and then cuts the text short.
void mutate_bytes(std::string& text, Draws& d);
/// A scene's state after its reset with `params` (the defaults' if those do not start).
nlohmann::json state_of(const cl::SceneEntry& entry, const cl::ParamValues& params);

/// A scene's parameters: defaults, maybe a preset, then about half of them
/// drawn over their whole range (log-uniform over decades, the ends often).
cl::ParamValues random_params(const cl::SceneEntry& entry, Draws& d);
/// An expression in x and y: a random formula, a mutated preset, a
/// pathological one (long, deep, 1e6 x, jumps) or bytes.
std::string random_expression(Draws& d);
/// A scene file with a few of: extreme numbers, wrong types, unknown or
/// missing keys, a bad time or format, long body lists, deep nesting,
/// mutated bytes.
std::string random_scene_file(Draws& d);
/// A URL hash: scene, parameter and page keys with values good and bad,
/// percent-encoded or malformed, now and then huge.
std::string random_url_hash(Draws& d);
/// A host-page message to a page showing `current`: each command with fields
/// good and bad, mutated like a scene file.
std::string random_host_message(Draws& d, const cl::SceneEntry& current);

/// Whether the page could show `message`: at most 4 KB and valid UTF-8
/// (it is passed as a JSON string).
bool showable(const std::string& message);

}  // namespace fuzz
