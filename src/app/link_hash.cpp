// The link: the run written into the URL's hash, and a hash (a link, a
// host page's change) read back into a run, its problems said at once.
#include "app.h"

#include "core/text.h"
#include "io/compare_spec.h"
#include "io/url_state.h"

namespace cl::app {

void App::report_link_problems(const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  // One message for the whole link, so none of its problems is pushed out unseen.
  std::string said = text("app.link_problems");
  for (const std::string& p : problems) said += "\n- " + p;
  message(MessageLevel::Warning, said);
}

void App::update_hash() {
  const std::string hash =
      url_state_hash(sim_->description().id, sim_->params(), embed_, play_from_link_, compare_variants(), split_view_);
  if (hash == last_hash_) return;
  last_hash_ = hash;
  page_set_hash(hash);
}

void App::keep_activity_rules(UrlState& state) const {
  if (!activity_) return;
  if (state.scene != activity_->scene) {
    state.problems.push_back(text("activity.other_scene", {{"scene", activity_->scene}, {"other", state.scene}}));
    state.scene = activity_->scene;
    state.params = sim_->params();
    state.compare.clear();
    return;
  }
  // Each refused value is said and left as it is; the link's other values apply.
  ParamValues kept = sim_->params();
  for (size_t i = 0; i < kept.specs().size(); ++i) {
    ParamValues one = sim_->params();
    one.set(kept.specs()[i].name, state.params->format(i));
    if (auto refused = activity_refusal(one)) state.problems.push_back(*refused);
    else kept.set(kept.specs()[i].name, state.params->format(i));
  }
  state.params = kept;
  std::vector<ParamValues> runs;
  if (!state.compare.empty() && !variant_params(kept, state.compare, runs))
    for (const ParamValues& run : runs)
      if (auto refused = cl::activity_refusal(*activity_, kept, run)) {
        state.problems.push_back(text("activity.variant_refused", {{"reason", *refused}}));
        state.compare.clear();
        break;
      }
}

void App::apply_hash(const std::string& hash) {
  UrlState state = parse_url_state(hash, sim_->description().id);
  keep_activity_rules(state);
  embed_ = state.embed;
  split_view_ = state.split;
  if (!prepared_now(state.scene, starts_of(state.scene, *state.params, state.compare), [this, hash] { apply_hash(hash); }))
    return;
  last_hash_.clear();  // always write the full state back, even if it did not change
  // play=1 newly in the link (a host page, a link on the same page) starts the run it names.
  const bool asked_to_play = state.play && !play_from_link_;
  play_from_link_ = state.play;
  const bool new_start = state.scene != sim_->description().id || *state.params != sim_->params();
  if (new_start) start_scene(state.scene, *state.params);
  if (new_start || state.compare.size() != compare_variants().size() ||
      compare_spec_text(state.compare) != compare_spec_text(compare_variants()))
    if (auto error = set_compare(state.compare)) state.problems.push_back(*error);
  if (new_start || asked_to_play) running_ = autoplay(state.play);
  update_hash();
  report_link_problems(state.problems);
}

}  // namespace cl::app
