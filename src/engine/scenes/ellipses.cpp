#include "scenes/ellipses.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "core/text.h"
#include "geometry/placed_centres.h"
#include "scenes/contact_params.h"
#include "scenes/state_json_numbers.h"
#include "scenes/typed_wall_params.h"

namespace cl {
namespace {

using Eigen::Vector2d;

enum Field { kI, kJ, kImpactFields };  // then the contact tracker's impact_fields()

}  // namespace

EllipsesScene::EllipsesScene() {
  if (auto error = reset(ParamValues(ellipses_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> EllipsesScene::read_model(const ParamValues& p, WorldModel& model, View& view) {
  model.n = p.integer("n");
  model.body.m = p.number("m");
  model.body.a = p.number("a");
  model.body.b = p.number("b");
  model.body.m_o = p.number("m_o");
  const double alpha = p.number("alpha"), beta = p.number("beta");
  model.body.s = Vector2d(alpha * model.body.a, beta * model.body.b);
  if (alpha * alpha + beta * beta > 1)
    return text("observer.outside", {{"sum", format_number(alpha * alpha + beta * beta)}});
  model.gravity = Vector2d(0, -p.number("g"));
  model.body_material = {p.number("E_e"), p.number("nu_e")};
  model.boundary.material = {p.number("E_w"), p.number("nu_w")};
  model.contact = read_contact_params(p, std::min(model.body.a, model.body.b));
  view.trail = p.number("trail");
  view.show_contacts = p.choice("contacts") == "on";
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::read_boundary(const ParamValues& p, const EllipseBody& body,
                                                        Boundary& boundary) {
  boundary.radius = p.number("R_wall");
  if (p.choice("boundary") == "typed") {
    boundary.kind = BoundaryKind::TypedWall;
    if (auto error = TypedWall::build(p.text("wall"), p.number("view"), boundary.wall))
      return text("wall.error", {{"error", *error}});
    return std::nullopt;
  }
  boundary.kind = BoundaryKind::CircleWall;
  if (std::max(body.a, body.b) >= boundary.radius)
    return text("ellipses.too_large",
                {{"a", format_number(std::max(body.a, body.b))}, {"radius", format_number(boundary.radius)}});
  return std::nullopt;
}

double EllipsesScene::prepare(const ParamValues& params, const YieldCheck& stop_early) {
  if (params.choice("boundary") != "typed") return 1;
  return TypedWall::prepare(params.text("wall"), params.number("view"), stop_early);
}

std::optional<std::string> EllipsesScene::reset(const ParamValues& params) {
  WorldModel model;
  View view;
  if (auto error = read_model(params, model, view)) return error;
  if (auto error = read_boundary(params, model.body, model.boundary)) return error;
  const int n = model.n;
  const double r0 = std::max(model.body.a, model.body.b);  // bounding radius, m
  const double reach = model.boundary.radius - 1.1 * r0;       // centres stay this close to the origin
  Vec y = Vec::Zero(6 * n);
  std::mt19937_64 rng(static_cast<uint64_t>(params.number("seed")));
  const double v_max = params.number("v_max"), w_max = params.number("w_max");
  if (params.choice("layout") == "head_on") {
    if (n != 2) return text("ellipses.head_on_n");
    if (reach < 1.05 * r0) return text("ellipses.head_on_room");
    y.segment<3>(0) << -reach, 0, 0;
    y.segment<3>(3) << reach, 0, 0;
    y.segment<3>(6) << v_max, 0, 0;
    y.segment<3>(9) << -v_max, 0, 0;
  } else if (params.choice("layout") == "break") {
    // Rows of 1, 2, 3, ... bodies opening to the right, bounding discs 5 % apart.
    if (n < 2) return text("ellipses.break_n");
    const double spacing = 2.1 * r0;                        // between centres in a row, m
    const double row_step = spacing * std::sqrt(3.0) / 2;  // between rows, m
    int rows = 0;
    while (rows * (rows + 1) / 2 < n - 1) ++rows;
    const double apex = -0.5 * (rows - 1) * row_step;  // centres the rack on the origin
    if (std::hypot(apex + (rows - 1) * row_step, 0.5 * (rows - 1) * spacing) > reach || -apex + 2 * spacing > reach)
      return text("ellipses.rack_room", {{"n", std::to_string(n - 1)}});
    int placed = 0;
    for (int row = 0; row < rows && placed < n - 1; ++row)
      for (int k = 0; k <= row && placed < n - 1; ++k, ++placed)
        y.segment<3>(3 * placed) << apex + row * row_step, (k - 0.5 * row) * spacing, 0;
    const int cue = n - 1;
    y.segment<3>(3 * cue) << -std::max(0.5 * reach, -apex + 2 * spacing), 0, 0;
    y.segment<3>(3 * (n + cue)) << v_max, 0, 0;
  } else {
    // The seed's rule: bounding discs inside the wall and apart from each other.
    // In a typed wall: centres drawn over its bounding box, at least 1.1 r0 from the curve.
    const bool typed = model.boundary.kind == BoundaryKind::TypedWall;
    Vector2d lo = Vector2d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
    if (typed) {
      for (const auto& loop : model.boundary.wall->curve.loops())
        for (const Vector2d& p : loop) {
          lo = lo.cwiseMin(p);
          hi = hi.cwiseMax(p);
        }
    }
    const auto inside = [&](const Vector2d& c) {
      if (!typed) return c.norm() <= reach;
      const ImplicitCurve& curve = model.boundary.wall->curve;
      return curve.inside(c) && curve.closest(c).distance >= 1.1 * r0;
    };
    if (!typed) lo = Vector2d::Constant(-reach), hi = Vector2d::Constant(reach);
    PlacedCentres centres(lo, hi, 2.1 * r0);
    for (int i = 0; i < n; ++i) {
      bool placed = false;
      for (int tries = 0; tries < 20000 && !placed; ++tries) {
        const UnitPair u = unit_random_pair(rng);
        const Vector2d c = typed ? Vector2d(lo.x() + (hi.x() - lo.x()) * u.x, lo.y() + (hi.y() - lo.y()) * u.y)
                                 : Vector2d(reach * (2 * u.x - 1), reach * (2 * u.y - 1));
        placed = centres.clear(c) && inside(c);  // the cheap test first: the wall's distance costs most
        if (placed) {
          y.segment<3>(3 * i) << c.x(), c.y(), M_PI * (2 * unit_random(rng) - 1);
          centres.add(c);
        }
      }
      if (!placed)
        return typed ? text("ellipses.no_room_typed", {{"n", std::to_string(n)}, {"a", format_number(r0)}})
                     : text("ellipses.no_room", {{"n", std::to_string(n)}, {"a", format_number(r0)},
                                                 {"radius", format_number(model.boundary.radius)}});
    }
    for (int i = 0; i < n; ++i)
      y.segment<3>(3 * (n + i)) << v_max * (2 * unit_random(rng) - 1), v_max * (2 * unit_random(rng) - 1),
          w_max * (2 * unit_random(rng) - 1);
  }
  if (auto error = start_at(model, 0, y)) return error;
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::check_pending(const ParamValues& requested) const {
  const std::shared_ptr<const TypedWall>& wall = model().boundary.wall;
  return typed_wall_text_error(requested.text("wall"), wall ? wall->expression.text() : std::string());
}

std::optional<std::string> EllipsesScene::apply_live(const ParamValues& running) {
  WorldModel model;
  View view;
  if (auto error = read_model(running, model, view)) return error;
  if (auto error = read_boundary(running, model.body, model.boundary)) return error;
  world_.set_model(model);
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::start_at(const WorldModel& model, double t, const Vec& y) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  // A start must be contact-free.
  if (const auto closed = trial.closed_contact()) {
    const auto [i, j] = *closed;
    return j < 0 ? text("ellipses.start.touches_wall", {{"i", std::to_string(i)}})
                 : text("ellipses.start.overlap", {{"i", std::to_string(i)}, {"j", std::to_string(j)}});
  }
  world_ = std::move(trial);
  trails_.assign(std::min(model.n, 50), {});
  remember_trails();
  initial_energy_ = kinetic_energy() + world_.potential_energy() + spring_energy();
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  for (const FinishedImpact& impact : happened.impacts) {
    Event e = make_event(impact.summary.onset, impact.j < 0 ? "wall" : "pair", kImpactFields + impact_fields().size());
    e.fields[kI] = impact.i;
    if (impact.j >= 0) e.fields[kJ] = impact.j;
    write_impact_fields(impact.summary, e, kImpactFields);
    events.push_back(e);
  }
  if (!error && world_.time() >= t_end) remember_trails();
  return error;
}

nlohmann::json EllipsesScene::state_json() const {
  nlohmann::json bodies = nlohmann::json::array();
  for (int i = 0; i < model().n; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    bodies.push_back({{"x", Q.x()}, {"y", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vy", V.y()}, {"w", V.z()}});
  }
  return {{"t", world_.time()}, {"bodies", bodies}};
}

std::optional<std::string> EllipsesScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "bodies", "n", params);
}

std::optional<std::string> EllipsesScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("bodies") : state.end();
  if (list == state.end() || !list->is_array() || static_cast<int>(list->size()) != model().n)
    return text("ellipses.state.no_bodies", {{"n", std::to_string(model().n)}});
  Vec y = Vec::Zero(6 * model().n);
  for (int i = 0; i < model().n; ++i) {
    std::array<double, 6> values;
    const nlohmann::json body = with_old_keys_renamed((*list)[i], {{"z", "y"}, {"vz", "vy"}});  // files before the rename
    if (auto error = read_finite_numbers(body, std::array{"x", "y", "q", "vx", "vy", "w"}, values,
                                         text("ellipses.state.body", {{"i", std::to_string(i)}})))
      return error;
    y.segment<3>(3 * i) << values[0], values[1], values[2];
    y.segment<3>(3 * (model().n + i)) << values[3], values[4], values[5];
  }
  double t = 0;
  if (auto error = read_state_time(state, false, t, text("ellipses.state.name"))) return error;
  if (auto error = start_at(model(), t, y)) return text("ellipses.state.error", {{"error", *error}});
  return std::nullopt;
}

std::vector<DraggableBody> EllipsesScene::draggable_bodies() const {
  std::vector<DraggableBody> bodies;
  for (int i = 0; i < model().n; ++i)
    bodies.push_back({coordinates(i).head<2>(), velocities(i).head<2>(), std::max(model().body.a, model().body.b)});
  return bodies;
}

std::optional<std::string> EllipsesScene::place_body(size_t i, const Eigen::Vector2d& position,
                                                     const Eigen::Vector2d& velocity) {
  if (i >= body_count()) return text("ellipses.place.no_body", {{"i", std::to_string(i)}});
  if (!position.allFinite() || !velocity.allFinite())
    return text("ellipses.place.not_finite", {{"i", std::to_string(i)}});
  // Through the scene file's state, so a placement is checked exactly like a loaded start.
  nlohmann::json state = state_json();
  nlohmann::json& body = state["bodies"][i];
  body["x"] = position.x();
  body["y"] = position.y();
  body["vx"] = velocity.x();
  body["vy"] = velocity.y();
  std::optional<std::string> error = load_state_json(state);
  const std::string prefix = text("ellipses.state.error", {{"error", ""}});  // "ellipses state: "
  if (error && error->compare(0, prefix.size(), prefix) == 0) error->erase(0, prefix.size());
  return error;
}

}  // namespace cl
