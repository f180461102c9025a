#include "scenes/street.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/text.h"
#include "scenes/contact_params.h"
#include "scenes/state_json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kStreetCheckReach = 50;    // m either side of x0 where a typed street must be finite
constexpr double kStreetCheckStep = 0.01;   // m

enum Field { kContactX, kImpactFields };  // then the contact tracker's impact_fields(), then the bodies i, j

}  // namespace

StreetScene::StreetScene() {
  if (auto error = reset(ParamValues(street_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> StreetScene::read_model(const ParamValues& p, const Street* current_street, WorldModel& model,
                                                   View& view) {
  model.body.m = p.number("m");
  model.body.m_o = p.number("m_o");
  model.body.a = p.number("a");
  model.body.b = p.number("b");
  const double alpha = p.number("alpha"), beta = p.number("beta");
  if (alpha * alpha + beta * beta > 1)
    return text("observer.outside", {{"sum", format_number(alpha * alpha + beta * beta)}});
  model.body.s = Vector2d(alpha * model.body.a, beta * model.body.b);
  model.n = p.integer("count");
  model.body_contacts = model.n > 1;
  model.gravity = Vector2d(0, -p.number("g"));
  model.boundary.kind = BoundaryKind::Street;
  const std::string& expression = p.text("street");
  if (current_street && current_street->text() == expression && !expression.empty()) {
    model.boundary.street = *current_street;  // the parsed street is kept (and shared by clones)
  } else if (expression.empty()) {
    model.boundary.street = Street::seed(p.number("amplitude"), p.number("frequency"), p.integer("bumps"));
  } else if (auto error = Street::typed(expression, model.boundary.street)) {
    return text("street.error", {{"error", *error}});
  }
  model.body_material = {p.number("E_e"), p.number("nu_e")};
  model.boundary.material = {p.number("E_s"), p.number("nu_s")};
  model.contact = read_contact_params(p, std::min(model.body.a, model.body.b));
  view.trail = p.number("trail");
  view.follow = p.choice("follow") == "on";
  return std::nullopt;
}

std::optional<std::string> StreetScene::reset(const ParamValues& params) {
  WorldModel model;
  View view;
  if (auto error = read_model(params, &street(), model, view)) return error;
  const double x0 = params.number("x0");
  const Street& street = model.boundary.street;
  if (auto bad = street.first_nonfinite(x0 - kStreetCheckReach, x0 + kStreetCheckReach, kStreetCheckStep))
    return text("street.not_finite", {{"x", format_number(*bad)}, {"reach", format_number(kStreetCheckReach)}});
  if (auto jump = street.first_jump(x0 - kStreetCheckReach, x0 + kStreetCheckReach, kStreetCheckStep))
    return text("street.jump", {{"x", format_number(jump->x)}, {"size", format_number(jump->size)},
                                {"reach", format_number(kStreetCheckReach)}});
  // The bodies in a row along x, spacing apart, alike otherwise.
  const int n = model.n;
  Vec y(6 * n);
  for (int i = 0; i < n; ++i) {
    y.segment<3>(3 * i) << x0 + i * params.number("spacing"), params.number("y0"), params.number("q0");
    y.segment<3>(3 * (n + i)) << params.number("vx0"), params.number("vy0"), params.number("w0");
  }
  if (auto error = start_at(model, y, 0)) return error;
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> StreetScene::start_at(const WorldModel& model, const Vec& y, double t) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  for (int i = 0; i < model.n; ++i) {
    // Without a common normal under it the gap is only a bound, which holds for an ellipse above the street.
    const double x = y[3 * i], height = y[3 * i + 1];
    const double ground = model.boundary.street.height(x);
    if (!(height > ground))
      return text("street.start_below",
                  {{"y", format_number(height)}, {"ground", format_number(ground)}, {"x", format_number(x)}});
    const ContactState& contact = trial.contact_state(static_cast<size_t>(i));
    if (!(contact.gap > 0))
      return text("street.start_inside", {{"gap", format_number(contact.gap)}, {"x", format_number(contact.warm)}});
  }
  if (const auto pair = trial.closed_contact())
    return text("street.start_overlap", {{"i", std::to_string(pair->first + 1)}, {"j", std::to_string(pair->second + 1)}});
  world_ = std::move(trial);
  trail_.clear();
  remember_trail();
  initial_energy_ = kinetic_energy() + potential_energy() + spring_energy();
  // The view holds the row of bodies and the street under them.
  const Coordinates first = world_.coordinates(0), last = world_.coordinates(model.n - 1);
  const double size = std::max(model.body.a, model.body.b);
  const double x_mid = 0.5 * (first.x() + last.x());
  home_view_ = Vector2d(x_mid, 0.5 * (first.y() + street().height(x_mid)));
  view_half_height_ = std::max(6.0, 0.6 * (first.y() - street().height(x_mid)) + 2 * size);
  view_half_width_ = model.n > 1 ? 0.5 * (last.x() - first.x()) + 6 * size : 0.0;  // room to roll
  return std::nullopt;
}

std::optional<std::string> StreetScene::check_pending(const ParamValues& requested) const {
  if (!requested.text("street").empty() && requested.text("street") != street().text()) {
    Street probe;
    if (auto error = Street::typed(requested.text("street"), probe)) return text("street.error", {{"error", *error}});
  }
  return std::nullopt;
}

std::optional<std::string> StreetScene::apply_live(const ParamValues& running) {
  WorldModel model;
  View view;
  if (auto error = read_model(running, &street(), model, view)) return error;
  world_.set_model(model);
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> StreetScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  const size_t body_field = kImpactFields + impact_fields().size();
  for (const FinishedImpact& impact : happened.impacts) {
    Event e = make_event(impact.summary.onset, impact.j < 0 ? "street" : "pair", body_field + 2);
    e.fields[kContactX] = impact.onset_point.x();
    write_impact_fields(impact.summary, e, kImpactFields);
    e.fields[body_field] = impact.i;
    if (impact.j >= 0) e.fields[body_field + 1] = impact.j;
    events.push_back(e);
  }
  if (!error && time() >= t_end) remember_trail();
  return error;
}

double StreetScene::spring_energy() const {
  // Each body's contact with the street, then the pairs the world keeps.
  double e = 0;
  for (int i = 0; i < model().n; ++i) e += world_.contact_response(static_cast<size_t>(i), PairSearch::Follow).elastic_energy;
  for (int i = 0; i < model().n; ++i)
    for (int j = i + 1; j < model().n; ++j)
      if (const auto index = world_.find_contact(i, j)) e += world_.contact_response(*index, PairSearch::Follow).elastic_energy;
  return e;
}

double StreetScene::energy_audit() const {
  return kinetic_energy() + potential_energy() + spring_energy() + dissipated_energy() - stiffness_work() -
         initial_energy_;
}

nlohmann::json StreetScene::state_json() const {
  const auto body = [&](int i) {
    const Coordinates Q = world_.coordinates(i);
    const Velocities V = world_.velocities(i);
    return nlohmann::json{{"x", Q.x()}, {"y", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vy", V.y()}, {"w", V.z()}};
  };
  // One body: its numbers beside t, as files had them before there could be more.
  if (model().n == 1) {
    nlohmann::json state = body(0);
    state["t"] = time();
    return state;
  }
  nlohmann::json bodies = nlohmann::json::array();
  for (int i = 0; i < model().n; ++i) bodies.push_back(body(i));
  return {{"t", time()}, {"bodies", bodies}};
}

std::optional<std::string> StreetScene::load_state_json(const nlohmann::json& state) {
  const std::string what = text("street.state.name");
  const int n = model().n;
  const auto list = state.is_object() ? state.find("bodies") : state.end();
  const bool listed = list != state.end();
  if (listed ? !list->is_array() || static_cast<int>(list->size()) != n : n != 1)
    return text("street.state.no_bodies", {{"n", std::to_string(n)}});
  Vec y(6 * n);
  for (int i = 0; i < n; ++i) {
    std::array<double, 6> values;
    const nlohmann::json& body = listed ? (*list)[i] : state;
    const std::string which = listed ? text("street.state.body", {{"i", std::to_string(i)}}) : what;
    if (auto error = read_finite_numbers(body, std::array{"x", "y", "q", "vx", "vy", "w"}, values, which)) return error;
    y.segment<3>(3 * i) << values[0], values[1], values[2];
    y.segment<3>(3 * (n + i)) << values[3], values[4], values[5];
  }
  double t = 0;
  if (auto error = read_state_time(state, false, t, what)) return error;
  if (auto error = start_at(model(), y, t)) return text("street.state.error", {{"error", *error}});
  return std::nullopt;
}

}  // namespace cl
