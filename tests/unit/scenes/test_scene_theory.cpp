// Every scene's theory (Scene::theory, for the page's theory panel): in
// both languages, with the running numbers, for every contact law a scene
// offers; every text found in the table.
#include <algorithm>
#include <string>

#include <doctest/doctest.h>

#include "core/text.h"
#include "io/theory_json.h"
#include "scenes/registry.h"

namespace {

/// All the theory's text and TeX in one string (to search).
std::string flatten(const cl::Theory& theory) {
  std::string all = theory.summary + "\n";
  for (const auto& section : theory.sections) {
    all += section.heading + "\n";
    for (const auto& item : section.items) all += item.tex + item.text + "\n";
  }
  return all;
}

/// The scene `id` reset with `changes` (name, value) applied to its defaults.
std::unique_ptr<cl::Scene> started(const std::string& id, std::initializer_list<std::pair<const char*, const char*>> changes) {
  const cl::SceneEntry* entry = cl::find_scene(id);
  REQUIRE(entry);
  cl::ParamValues params(entry->description().params);
  for (const auto& [name, value] : changes) REQUIRE_FALSE(params.set(name, value));
  auto scene = entry->create();
  REQUIRE_FALSE(scene->reset(params));
  return scene;
}

}  // namespace

TEST_CASE("theory: every scene in English and German, three sections or more, no text missing") {
  for (cl::Language language : cl::all_languages()) {
    cl::set_language(language);
    for (const cl::SceneEntry& entry : cl::all_scenes()) {
      const auto scene = started(entry.description().id, {});
      const cl::Theory theory = scene->theory();
      const nlohmann::json json = cl::theory_json(theory);
      size_t formulas = 0;
      for (const auto& section : theory.sections)
        formulas += std::count_if(section.items.begin(), section.items.end(), [](const auto& i) { return !i.tex.empty(); });
      MESSAGE(std::string(cl::language_code(language)) << " " << entry.description().id << ": " << theory.sections.size()
                                          << " sections, " << formulas << " formulas, " << json.dump().size() << " bytes");
      CHECK(theory.sections.size() >= 3);
      CHECK(formulas >= 3);
      CHECK_FALSE(theory.summary.empty());
      CHECK(json["sections"].size() == theory.sections.size());
    }
  }
  cl::set_language(cl::Language::English);
  const auto missing = cl::missing_text_keys();
  for (const auto& key : missing) MESSAGE("missing: " << key);
  CHECK(std::none_of(missing.begin(), missing.end(), [](const std::string& key) { return key.rfind("theory.", 0) == 0; }));
}

TEST_CASE("theory: the law in use with its numbers; it follows a change of law") {
  const auto hunt_crossley = started("ellipses", {{"law", "hunt_crossley"}, {"c_tau", "0.975"}});
  const std::string hc = flatten(hunt_crossley->theory());
  CHECK(hc.find(R"(\tfrac{3}{2}(1-c_\tau))") != std::string::npos);
  CHECK(hc.find(R"(\beta = 0.0375)") != std::string::npos);  // 3/2 (1 − 0.975)
  CHECK(hc.find("Hunt") != std::string::npos);
  const auto flores = started("ellipses", {{"law", "flores"}, {"c_tau", "0.5"}});
  const std::string fl = flatten(flores->theory());
  CHECK(fl.find(R"(\dfrac{8(1-c_\tau)}{5c_\tau})") != std::string::npos);
  CHECK(fl.find(R"(\beta = 1.6)") != std::string::npos);  // 8 (1 − 0.5) / (5 · 0.5)
  const auto impulse = started("implicit", {});
  CHECK(flatten(impulse->theory()).find(R"(v_n^+ = -e\,v_n^-)") != std::string::npos);
  const auto pile = started("pile", {{"law", "linear"}, {"k_s", "8000"}});
  CHECK(flatten(pile->theory()).find(R"(k_s = 8000\ \mathrm{N/m})") != std::string::npos);
  const auto pendulum = started("pendulum", {{"L", "0.8"}});
  CHECK(flatten(pendulum->theory()).find(R"(L = 0.8\ \mathrm{m})") != std::string::npos);
}

TEST_CASE("theory: k0 at a contact in progress, from the curvature there") {
  // Two ellipses of the seed drop onto the wall; after a while one touches it.
  auto scene = started("ellipses", {});
  std::vector<cl::Event> events;
  std::string shown;
  for (int k = 1; k <= 400 && shown.empty(); ++k) {
    REQUIRE_FALSE(scene->advance_to(0.005 * k, events));
    const std::string all = flatten(scene->theory());
    if (all.find("k_0^{(") != std::string::npos) shown = all.substr(all.find("k_0^{("), 60);
  }
  MESSAGE("k0 during a contact: " << shown);
  CHECK_FALSE(shown.empty());
}
