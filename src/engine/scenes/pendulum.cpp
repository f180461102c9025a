#include "scenes/pendulum.h"

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/text.h"
#include "integrators/root_find.h"
#include "math/polynomial_roots.h"
#include "scenes/integrator_params.h"
#include "scenes/state_json_numbers.h"

namespace cl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::nan("");

// Event field columns (scene description order).
enum Field { kPhi, kSpeed, kSpeedAfter, kDistance, kFieldCount };

}  // namespace

double thread_angle(const Eigen::Vector2d& r) { return std::atan2(r.x(), -r.y()); }

PendulumScene::PendulumScene() { reset(ParamValues(pendulum_description().params)); }

std::optional<std::string> PendulumScene::read_model(const ParamValues& p, Model& model) {
  model.L = p.number("L");
  model.g = p.number("g");
  model.m = p.number("m");
  model.restitution = p.number("e_thread");
  model.nail_radius = p.number("nail_radius");
  model.trail = p.number("trail");
  // State [r, v]: m and m/s scale alike here, so L scales the absolute tolerance.
  model.stepper = read_integrator_params(p, model.L, 0.05, 2);
  if (model.nail_radius >= 0.5 * model.L)
    return text("pendulum.nail_too_large", {{"radius", format_number(model.nail_radius)}});
  return std::nullopt;
}

std::optional<std::string> PendulumScene::reset(const ParamValues& params) {
  Model model;
  if (auto error = read_model(params, model)) return error;
  model_ = model;
  steps_ = 0;
  trail_.clear();
  stepper_.configure(model_.stepper);
  set_state(0, {0, -model_.L}, {params.number("v0"), 0}, nullptr);
  return std::nullopt;
}

std::optional<std::string> PendulumScene::apply_live(const ParamValues& params) {
  Model model;
  if (auto error = read_model(params, model)) return error;
  model_ = model;
  stepper_.configure(model_.stepper);
  // Gravity may have changed: restart the current phase from the current state.
  if (taut_)
    project_taut();
  else
    set_state(t_, r_, v_, nullptr);
  return std::nullopt;
}

double PendulumScene::slack_indicator(const Eigen::Vector2d& r, const Eigen::Vector2d& v) const {
  // Tension S = m (v.v + r.g) / L for a taut thread; its sign decides slack.
  return v.squaredNorm() + r.dot(gravity());
}

double PendulumScene::tension() const {
  return taut_ ? std::max(0.0, model_.m * slack_indicator(r_, v_) / model_.L) : 0.0;
}

void PendulumScene::set_state(double t, const Eigen::Vector2d& r, const Eigen::Vector2d& v,
                              std::vector<Event>* events) {
  t_ = t;
  r_ = r;
  v_ = v;
  const double distance = r_.norm();
  if (distance >= model_.L * (1 - 1e-9)) {
    r_ *= model_.L / distance;  // on the thread's circle
    const double v_radial = v_.dot(r_) / model_.L;
    if (v_radial > 0 && events) {
      snap_taut(*events);
      return;
    }
    if (v_radial >= 0) v_ -= v_radial * r_ / model_.L;  // tangential, as a taut thread allows
    if (v_radial >= 0 && slack_indicator(r_, v_) >= 0) {
      begin_taut();
      return;
    }
  }
  begin_flight();
}

void PendulumScene::project_taut() {
  r_ *= model_.L / r_.norm();
  v_ -= (v_.dot(r_) / (model_.L * model_.L)) * r_;
  if (slack_indicator(r_, v_) >= 0)
    begin_taut();
  else
    begin_flight();
}

void PendulumScene::begin_taut() {
  taut_ = true;
  Vec y(4);
  y << r_.x(), r_.y(), v_.x(), v_.y();
  stepper_.start(t_, y, taut_rhs());
}

