// The implicit scene under a compliant law: the balls are discs (the
// world's ellipses with a = b = r, no observer) inside the typed wall, all
// integrated together by the chosen integrator; wall hits and ball
// collisions are the world's finished impacts.
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

std::optional<std::string> ImplicitScene::start_world(const WorldModel& model, const std::vector<Ball>& balls, double t,
                                                      const std::vector<double>& spins) {
  const int n = model.n;
  Vec y = Vec::Zero(6 * n);
  for (int i = 0; i < n; ++i) {
    y.segment<2>(3 * i) = balls[i].p0;
    y.segment<2>(3 * (n + i)) = balls[i].v0;
    if (!spins.empty()) y[3 * (n + i) + 2] = spins[i];
  }
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  if (const auto closed = trial.closed_contact()) {
    const auto [i, j] = *closed;
    return j < 0 ? text("implicit.start.touches_wall", {{"i", std::to_string(i)}})
                 : text("implicit.start.overlap", {{"i", std::to_string(i)}, {"j", std::to_string(j)}});
  }
  world_ = std::move(trial);
  return std::nullopt;
}

std::optional<std::string> ImplicitScene::step_world(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  WorldEvents happened;
  const std::optional<std::string> error = world_.advance_to(t_end, happened, yield);
  t_ = world_.time();
  for (const FinishedImpact& impact : happened.impacts) {
    const bool wall_hit = impact.j < 0;
    Event e = make_event(impact.summary.onset, wall_hit ? "hit" : "collision", kFieldCount);
    e.fields[kBall] = impact.i;
    if (!wall_hit) e.fields[kOther] = impact.j;
    e.fields[kX] = impact.onset_point.x();
    e.fields[kY] = impact.onset_point.y();
    // The impulse law's columns: a wall hit's normal points into the inside
    // and its normal speeds are signed along it; a collision's normal points
    // from ball i to ball j and its speeds are the approach speed along it.
    const Eigen::Vector2d n = wall_hit ? Eigen::Vector2d(-impact.onset_normal) : impact.onset_normal;
    e.fields[kNx] = n.x();
    e.fields[kNy] = n.y();
    e.fields[kVnBefore] = wall_hit ? -impact.summary.impact_speed : impact.summary.impact_speed;
    e.fields[kVnAfter] = wall_hit ? impact.summary.rebound_speed : -impact.summary.rebound_speed;
    events.push_back(e);
    if (wall_hit) ++hits_;
  }
  if (!error && t_ >= t_end) remember_trails();
  return error;
}

}  // namespace cl
