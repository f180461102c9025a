#include "scenes/pendulum.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/text.h"
#include "scenes/integrator_params.h"
#include "scenes/state_json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kMassRadius = 0.045;  // of L: the mass as drawn (it touches nothing)

// Event field columns (scene description order).
enum Field { kPhi, kSpeed, kSpeedAfter, kDistance, kFieldCount };

}  // namespace

double thread_angle(const Eigen::Vector2d& r) { return std::atan2(r.x(), -r.y()); }

PendulumScene::PendulumScene() { reset(ParamValues(pendulum_description().params)); }

std::optional<std::string> PendulumScene::read_model(const ParamValues& p, WorldModel& model, View& view) {
  const double L = p.number("L"), nail_radius = p.number("nail_radius");
  if (nail_radius >= 0.5 * L) return text("pendulum.nail_too_large", {{"radius", format_number(nail_radius)}});
  model.n = 1;
  model.body.m = p.number("m");
  model.body.m_o = 0;
  model.body.a = model.body.b = kMassRadius * L;
  model.body.s = Vector2d::Zero();
  model.gravity = Vector2d(0, -p.number("g"));
  model.threads = {Thread{true, Vector2d::Zero(), L, nail_radius}};
  model.thread_restitution = p.number("e_thread");
  model.body_contacts = false;
  // State [r, v]: m and m/s scale alike here, so L scales the absolute tolerance.
  model.contact.stepper = read_integrator_params(p, L, 0.05, 2);
  view.trail = p.number("trail");
  return std::nullopt;
}

std::optional<std::string> PendulumScene::reset(const ParamValues& params) {
  WorldModel model;
  View view;
  if (auto error = read_model(params, model, view)) return error;
  if (auto error = start_at(model, 0, {0, -params.number("L")}, {params.number("v0"), 0})) return error;
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> PendulumScene::start_at(const WorldModel& model, double t, const Vector2d& r,
                                                   const Vector2d& v) {
  Vec y = Vec::Zero(6);
  y.head<2>() = r;
  y.segment<2>(3) = v;
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  world_ = std::move(trial);
  trail_.clear();
  snap_loss_ = 0;
  remember_trail();
  return std::nullopt;
}

std::optional<std::string> PendulumScene::apply_live(const ParamValues& params) {
  WorldModel model;
  View view;
  if (auto error = read_model(params, model, view)) return error;
  world_.set_model(model);
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> PendulumScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  for (const ThreadEvent& thread : happened.threads) {
    switch (thread.kind) {
      case ThreadEvent::Kind::Slack: {
        Event e = make_event(thread.t, "slack", kFieldCount);
        e.fields[kPhi] = thread_angle(thread.position);
        e.fields[kSpeed] = thread.speed;
        events.push_back(e);
        break;
      }
      case ThreadEvent::Kind::Taut: {
        Event e = make_event(thread.t, "taut", kFieldCount);
        e.fields[kPhi] = thread_angle(thread.position);
        e.fields[kSpeed] = thread.speed;
        e.fields[kSpeedAfter] = thread.speed_after;
        events.push_back(e);
        snap_loss_ += 0.5 * mass() * (thread.speed * thread.speed - thread.speed_after * thread.speed_after);
        break;
      }
      case ThreadEvent::Kind::Pass: {
        Event e = make_event(thread.t, "nail", kFieldCount);
        e.fields[kSpeed] = thread.speed;
        e.fields[kDistance] = thread.position.norm();
        events.push_back(e);
        break;
      }
    }
  }
  if (!error && time() >= t_end) remember_trail();
  return error;
}

nlohmann::json PendulumScene::state_json() const {
  const Vector2d r = position(), v = velocity();
  return {{"t", time()}, {"x", r.x()}, {"y", r.y()}, {"vx", v.x()}, {"vy", v.y()}};
}

std::optional<std::string> PendulumScene::load_state_json(const nlohmann::json& state) {
  double t = 0;
  const std::string what = text("pendulum.state.name");
  if (auto error = read_state_time(state, true, t, what)) return error;
  std::array<double, 4> values;
  if (auto error = read_finite_numbers(state, std::array{"x", "y", "vx", "vy"}, values, what)) return error;
  const Vector2d r(values[0], values[1]), v(values[2], values[3]);
  if (r.norm() > thread().length * (1 + 1e-9))
    return text("pendulum.state.too_far",
                {{"distance", format_number(r.norm())}, {"length", format_number(thread().length)}});
  return start_at(world_.model(), t, r, v);
}

}  // namespace cl