OdeRhs PendulumScene::taut_rhs() const {
  // Made per call, not stored: a stored lambda would keep pointing at the
  // scene it was copied from after clone().
  const Eigen::Vector2d g = gravity();
  return [g](double, const Vec& s, Vec& dsdt) {
    const Eigen::Vector2d r = s.head<2>(), v = s.tail<2>();
    // |r|^2 = const requires r.a + v.v = 0; with a = g - lambda r this gives
    // lambda = (v.v + r.g) / r.r, the tension per unit mass and length.
    const double lambda = (v.squaredNorm() + r.dot(g)) / r.squaredNorm();
    dsdt.head<2>() = v;
    dsdt.tail<2>() = g - lambda * r;
  };
}

void PendulumScene::begin_flight() {
  taut_ = false;
  flight_.t0 = t_;
  flight_.r0 = r_;
  flight_.v0 = v_;
  const Eigen::Vector2d g = gravity();
  const double L2 = model_.L * model_.L;
  // |r(tau)|^2 - L^2 = c0 + c1 tau + c2 tau^2 + c3 tau^3 + c4 tau^4.
  std::vector<double> c = {r_.squaredNorm() - L2, 2 * r_.dot(v_), v_.squaredNorm() + r_.dot(g), v_.dot(g),
                           0.25 * g.squaredNorm()};
  // Leaving the circle at tau = 0 is not an event: divide out the zero roots
  // (rounding leaves ~1e-16 there) so only the return to |r| = L remains.
  const double speed_scale = v_.norm() + std::sqrt(model_.g * model_.L) + 1e-300;
  size_t zeros = 0;
  if (std::abs(c[0]) <= 1e-12 * L2) {
    zeros = 1;
    if (std::abs(c[1]) <= 1e-12 * model_.L * speed_scale) zeros = 2;
  }
  const std::vector<double> deflated(c.begin() + zeros, c.end());
  flight_.t_taut = kInf;
  for (double tau : real_polynomial_roots(deflated)) {
    if (tau <= 0) continue;
    // Only a crossing outwards (or a graze) tightens the thread.
    const double h = 1e-7 * tau;
    if (evaluate_polynomial(c, tau + h) < evaluate_polynomial(c, tau - h) - 1e-14 * L2) continue;
    flight_.t_taut = t_ + tau;
    break;
  }
  // Closest approach to the nail: d|r|^2/dtau = 2 r.v, a cubic in tau.
  flight_.t_nail = kNaN;
  const std::vector<double> dr2 = {r_.dot(v_), v_.squaredNorm() + r_.dot(g), 1.5 * v_.dot(g), 0.5 * g.squaredNorm()};
  for (double tau : real_polynomial_roots(dr2)) {
    if (tau <= 0 || t_ + tau >= flight_.t_taut) continue;
    const Eigen::Vector2d r = r_ + v_ * tau + 0.5 * g * tau * tau;
    if (r.norm() <= model_.nail_radius) {
      flight_.t_nail = t_ + tau;
      break;
    }
  }
}

void PendulumScene::snap_taut(std::vector<Event>& events) {
  const Eigen::Vector2d n = r_ / model_.L;
  const double v_radial = v_.dot(n);
  Event e = make_event(t_, "taut", kFieldCount);
  e.fields[kPhi] = thread_angle(r_);
  e.fields[kSpeed] = v_.norm();
  // Below this the bounces would repeat ever faster (Zeno): end them inelastically.
  const double v_settle = 1e-6 * (v_.norm() + std::sqrt(model_.g * model_.L));
  const double e_eff = v_radial * model_.restitution < v_settle ? 0.0 : model_.restitution;
  v_ -= (1 + e_eff) * v_radial * n;
  e.fields[kSpeedAfter] = v_.norm();
  events.push_back(e);
  if (e_eff == 0 && slack_indicator(r_, v_) >= 0)
    begin_taut();
  else
    begin_flight();
}

