#include "scenes/cradle.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/text.h"
#include "scenes/contact_params.h"
#include "scenes/state_json_numbers.h"
#include "world/thread.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kDegree = 3.141592653589793 / 180;

enum Field { kI, kJ, kImpactFields };  // then the contact tracker's impact_fields()

/// x of pivot i (m): the row centred on the origin, `spacing` m apart.
double pivot_x(int i, int n, double spacing) { return (i - 0.5 * (n - 1)) * spacing; }

}  // namespace

CradleScene::CradleScene() {
  if (auto error = reset(ParamValues(cradle_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> CradleScene::read_model(const ParamValues& p, WorldModel& model) {
  const int n = p.integer("n");
  const double R = p.number("R"), L = p.number("L");
  if (L <= R) return text("cradle.thread_too_short", {{"L", format_number(L)}, {"R", format_number(R)}});
  model.n = n;
  model.body.m = p.number("m");
  model.body.m_o = 0;
  model.body.a = model.body.b = R;
  model.body.s = Vector2d::Zero();
  model.mass_factors.assign(n, 1.0);
  model.mass_factors[0] = p.number("m1_ratio");
  model.gravity = Vector2d(0, -p.number("g"));
  model.body_material = {p.number("E"), p.number("nu")};
  model.boundary.kind = BoundaryKind::None;
  const double spacing = 2 * R * (1 + kTouchingClearance) + p.number("gap");
  model.threads.resize(n);
  for (int i = 0; i < n; ++i) model.threads[i] = Thread{true, Vector2d(pivot_x(i, n, spacing), 0), L};
  model.thread_restitution = p.number("e_thread");
  model.contact = read_contact_params(p, R);
  return std::nullopt;
}

std::optional<std::string> CradleScene::reset(const ParamValues& params) {
  WorldModel model;
  if (auto error = read_model(params, model)) return error;
  const int n = model.n, k = params.integer("k");
  if (k >= n) return text("cradle.too_many_pulled", {{"k", std::to_string(k)}, {"n", std::to_string(n)}});
  // The k balls on the left turn by the same angle about their pivots: moved
  // alike, they stay as far apart as at rest.
  const double angle = params.number("angle") * kDegree;
  Vec y = Vec::Zero(6 * n);
  for (int i = 0; i < n; ++i) {
    const Thread& thread = model.threads[i];
    const double turn = i < k ? -angle : 0.0;
    y.segment<2>(3 * i) = thread.pivot + thread.length * Vector2d(std::sin(turn), -std::cos(turn));
  }
  return start_at(model, 0, y);
}

std::optional<std::string> CradleScene::start_at(const WorldModel& model, double t, const Vec& y) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  if (auto closed = trial.closed_contact())
    return text("cradle.start_overlap", {{"i", std::to_string(closed->first + 1)}, {"j", std::to_string(closed->second + 1)}});
  world_ = std::move(trial);
  rest_height_ = -model.threads[0].length;
  swing_half_width_ = 0;
  for (int i = 0; i < model.n; ++i) swing_half_width_ = std::max(swing_half_width_, std::abs(y[3 * i]) + model.body.a);
  last_ball_energy_ = ball_energy(model.n - 1);
  return std::nullopt;
}

std::optional<std::string> CradleScene::apply_live(const ParamValues& running) {
  WorldModel model;
  if (auto error = read_model(running, model)) return error;
  model.threads = world_.model().threads;  // the row stays where it hangs
  world_.set_model(model);
  return std::nullopt;
}

std::optional<std::string> CradleScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  const size_t first = events.size();
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  last_ball_energy_ = std::max(last_ball_energy_, ball_energy(ball_count() - 1));
  for (const FinishedImpact& impact : happened.impacts) {
    Event e = make_event(impact.summary.onset, "pair", kImpactFields + impact_fields().size());
    e.fields[kI] = impact.i + 1;  // balls are numbered from 1, as drawn
    e.fields[kJ] = impact.j + 1;
    write_impact_fields(impact.summary, e, kImpactFields);
    events.push_back(e);
  }
  for (const ThreadEvent& thread : happened.threads) {
    // A thread that went slack bounces at its length (e_thread > 0) until it holds again: those two are logged.
    if (thread.kind == ThreadEvent::Kind::Pass || (thread.kind == ThreadEvent::Kind::Taut && !thread.holds)) continue;
    Event e = make_event(thread.t, thread.kind == ThreadEvent::Kind::Slack ? "slack" : "taut",
                         kImpactFields + impact_fields().size());
    e.fields[kI] = thread.body + 1;
    events.push_back(e);
  }
  std::stable_sort(events.begin() + static_cast<std::ptrdiff_t>(first), events.end(),
                   [](const Event& a, const Event& b) { return a.t < b.t; });
  return error;
}

double CradleScene::ball_energy(int i) const {
  const EllipseBody body = model().body_of(i);
  const double height = position(i).y() - rest_height_;
  return 0.5 * body.total_mass() * velocity(i).squaredNorm() - body.total_mass() * model().gravity.y() * height;
}

double CradleScene::mechanical_energy() const {
  double e = world_.spring_energy();
  for (int i = 0; i < ball_count(); ++i) e += ball_energy(i);
  return e;
}

double CradleScene::contact_force(int i) const {
  const std::optional<size_t> index = world_.find_contact(i, i + 1);
  return index ? world_.contact_response(*index, PairSearch::Follow).force : 0.0;
}

double CradleScene::tension(int i) const { return world_.thread_tension(i); }

nlohmann::json CradleScene::state_json() const {
  nlohmann::json balls = nlohmann::json::array();
  for (int i = 0; i < ball_count(); ++i)
    balls.push_back({{"x", position(i).x()}, {"y", position(i).y()}, {"vx", velocity(i).x()}, {"vy", velocity(i).y()}});
  return {{"t", time()}, {"balls", balls}};
}

std::optional<std::string> CradleScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "balls", "n", params);
}

std::optional<std::string> CradleScene::load_state_json(const nlohmann::json& state) {
  const int n = ball_count();
  auto list = state.is_object() ? state.find("balls") : state.end();
  if (list == state.end() || !list->is_array() || static_cast<int>(list->size()) != n)
    return text("cradle.state.no_balls", {{"n", std::to_string(n)}});
  Vec y = Vec::Zero(6 * n);
  for (int i = 0; i < n; ++i) {
    std::array<double, 4> values;
    if (auto error = read_finite_numbers((*list)[i], std::array{"x", "y", "vx", "vy"}, values,
                                         text("cradle.state.ball", {{"i", std::to_string(i + 1)}})))
      return error;
    const Thread& thread = model().threads[i];
    const Vector2d r = Vector2d(values[0], values[1]) - thread.pivot;
    if (r.norm() > thread.length * (1 + 1e-9))
      return text("cradle.state.too_far", {{"i", std::to_string(i + 1)}, {"distance", format_number(r.norm())},
                                           {"length", format_number(thread.length)}});
    y.segment<3>(3 * i) << values[0], values[1], 0;
    y.segment<3>(3 * (n + i)) << values[2], values[3], 0;
  }
  double t = 0;
  if (auto error = read_state_time(state, false, t, text("cradle.state.name"))) return error;
  if (auto error = start_at(model(), t, y)) return text("cradle.state.error", {{"error", *error}});
  return std::nullopt;
}

}  // namespace cl
