// The implicit scene's world: the balls are discs (the world's ellipses
// with a = b = r, no observer) inside the typed wall; wall hits, ball
// collisions and corrections are the world's events.
#include <limits>

#include "core/text.h"
#include "scenes/contact_params.h"
#include "scenes/implicit.h"

namespace cl {

WorldModel ImplicitScene::read_world_model(const ParamValues& params, const std::shared_ptr<const TypedWall>& wall,
                                           int n) {
  WorldModel model;
  model.n = n;
  const double r = params.number("r");
  model.body.a = model.body.b = r;
  model.body.m = params.number("m");
  model.body.m_o = 0;
  model.body.s = Eigen::Vector2d::Zero();
  model.gravity = Eigen::Vector2d(0, -params.number("g"));
  model.body_material = {params.number("E"), params.number("nu")};
  model.boundary.kind = BoundaryKind::TypedWall;
  model.boundary.wall = wall;
  model.boundary.material = model.body_material;
  model.contact = read_contact_params(params, r);
  model.body_contacts = params.choice("collisions") == "on";
  return model;
}

std::optional<std::string> ImplicitScene::start_world(const WorldModel& model, const Vec& y, double t) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  // Under the impulse law the placement and the scene file were checked with
  // the balls' own clearances (a ball may start touching the wall there).
  const auto closed = model.contact.impulse ? std::nullopt : trial.closed_contact();
  if (closed) {
    const auto [i, j] = *closed;
    return j < 0 ? text("implicit.start.touches_wall", {{"i", std::to_string(i)}})
                 : text("implicit.start.overlap", {{"i", std::to_string(i)}, {"j", std::to_string(j)}});
  }
  world_ = std::move(trial);
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  t_ = world_.time();
  // Impacts and corrections in time order (a correction follows its hit).
  size_t k = 0;
  auto log_corrections_before = [&](double t) {
    for (; k < happened.corrections.size() && happened.corrections[k].t < t; ++k) {
      const WallCorrection& c = happened.corrections[k];
      Event e = make_event(c.t, "correction", kFieldCount);
      e.fields[kBall] = c.body;
      e.fields[kX] = c.position.x();
      e.fields[kY] = c.position.y();
      e.fields[kNx] = c.normal.x();
      e.fields[kNy] = c.normal.y();
      events.push_back(e);
      ++corrections_;
    }
  };
  for (const FinishedImpact& impact : happened.impacts) {
    log_corrections_before(impact.summary.onset);
    const bool wall_hit = impact.j < 0;
    Event e = make_event(impact.summary.onset, wall_hit ? "hit" : "collision", kFieldCount);
    e.fields[kBall] = impact.i;
    if (!wall_hit) e.fields[kOther] = impact.j;
    // Where it hit: a wall hit's ball centre, inside the wall point by r; a
    // collision's contact point. A wall hit's normal points into the inside
    // and its normal speeds are signed along it; a collision's normal points
    // from ball i to ball j and its speeds are the approach speed along it.
    const Eigen::Vector2d n = wall_hit ? Eigen::Vector2d(-impact.onset_normal) : impact.onset_normal;
    const Eigen::Vector2d at = wall_hit ? Eigen::Vector2d(impact.onset_point + model_.r * n) : impact.onset_point;
    e.fields[kX] = at.x();
    e.fields[kY] = at.y();
    e.fields[kNx] = n.x();
    e.fields[kNy] = n.y();
    e.fields[kVnBefore] = wall_hit ? -impact.summary.impact_speed : impact.summary.impact_speed;
    e.fields[kVnAfter] = wall_hit ? impact.summary.rebound_speed : -impact.summary.rebound_speed;
    events.push_back(e);
    if (wall_hit) ++hits_;
  }
  log_corrections_before(std::numeric_limits<double>::infinity());
  if (!error && t_ >= t_end) remember_trails();
  return error;
}

}  // namespace cl