std::optional<std::string> PendulumScene::advance_taut(double t_end, std::vector<Event>& events) {
  const Vec y_before = stepper_.y();
  const double t_before = stepper_.t();
  if (!stepper_.step(taut_rhs(), t_end)) return text("pendulum.taut_underflow");
  ++steps_;
  const Vec& y = stepper_.y();
  auto indicator = [this](const Vec& s) {
    return slack_indicator(s.head<2>(), s.tail<2>());
  };
  const double s_after = indicator(y);
  if (s_after >= 0) {
    t_ = stepper_.t();
    r_ = y.head<2>();
    v_ = y.tail<2>();
    // The exact flow keeps |r| = L and r.v = 0; project when rounding drifts.
    const double drift = std::abs(r_.norm() - model_.L) / model_.L;
    if (drift > 1e-10) project_taut();
    return std::nullopt;
  }
  // Tension crossed zero inside the step: locate it on the dense output.
  Vec s(4);
  const double t_slack = find_root(
      [&](double t) {
        stepper_.dense(t, s);
        return indicator(s);
      },
      t_before, indicator(y_before), stepper_.t(), s_after, 1e-13 * std::max(1.0, t_end));
  stepper_.dense(t_slack, s);
  t_ = t_slack;
  r_ = s.head<2>() * (model_.L / s.head<2>().norm());
  v_ = s.tail<2>() - s.tail<2>().dot(r_) / (model_.L * model_.L) * r_;
  Event e = make_event(t_, "slack", kFieldCount);
  e.fields[kPhi] = thread_angle(r_);
  e.fields[kSpeed] = v_.norm();
  events.push_back(e);
  begin_flight();
  return std::nullopt;
}

void PendulumScene::advance_flight(double t_end, std::vector<Event>& events) {
  const double t_stop = std::min(t_end, flight_.t_taut);
  const Eigen::Vector2d g = gravity();
  auto position = [&](double t) {
    const double tau = t - flight_.t0;
    return Eigen::Vector2d(flight_.r0 + flight_.v0 * tau + 0.5 * g * tau * tau);
  };
  auto velocity = [&](double t) { return Eigen::Vector2d(flight_.v0 + g * (t - flight_.t0)); };
  if (std::isfinite(flight_.t_nail) && flight_.t_nail <= t_stop) {
    Event e = make_event(flight_.t_nail, "nail", kFieldCount);
    const Eigen::Vector2d r = position(flight_.t_nail);
    e.fields[kSpeed] = velocity(flight_.t_nail).norm();
    e.fields[kDistance] = r.norm();
    events.push_back(e);
    flight_.t_nail = kNaN;
  }
  t_ = t_stop;
  r_ = position(t_);
  v_ = velocity(t_);
  ++steps_;
  if (t_stop == flight_.t_taut) {
    r_ *= model_.L / r_.norm();
    const double v_radial = v_.dot(r_) / model_.L;
    if (v_radial > 0) {
      snap_taut(events);
    } else {
      set_state(t_, r_, v_, nullptr);  // grazing touch: taut if the thread can hold
    }
  }
}

std::optional<std::string> PendulumScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  int guard = 0;
  while (t_ < t_end) {
    if (++guard > 10000000) return text("pendulum.too_many_steps");
    if (taut_) {
      if (auto error = advance_taut(t_end, events)) return error;
    } else {
      advance_flight(t_end, events);
    }
    if (yield && t_ < t_end && yield()) return std::nullopt;
  }
  remember_trail();
  return std::nullopt;
}

nlohmann::json PendulumScene::state_json() const {
  return {{"t", t_}, {"x", r_.x()}, {"y", r_.y()}, {"vx", v_.x()}, {"vy", v_.y()}};
}

std::optional<std::string> PendulumScene::load_state_json(const nlohmann::json& state) {
  double t = 0;
  const std::string what = text("pendulum.state.name");
  if (auto error = read_state_time(state, true, t, what)) return error;
  std::array<double, 4> values;
  if (auto error = read_finite_numbers(state, std::array{"x", "y", "vx", "vy"}, values, what)) return error;
  const Eigen::Vector2d r(values[0], values[1]), v(values[2], values[3]);
  if (r.norm() > model_.L * (1 + 1e-9))
    return text("pendulum.state.too_far", {{"distance", format_number(r.norm())}, {"length", format_number(model_.L)}});
  std::vector<Event> ignored;
  trail_.clear();
  set_state(t, r, v, &ignored);
  remember_trail();
  return std::nullopt;
}

}  // namespace cl
