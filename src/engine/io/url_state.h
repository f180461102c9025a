#pragma once
// The link that reproduces a run: "#scene=pendulum&L=1.1&...&play=1&embed=1".
// Scene id, every parameter (and so the seed), plus view flags.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/param.h"
#include "run/comparison.h"

namespace cl {

/// Longest hash read (bytes). Every parameter of a scene, two expressions of
/// 1000 characters included, percent-encoded, takes under 8 KB.
constexpr size_t kMaxHashBytes = 64 * 1024;
/// Problems listed one by one; the rest are counted in one more line.
constexpr size_t kListedLinkProblems = 10;

struct UrlState {
  std::string scene;                ///< scene id (a known one)
  std::optional<ParamValues> params;  ///< defaults overridden by the link
  bool embed = false;               ///< minimal view for iframes
  bool play = false;                ///< start running at once
  /// compare=law:hunt_crossley|flores: variants of the start, checked
  /// against the link's parameters; empty when none (or refused).
  std::vector<Variant> compare;
  bool split = false;               ///< compared runs drawn side by side, not overlaid
  std::vector<std::string> problems;  ///< what was ignored, for a visible message
};

/// Reads a hash. Unknown keys and bad values are listed in `problems` and
/// ignored; the rest still applies. An unknown scene falls back to
/// `fallback_scene`. A hash longer than kMaxHashBytes is ignored as a whole.
UrlState parse_url_state(const std::string& hash, const std::string& fallback_scene);

/// The hash (without '#') for a scene, its parameters and its compare
/// variants (side by side when `split`; a link without variants has no split).
std::string url_state_hash(const std::string& scene, const ParamValues& params, bool embed, bool play,
                           const std::vector<Variant>& compare = {}, bool split = false);

/// Keys the page owns (plots: the plot layout; allow: the origins whose
/// messages it accepts; theme: dark, light or auto; activity: a teacher's
/// activity, encoded; studio: Customize mode open); the engine passes them
/// by untouched.
bool is_page_key(const std::string& key);

}  // namespace cl
