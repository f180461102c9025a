// The session: which scene runs with which parameters, and every way a new
// start comes (the picker, a preset, a reset, a scene file), each prepared
// within the frames' budget before it replaces the run.
#include "app.h"

#include <algorithm>

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"
#include "io/scene_file.h"
#include "wall_clock.h"

namespace cl::app {

std::unique_ptr<Simulation> App::new_simulation(const std::string& id) const {
  auto sim = std::make_unique<Simulation>(find_scene(id)->create());
  sim->set_sample_interval(kSampleInterval);
  return sim;
}

std::vector<ParamValues> App::starts_of(const std::string& id, const ParamValues& params,
                                        std::vector<Variant> compare) const {
  std::vector<ParamValues> starts = {ParamValues(find_scene(id)->description().params), params};
  std::vector<ParamValues> variants;
  if (!compare.empty() && !variant_params(params, compare, variants))
    starts.insert(starts.end(), variants.begin(), variants.end());
  return starts;
}

void App::start_scene(const std::string& id, const ParamValues& values) {
  if (!prepared_now(id, starts_of(id, values), [this, id, values] { start_scene(id, values); })) return;
  auto sim = new_simulation(id);
  if (auto error = sim->set_params(values)) {
    // The scene refused the set as a whole (a wall text it cannot parse): it
    // keeps what it takes of it, one parameter at a time, and says the rest.
    std::string refused = *error;
    for (size_t i = 0; i < values.specs().size(); ++i) {
      ParamValues trial = sim->params();
      if (trial.format(i) == values.format(i) || trial.set(values.specs()[i].name, values.format(i))) continue;
      if (auto one = sim->set_params(trial); one && *one != *error) refused += "\n- " + *one;
    }
    message(MessageLevel::Error, refused);
  }
  if (auto reset_error = sim->reset()) {
    message(MessageLevel::Error, text("app.defaults_used", {{"error", *reset_error}}));
    sim = new_simulation(id);
  }
  adopt(std::move(sim));
  fit_view();
  update_hash();
}

void App::adopt(std::unique_ptr<Simulation> sim) {
  sim_ = std::move(sim);
  variants_.clear();  // variants of the old run's start; a comparison is set after adopting
  ++simulations_started_;
  running_ = false;
  step_until_ = -1;
  reported_failure_ = false;
  page_series_changed();
  watch_questions();
}

std::optional<std::string> App::set_params(const ParamValues& values) {
  if (auto refused = activity_refusal(values)) return refused;
  const ParamValues before = sim_->params();
  if (auto error = sim_->set_params(values)) return error;
  if (auto error = set_variant_params(values)) {
    sim_->set_params(before);
    return error;
  }
  update_hash();
  return std::nullopt;
}

std::optional<std::string> App::set_param(const std::string& name, const std::string& value) {
  ParamValues values = sim_->params();
  if (auto error = values.set(name, value)) return error;
  return set_params(values);
}

std::optional<std::string> App::apply_preset(const std::string& name) {
  for (const Preset& preset : sim_->scene().presets(sim_->params())) {
    if (!preset.is_named(name)) continue;
    if (!preset_offered(preset)) return text("activity.preset_not_offered", {{"name", quoted(name)}});
    ParamValues values = sim_->params();
    for (const auto& [key, value] : preset.values)
      if (auto error = values.set(key, value)) return text("app.preset_not_applied", {{"name", name}, {"error", *error}});
    if (auto error = set_params(values)) return text("app.preset_not_applied", {{"name", name}, {"error", *error}});
    drafts_.clear();
    reset_run();
    return std::nullopt;
  }
  return text("app.no_preset", {{"scene", sim_->description().id}, {"name", name}});
}

bool App::switch_scene(const std::string& id) {
  const SceneEntry* entry = find_scene(id);
  if (!entry) return false;
  if (id != sim_->description().id) {
    if (auto refused = activity_refuses_start(id, ParamValues(entry->description().params))) {
      message(MessageLevel::Warning, *refused);
      return true;  // a known scene, not opened
    }
    drafts_.clear();
    start_scene(id, ParamValues(entry->description().params));
  }
  return true;
}

bool App::prepared_now(const std::string& id, std::vector<ParamValues> starts, std::function<void()> retry) {
  const SceneEntry* scene = find_scene(id);
  if (!scene) return true;  // the caller says why
  // A start nested in another (a link's scene switch, a build that resets) is
  // the same block of the same frame: only a start in a new frame starts afresh.
  if (!waiting_start_ && start_frame_wall_ != last_wall_) longest_start_slice_ = 0;
  start_frame_wall_ = last_wall_;
  waiting_start_ = WaitingStart{scene, std::move(starts), std::move(retry)};
  if (prepare_waiting_start(out_of_budget_from_now()) < 1) return false;
  waiting_start_.reset();
  return true;
}

double App::prepare_waiting_start(const Scene::YieldCheck& out_of_time) {
  const double start = wall_now();
  double progress = 1;
  for (const ParamValues& params : waiting_start_->starts)
    progress = std::min(progress, waiting_start_->scene->prepare(params, out_of_time));
  longest_start_slice_ = std::max(longest_start_slice_, wall_now() - start);
  start_progress_ = progress;
  if (progress < 1 && !waiting_start_->said) {
    message(MessageLevel::Info, text("app.start_prepared"));
    waiting_start_->said = true;
  }
  return progress;
}

void App::continue_start(const Scene::YieldCheck& out_of_time) {
  if (!waiting_start_ || prepare_waiting_start(out_of_time) < 1) return;
  const std::function<void()> build = std::move(waiting_start_->build);
  const bool play = waiting_start_->play;
  const std::string preparing = text("app.start_prepared");
  const double longest_slice = longest_start_slice_;  // the build's own checks start afresh
  waiting_start_.reset();
  build();  // every wall it needs is kept now: it builds within milliseconds
  longest_start_slice_ = std::max(longest_start_slice_, longest_slice);
  if (play) running_ = !sim_->failed();
  if (last_message_ == preparing) message(MessageLevel::Info, text("app.start_ready"));  // else the build said more
}

void App::reset_run() {
  std::vector<ParamValues> starts;
  for (Simulation* run : all_runs()) starts.push_back(run->params());
  if (!prepared_now(sim_->description().id, std::move(starts), [this] { reset_run(); })) return;
  if (auto error = sim_->reset()) {
    message(MessageLevel::Error, text("app.previous_run_kept", {{"error", *error}}));
    return;
  }
  if (auto error = reset_variants()) message(MessageLevel::Error, *error);
  reported_failure_ = false;
  step_until_ = -1;
  if (!camera_.user_moved()) fit_view();
}

void App::load_scene_text(const std::string& text) {
  SceneFileParse parsed = parse_scene_file(text);
  if (!parsed.file) {
    message(MessageLevel::Error, parsed.error);
    return;
  }
  const SceneFile& file = *parsed.file;
  if (!prepared_now(file.scene, starts_of(file.scene, file.params, file.compare), [this, text] { load_scene_text(text); }))
    return;
  const std::optional<nlohmann::json>& state = parsed.file->state;
  if (auto error = load_scene(parsed.file->scene, parsed.file->params, state ? &*state : nullptr, parsed.file->compare)) {
    message(MessageLevel::Error, cl::text("app.scene_file.rejected", {{"error", *error}}));
    return;
  }
  message(MessageLevel::Info,
          cl::text("app.scene_file.loaded", {{"scene", sim_->description().id}, {"t", format_number(sim_->time())}}));
}

std::optional<std::string> App::load_scene(const std::string& id, const ParamValues& params,
                                           const nlohmann::json* state, const std::vector<Variant>& compare) {
  if (auto refused = activity_refuses_start(id, params)) return refused;
  if (activity_ && !compare.empty()) {  // a variant may not change what the activity locks
    std::vector<Variant> variants = compare;
    std::vector<ParamValues> runs;
    if (!variant_params(params, variants, runs))
      for (const ParamValues& run : runs)
        if (auto refused = cl::activity_refusal(*activity_, params, run))
          return text("activity.variant_refused", {{"reason", *refused}});
  }
  auto sim = new_simulation(id);
  std::optional<std::string> error = sim->set_params(params);
  if (!error) error = sim->reset();
  if (!error && state) error = sim->load_state(*state);
  if (error) return error;
  const bool same_scene = sim->description().id == sim_->description().id;
  drafts_.clear();
  adopt(std::move(sim));
  if (!compare.empty()) {
    // Every run starts from the file's state (set_compare restarts them from the parameters).
    std::optional<std::string> compare_error = set_compare(compare);
    for (Simulation* run : all_runs())
      if (state && !compare_error) compare_error = run->load_state(*state);
    if (compare_error) {
      set_compare({});
      if (state) sim_->load_state(*state);
      message(MessageLevel::Warning, text("app.scene_file.compare_not_run", {{"error", *compare_error}}));
    }
  }
  if (!same_scene) fit_view();
  update_hash();
  return std::nullopt;
}

}  // namespace cl::app
