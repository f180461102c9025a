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

enum Field { kContactX, kImpactFields };  // then the contact tracker's impact_fields()

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
  model.n = 1;
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
  Vec y(6);
  y << x0, params.number("y0"), params.number("q0"), params.number("vx0"), params.number("vy0"), params.number("w0");
  if (auto error = start_at(model, y, 0)) return error;
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> StreetScene::start_at(const WorldModel& model, const Vec& y, double t) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  // Without a common normal under it the gap is only a bound, which holds for an ellipse above the street.
  const double ground = model.boundary.street.height(y[0]);
  if (!(y[1] > ground))
    return text("street.start_below",
                {{"y", format_number(y[1])}, {"ground", format_number(ground)}, {"x", format_number(y[0])}});
  const ContactState& contact = trial.contact_state(0);
  if (!(contact.gap > 0))
    return text("street.start_inside", {{"gap", format_number(contact.gap)}, {"x", format_number(contact.warm)}});
  world_ = std::move(trial);
  trail_.clear();
  remember_trail();
  initial_energy_ = kinetic_energy() + potential_energy() + spring_energy();
  const Coordinates Q = coordinates();
  const double size = std::max(model.body.a, model.body.b);
  home_view_ = Vector2d(Q.x(), 0.5 * (Q.y() + street().height(Q.x())));
  view_half_height_ = std::max(6.0, 0.6 * (Q.y() - street().height(Q.x())) + 2 * size);
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
  for (const FinishedImpact& impact : happened.impacts) {
    Event e = make_event(impact.summary.onset, "street", kImpactFields + impact_fields().size());
    e.fields[kContactX] = impact.onset_point.x();
    write_impact_fields(impact.summary, e, kImpactFields);
    events.push_back(e);
  }
  if (!error && time() >= t_end) remember_trail();
  return error;
}

double StreetScene::spring_energy() const {
  return world_.contact_response(0, PairSearch::Follow).elastic_energy;
}

double StreetScene::energy_audit() const {
  return kinetic_energy() + potential_energy() + spring_energy() + dissipated_energy() - stiffness_work() -
         initial_energy_;
}

nlohmann::json StreetScene::state_json() const {
  const Coordinates Q = coordinates();
  const Velocities V = velocities();
  return {{"t", time()}, {"x", Q.x()}, {"y", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vy", V.y()}, {"w", V.z()}};
}

std::optional<std::string> StreetScene::load_state_json(const nlohmann::json& state) {
  const std::string what = text("street.state.name");
  std::array<double, 6> values;
  if (auto error = read_finite_numbers(state, std::array{"x", "y", "q", "vx", "vy", "w"}, values, what)) return error;
  Vec y(6);
  for (int k = 0; k < 6; ++k) y[k] = values[k];
  double t = 0;
  if (auto error = read_state_time(state, false, t, what)) return error;
  if (auto error = start_at(model(), y, t)) return text("street.state.error", {{"error", *error}});
  return std::nullopt;
}

}  // namespace cl
