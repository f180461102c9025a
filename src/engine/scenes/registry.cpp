#include "scenes/registry.h"

#include "scenes/cradle.h"
#include "scenes/ellipses.h"
#include "scenes/implicit.h"
#include "scenes/pendulum.h"
#include "scenes/street.h"
#include "scenes/pile.h"

namespace cl {

template <class S>
static std::unique_ptr<Scene> make() {
  return std::make_unique<S>();
}

const std::vector<SceneEntry>& all_scenes() {
  static const std::vector<SceneEntry> scenes = {
      {pendulum_description, make<PendulumScene>},
      {implicit_description, make<ImplicitScene>, ImplicitScene::fit_params_to_state, ImplicitScene::prepare},
      {ellipses_description, make<EllipsesScene>, EllipsesScene::fit_params_to_state, EllipsesScene::prepare},
      {street_description, make<StreetScene>},
      {pile_description, make<PileScene>, PileScene::fit_params_to_state},
      {cradle_description, make<CradleScene>, CradleScene::fit_params_to_state},
  };
  return scenes;
}

const SceneEntry* find_scene(const std::string& id) {
  for (const SceneEntry& e : all_scenes())
    if (e.description().id == id) return &e;
  return nullptr;
}

std::string scene_ids() {
  std::string ids;
  for (const SceneEntry& e : all_scenes()) ids += (ids.empty() ? "" : ", ") + e.description().id;
  return ids;
}

}  // namespace cl
