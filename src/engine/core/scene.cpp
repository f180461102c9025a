// The words of a scene description and of its presets, and the default
// answer of a scene whose bodies cannot be dragged, from the message table;
// a series found by its name or its old name.
#include "core/scene.h"

#include <algorithm>

#include "core/text.h"

namespace cl {

std::optional<size_t> find_series(const std::vector<SeriesSpec>& series, const std::string& name) {
  for (size_t k = 0; k < series.size(); ++k)
    if (series[k].name == name) return k;
  for (size_t k = 0; k < series.size(); ++k)
    if (!series[k].old_name.empty() && series[k].old_name == name) return k;
  return std::nullopt;
}

std::string Preset::name() const { return text(scene + ".preset." + id + ".name"); }
std::string Preset::help() const { return text(scene + ".preset." + id + ".help"); }

bool Preset::is_named(const std::string& name) const {
  if (name == id) return true;
  for (Language language : all_languages())
    if (name == text_in(language, scene + ".preset." + id + ".name")) return true;
  return false;
}

std::string SceneDescription::title() const { return text(id + ".title"); }
std::string SceneDescription::summary() const { return text(id + ".summary"); }
std::string SceneDescription::caption() const { return text(id + ".caption"); }
std::string SceneDescription::cost_hint() const { return text(id + ".cost_hint"); }

std::vector<std::string> Scene::readout_series() const {
  std::vector<std::string> names;
  for (const std::vector<std::string>& panel : default_plots())
    for (const std::string& name : panel)
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

std::optional<std::string> Scene::place_body(size_t, const Eigen::Vector2d&, const Eigen::Vector2d&) {
  return text("scene.cannot_move");
}

}  // namespace cl
