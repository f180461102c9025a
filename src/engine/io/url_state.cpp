#include "io/url_state.h"

#include <algorithm>

#include "core/message_text.h"
#include "core/text.h"
#include "io/compare_spec.h"
#include "io/query_string.h"
#include "scenes/registry.h"

namespace cl {

bool is_page_key(const std::string& key) {
  return key == "plots" || key == "allow" || key == "theme" || key == "lang" || key == "theory" || key == "perf" ||
         key == "activity" || key == "studio";
}

static std::optional<bool> parse_flag(const std::string& value) {
  if (value == "1" || value == "true") return true;
  if (value == "0" || value == "false") return false;
  return std::nullopt;
}

UrlState parse_url_state(const std::string& hash, const std::string& fallback_scene) {
  UrlState state;
  state.scene = find_scene(fallback_scene) ? fallback_scene : all_scenes().front().description().id;
  if (hash.size() > kMaxHashBytes) {
    state.problems.push_back(
        text("url.too_long", {{"bytes", std::to_string(hash.size())}, {"limit", std::to_string(kMaxHashBytes)}}));
    state.params.emplace(find_scene(state.scene)->description().params);
    return state;
  }
  QueryParse query = parse_query(hash);
  state.problems = query.problems;
  for (const auto& [key, value] : query.pairs) {
    if (key != "scene") continue;
    if (find_scene(value))
      state.scene = value;
    else
      state.problems.push_back(text("input.unknown_scene", {{"scene", quoted(value)}, {"scenes", scene_ids()}}));
  }
  state.params.emplace(find_scene(state.scene)->description().params);
  // A preset (by id or by name in any language) sets its values first; the link's own values override them.
  for (const auto& [key, value] : query.pairs) {
    if (key != "preset") continue;
    const std::vector<Preset> presets = find_scene(state.scene)->create()->presets(*state.params);
    const std::string& name = value;  // a structured binding cannot be captured in C++17
    const auto preset =
        std::find_if(presets.begin(), presets.end(), [&name](const Preset& p) { return p.is_named(name); });
    if (preset == presets.end()) {
      std::string ids;
      for (const Preset& p : presets) ids += (ids.empty() ? "" : ", ") + p.id;
      state.problems.push_back(text("url.unknown_preset", {{"scene", state.scene}, {"name", quoted(value)}, {"presets", ids}}));
      continue;
    }
    for (const auto& [name, preset_value] : preset->values)
      if (auto error = state.params->set(name, preset_value)) state.problems.push_back(*error);
  }
  for (const auto& [key, value] : query.pairs) {
    if (key == "scene" || key == "preset" || key == "compare" || is_page_key(key)) continue;
    if (key == "embed" || key == "play" || key == "split") {
      const auto flag = parse_flag(value);
      if (!flag)
        state.problems.push_back(text("url.flag", {{"key", quoted(key)}, {"value", quoted(value)}}));
      else
        (key == "embed" ? state.embed : key == "play" ? state.play : state.split) = *flag;
      continue;
    }
    if (auto error = state.params->set(key, value)) state.problems.push_back(*error);
  }
  // Variants are checked against the link's own parameters, so after them.
  for (const auto& [key, value] : query.pairs) {
    if (key != "compare") continue;
    CompareParse parsed = parse_compare_spec(value);
    std::vector<ParamValues> unused;
    if (!parsed.error.empty())
      state.problems.push_back(parsed.error);
    else if (auto error = variant_params(*state.params, parsed.variants, unused))
      state.problems.push_back(*error);
    else
      state.compare = parsed.variants;
  }
  if (state.problems.size() > kListedLinkProblems) {
    const size_t more = state.problems.size() - kListedLinkProblems;
    state.problems.resize(kListedLinkProblems);
    state.problems.push_back(text("url.more_problems", {{"count", std::to_string(more)}}));
  }
  return state;
}

std::string url_state_hash(const std::string& scene, const ParamValues& params, bool embed, bool play,
                           const std::vector<Variant>& compare, bool split) {
  KeyValues pairs = {{"scene", scene}};
  for (size_t i = 0; i < params.specs().size(); ++i) pairs.emplace_back(params.specs()[i].name, params.format(i));
  if (!compare.empty()) pairs.emplace_back("compare", compare_spec_text(compare));
  if (!compare.empty() && split) pairs.emplace_back("split", "1");
  if (play) pairs.emplace_back("play", "1");
  if (embed) pairs.emplace_back("embed", "1");
  return encode_query(pairs);
}

}  // namespace cl
