// The run clock: how much simulated time each frame advances within its
// wall-time budget, and what the page says about the speed it manages.
#include "app.h"

#include <algorithm>
#include <cstdio>

#include "core/text.h"
#include "wall_clock.h"

namespace cl::app {
namespace {

// One integrator step that takes longer than this (s of wall time) cannot be
// split across frames: the run pauses and says why instead of freezing the tab.
constexpr double kMaxStepWall = 0.25;
// Frames in a row whose steps must each be that slow before the run pauses.
// A run's first steps also compile the engine's code on this device (the
// browser compiles WebAssembly lazily, at the first call): at 20× CPU
// throttling the cradle's first frame of play took 0.26-0.43 s for one step
// and paused a run whose steps then took 30 ms.
constexpr int kSlowStepFrames = 3;

// Wall time per frame for the simulation, s. At 60 frames per second 12 ms
// are left for it. When frames come slower (software rendering, a busy GPU)
// the main thread mostly waits for them, so half the frame interval goes to
// the simulation, up to 35 ms: the tab keeps answering.
constexpr double kMinStepBudget = 0.012;
constexpr double kMaxStepBudget = 0.035;

/// `value` printed with a printf `format` ("%.2g"): the speed texts' factors.
std::string printed(const char* format, double value) {
  char number[32];
  std::snprintf(number, sizeof number, format, value);
  return number;
}

// s of frames drawn after the last input or change from the page: ImGui's
// hover, popups and keyboard focus take a few frames to settle.
constexpr double kSettleSeconds = 1.0;

}  // namespace

bool App::wants_frame(double wall_seconds, bool input) {
  if (input || woken_) awake_until_ = wall_seconds + kSettleSeconds;
  woken_ = false;
  const bool busy = running_ || waiting_start_ || step_until_ > sim_->time() || png_requested_ || frames_held_ ||
                    wants_text_input();
  const bool wanted = busy || wall_seconds < awake_until_;
  if (wanted && idle_) forget_frame_gap();  // the run's clock restarts: no time is owed for the pause
  idle_ = !wanted;
  return wanted;
}

double App::step_budget() const { return std::clamp(0.5 * frame_interval_, kMinStepBudget, kMaxStepBudget); }

Scene::YieldCheck App::out_of_budget_from_now() const {
  const double deadline = wall_now() + step_budget();
  return [deadline] { return wall_now() > deadline; };
}

void App::advance_run(double wall_dt) {
  if (wall_dt > 0) frame_interval_ = frame_interval_ == 0 ? wall_dt : 0.9 * frame_interval_ + 0.1 * wall_dt;
  const double start = wall_now();
  // Asked between integrator steps, so no frame runs far past its budget however stiff the run.
  const Scene::YieldCheck out_of_time = out_of_budget_from_now();
  continue_start(out_of_time);
  if (waiting_start_) return;  // the runs wait for their new start
  const long long steps_before = total_steps();
  const double t_before = sim_->time();
  if (step_until_ > sim_->time() && !sim_->failed()) {  // a Step still on its way, every run alike
    for (Simulation* run : all_runs())
      if (!run->failed() && run->time() < step_until_) run->advance(step_until_ - run->time(), out_of_time);
    judge_speed(wall_now() - start, total_steps() - steps_before);
  }
  if (!running_) {
    drawing_scale_.pause();
    owed_time_ = 0;
    meter_.clear();
    behind_ = false;
  } else {
    // Time is owed in whole samples (grid-aligned stops make a frame-chopped run
    // identical to the CLI's); the remainder carries over to the next frame.
    // Slow frames are caught up in full (what the budget cannot run shows as
    // "can't keep up"); a gap that means the tab was hidden is not.
    owed_time_ += wall_dt < SpeedMeter::kNotRunning ? speed_ * wall_dt : 0;
    const double advanced = advance_together_on_grid(all_runs(), owed_time_, out_of_time);
    owed_time_ -= advanced;
    behind_ = owed_time_ > 2 * sim_->sample_interval() + 1e-9;
    if (behind_) owed_time_ = 0;  // slow down instead of piling up a backlog
    meter_.add(advanced, wall_dt);  // the whole frame, however long: the factor the user sees
    drawing_scale_.add_frame(wall_dt);
    judge_speed(wall_now() - start, total_steps() - steps_before);
  }
  timing_.add_advance(wall_now() - start, std::max(0.0, sim_->time() - t_before));
  report_variant_failures();
  if (sim_->failed()) {
    running_ = false;
    step_until_ = -1;
    if (!reported_failure_) message(MessageLevel::Error, sim_->failure());
    reported_failure_ = true;
  }
}

void App::judge_speed(double call_wall, long long steps) {
  if (steps <= 0) return;
  const double per_step = call_wall / static_cast<double>(steps);
  wall_per_step_ = wall_per_step_ == 0 ? per_step : 0.8 * wall_per_step_ + 0.2 * per_step;
  slow_step_frames_ = per_step > kMaxStepWall ? slow_step_frames_ + 1 : 0;
  if (slow_step_frames_ < kSlowStepFrames) return;
  slow_step_frames_ = 0;
  // One step that outlasts several frames cannot be split: stop before the tab freezes.
  running_ = false;
  step_until_ = -1;
  const SceneDescription& d = sim_->description();
  std::string cause;
  for (const std::string& name : d.cost_params)
    if (auto i = sim_->params().index_of(name)) {
      const ParamSpec& s = d.params[*i];
      cause += (cause.empty() ? "" : ", ") + name + " = " + sim_->params().format(*i) + (s.unit.empty() ? "" : " " + s.unit);
    }
  message(MessageLevel::Error,
          text("app.step_too_slow", {{"seconds", printed("%.2g", per_step)}, {"cause", cause}, {"hint", d.cost_hint()}}));
}

std::string App::speed_text() const {
  if (waiting_start_) return text("app.start_progress", {{"percent", printed("%.0f", 100 * start_progress_)}});
  const double factor = meter_.factor();
  if (!running_ || meter_.span() < 0.6 * SpeedMeter::kWindow) return "";  // too few frames to judge yet
  if (factor < 0.95 && behind_)
    return text("app.speed.slow_behind", {{"factor", printed("%.2g", factor)}, {"speed", printed("%.3g", speed_)}});
  if (factor < 0.95) return text("app.speed.slow", {{"factor", printed("%.2g", factor)}});
  if (factor < 1.05) return text("app.speed.real", {{"factor", printed("%.2f", factor)}});
  return text("app.speed.fast", {{"factor", printed("%.3g", factor)}});
}

}  // namespace cl::app
