#include "scenes/ellipses.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "geometry/ellipse_contact.h"
#include "io/json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr double kPi = 3.141592653589793;
constexpr int kSeriesBodies = 10;  // bodies with their own coordinate series
constexpr int kGapBodies = 5;      // pairs among these get a gap series
constexpr size_t kTrailPoints = 600;

enum Field { kI, kJ, kImpactFields };  // then the contact tracker's impact_fields()



}  // namespace

const SceneDescription& ellipses_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "ellipses";
    s.title = "Ellipses in a circular wall";
    s.summary = "n ellipses with observer masses colliding in a circular wall, Hunt-Crossley contact (seed 000)";
    s.caption = "Ellipses, each carrying an observer mass (white dot), slide without gravity inside a circular "
                "wall and hit it and each other. Watch the contact points and normals at each impact, and the "
                "energy plots: the audit residual stays near zero while friction and damping dissipate energy.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"n", "ellipses", "", ParamKind::Integer, reset, 2, 1, 200, "Number of ellipses (a scene file's list sets it)."},
        {"a", "semi-axis a", "m", real, reset, 2, 0.05, 10, "Semi-axis along the body's x axis."},
        {"b", "semi-axis b", "m", real, reset, 1, 0.05, 10, "Semi-axis along the body's z axis."},
        {"m", "ellipse mass", "kg", real, reset, 1, 1e-3, 1e3, "Mass of each homogeneous ellipse.", {}, "", true},
        {"m_o", "observer mass", "kg", real, reset, 1, 0, 1e3, "Point mass fixed in each ellipse."},
        {"alpha", "observer x", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"beta", "observer z", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"R_wall", "wall radius", "m", real, reset, 6.5, 0.5, 1000, "Radius of the circular wall about the origin."},
        {"nu_e", "Poisson ellipse", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the ellipses."},
        {"nu_w", "Poisson wall", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the wall."},
        {"E_e", "Young ellipse", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the ellipses.", {}, "", true},
        {"E_w", "Young wall", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the wall.", {}, "", true},
        {"v_max", "initial speed", "m/s", real, reset, 20, 0, 100, "Initial velocity components uniform in [-v_max, v_max] (seed: 20)."},
        {"w_max", "initial spin", "rad/s", real, reset, 15, 0, 100, "Initial angular velocity uniform in [-w_max, w_max] (seed: 15)."},
        {"layout", "start", "", ParamKind::Choice, reset, 0, 0, 0,
         "random: seeded placement without overlaps; head_on: two bodies on the x axis flying at each other at v_max; "
         "break: n - 1 bodies at rest racked in a triangle, the last one shot at the rack's apex at v_max.",
         {"random", "head_on", "break"}},
        {"seed", "random seed", "", ParamKind::Integer, reset, 123456, 0, 1e9, "Seed of the random placement and speeds."},
        {"trail", "trail", "s", real, live, 2, 0, 30, "Length of the fading centre trails."},
        {"contacts", "show contacts", "", ParamKind::Choice, live, 1, 0, 0, "Draw contact points and normals.", {"off", "on"}},
    };
    insert_contact_params(s.params, "v_max", {0.975, 1e6, 0.01});
    s.event_fields = {"i", "j"};
    s.cost_params = {"n", "E_e", "E_w", "law", "rtol", "integrator"};
    s.cost_hint = "fewer ellipses, softer materials (E_e, E_w) or a looser tolerance (rtol) run faster";
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    s.is_random = true;
    return s;
  }();
  return d;
}

EllipsesScene::EllipsesScene() {
  if (auto error = reset(ParamValues(ellipses_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> EllipsesScene::read_model(const ParamValues& p, Model& model) {
  model.n = p.integer("n");
  model.body.m = p.number("m");
  model.body.a = p.number("a");
  model.body.b = p.number("b");
  model.body.m_o = p.number("m_o");
  const double alpha = p.number("alpha"), beta = p.number("beta");
  model.body.s = Vector2d(alpha * model.body.a, beta * model.body.b);
  if (alpha * alpha + beta * beta > 1)
    return "the observer at (alpha a, beta b) lies outside the ellipse: alpha^2 + beta^2 = " +
           format_number(alpha * alpha + beta * beta) + " must be <= 1";
  model.wall_radius = p.number("R_wall");
  if (std::max(model.body.a, model.body.b) >= model.wall_radius)
    return "the ellipses (semi-axis " + format_number(std::max(model.body.a, model.body.b)) +
           " m) do not fit in the wall of radius " + format_number(model.wall_radius) + " m";
  model.ellipse_material = {p.number("E_e"), p.number("nu_e")};
  model.wall_material = {p.number("E_w"), p.number("nu_w")};
  model.contact = read_contact_params(p, std::min(model.body.a, model.body.b));
  model.trail = p.number("trail");
  model.show_contacts = p.choice("contacts") == "on";
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::reset(const ParamValues& params) {
  Model model;
  if (auto error = read_model(params, model)) return error;
  const int n = model.n;
  const double r0 = std::max(model.body.a, model.body.b);  // bounding radius, m
  const double reach = model.wall_radius - 1.1 * r0;       // centres stay this close to the origin
  Vec y = Vec::Zero(6 * n + 2);
  std::mt19937_64 rng(static_cast<uint64_t>(params.number("seed")));
  const double v_max = params.number("v_max"), w_max = params.number("w_max");
  if (params.choice("layout") == "head_on") {
    if (n != 2) return "the head_on start needs n = 2";
    if (reach < 1.05 * r0) return "the wall is too small for two ellipses side by side: raise R_wall";
    y.segment<3>(0) << -reach, 0, 0;
    y.segment<3>(3) << reach, 0, 0;
    y.segment<3>(6) << v_max, 0, 0;
    y.segment<3>(9) << -v_max, 0, 0;
  } else if (params.choice("layout") == "break") {
    // Rows of 1, 2, 3, ... bodies opening to the right, bounding discs 5 % apart.
    if (n < 2) return "the break start needs n >= 2 (a rack and a cue body)";
    const double spacing = 2.1 * r0;                        // between centres in a row, m
    const double row_step = spacing * std::sqrt(3.0) / 2;  // between rows, m
    int rows = 0;
    while (rows * (rows + 1) / 2 < n - 1) ++rows;
    const double apex = -0.5 * (rows - 1) * row_step;  // centres the rack on the origin
    if (std::hypot(apex + (rows - 1) * row_step, 0.5 * (rows - 1) * spacing) > reach || -apex + 2 * spacing > reach)
      return "the rack of " + std::to_string(n - 1) + " does not fit in the wall: lower n, shrink a and b, or raise R_wall";
    int placed = 0;
    for (int row = 0; row < rows && placed < n - 1; ++row)
      for (int k = 0; k <= row && placed < n - 1; ++k, ++placed)
        y.segment<3>(3 * placed) << apex + row * row_step, (k - 0.5 * row) * spacing, 0;
    const int cue = n - 1;
    y.segment<3>(3 * cue) << -std::max(0.5 * reach, -apex + 2 * spacing), 0, 0;
    y.segment<3>(3 * (n + cue)) << v_max, 0, 0;
  } else {
    // The seed's rule: bounding discs inside the wall and apart from each other.
    for (int i = 0; i < n; ++i) {
      bool placed = false;
      for (int tries = 0; tries < 20000 && !placed; ++tries) {
        const Vector2d c(reach * (2 * unit_random(rng) - 1), reach * (2 * unit_random(rng) - 1));
        if (c.norm() > reach) continue;
        placed = true;
        for (int j = 0; j < i && placed; ++j) placed = (c - y.segment<2>(3 * j)).norm() >= 2.1 * r0;
        if (placed) y.segment<3>(3 * i) << c.x(), c.y(), M_PI * (2 * unit_random(rng) - 1);
      }
      if (!placed)
        return std::to_string(n) + " ellipses of semi-axis " + format_number(r0) + " m do not fit in a wall of radius " +
               format_number(model.wall_radius) + " m without overlapping: lower n, shrink a and b, or raise R_wall";
    }
    for (int i = 0; i < n; ++i)
      y.segment<3>(3 * (n + i)) << v_max * (2 * unit_random(rng) - 1), v_max * (2 * unit_random(rng) - 1),
          w_max * (2 * unit_random(rng) - 1);
  }
  model_ = model;
  t_ = 0;
  y_ = y;
  steps_before_ = -stepper_.steps();  // restart_stepper() below adds them back
  contacts_.clear();
  for (int i = 0; i < n; ++i) contacts_.push_back(Contact{i, -1});
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) contacts_.push_back(Contact{i, j});
  loops_.clear();
  refresh_contacts(y_);
  restart_stepper();
  trails_.assign(std::min(n, 50), {});
  remember_trails();
  initial_energy_ = kinetic_energy() + spring_energy();
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::apply_live(const ParamValues& params) {
  Model model;
  if (auto error = read_model(params, model)) return error;
  // Geometry, masses and the start wait for a reset.
  model.n = model_.n;
  model.body = model_.body;
  model.wall_radius = model_.wall_radius;
  model_ = model;
  restart_stepper();
  return std::nullopt;
}

Ellipse EllipsesScene::ellipse_of(const Vec& y, int i) const {
  return Ellipse{y.segment<2>(3 * i), y[3 * i + 2], model_.body.a, model_.body.b};
}

EllipsesScene::ContactResponse EllipsesScene::respond(const Contact& c, const Vec& y, Vec* F, Search mode) const {
  ContactResponse r;
  const int n = model_.n;
  const Ellipse A = ellipse_of(y, c.i);
  const Coordinates Qa = y.segment<3>(3 * c.i);
  const Velocities Va = y.segment<3>(3 * (n + c.i));
  const bool global = mode == Search::Global || !c.has_angle;
  const ContactSearch search{c.has_angle ? std::optional<double>(c.warm_angle) : std::nullopt, global, 48};
  const double size = std::max(model_.body.a, model_.body.b);
  NormalLawParams law;
  law.restitution = model_.contact.c_tau;
  law.linear_stiffness = model_.contact.linear_stiffness;

  ContactGeometry g;
  Vector2d point, relative_velocity;
  HertzStiffness k;
  Coordinates Qb = Coordinates::Zero();
  Velocities Vb = Velocities::Zero();
  if (c.j < 0) {
    // Margin: near contacts get their exact gap and rate (events at separation need them).
    if (!may_touch_wall(A, model_.wall_radius, 0.25 * std::min(model_.body.a, model_.body.b))) {
      r.gap = model_.wall_radius - farthest_distance_bound(A);
      return r;
    }
    g = ellipse_in_circle(A, model_.wall_radius, ContactSearch{search.warm_angle, global, kWallSearchSamples});
    point = g.point_a;
    relative_velocity = -point_velocity(Qa, Va, point);  // wall minus body
    k = hertz_stiffness(model_.ellipse_material, g.radius_a, model_.wall_material, -model_.wall_radius, size);
    law.effective_mass = model_.body.total_mass();
  } else {
    const Ellipse B = ellipse_of(y, c.j);
    if (!may_touch(A, B, 0.25 * std::min(model_.body.a, model_.body.b))) {
      r.gap = (A.center - B.center).norm() - 2 * size;
      return r;
    }
    Qb = y.segment<3>(3 * c.j);
    Vb = y.segment<3>(3 * (n + c.j));
    // Fast path from the last angle: exact while there is a gap (separated
    // convex shapes have one minimum); in overlap the global check runs too.
    g = ellipse_ellipse(A, B, ContactSearch{search.warm_angle, !search.warm_angle.has_value(), search.samples});
    if (g.distance <= 0 && search.warm_angle && global) g = ellipse_ellipse(A, B, search);
    point = 0.5 * (g.point_a + g.point_b);
    relative_velocity = point_velocity(Qb, Vb, point) - point_velocity(Qa, Va, point);
    k = hertz_stiffness(model_.ellipse_material, g.radius_a, model_.ellipse_material, g.radius_b, size);
    law.effective_mass = 0.5 * model_.body.total_mass();
  }
  r.searched = true;
  r.gap = g.distance;
  r.angle = g.angle;
  r.point = point;
  r.normal = g.normal;
  r.rate = -relative_velocity.dot(g.normal);  // > 0 while B (or the wall) and A close in
  if (r.gap > 0) return r;
  if (!k.ok()) {
    conformal_ = "contact " + std::to_string(c.i) + (c.j < 0 ? "-wall" : "-" + std::to_string(c.j)) +
                 " is conformal: " + k.message;
    return r;
  }
  law.hertz_stiffness = k.stiffness;
  if (model_.contact.law != NormalLaw::LinearSpringDashpot) r.stiffness = k.stiffness;
  const NormalForce f = normal_force(model_.contact.law, law, {-r.gap, r.rate, c.active ? c.impact_speed : r.rate});
  const Vector2d tangent(-g.normal.y(), g.normal.x());
  const double slip = relative_velocity.dot(tangent);  // of B (the wall) relative to A
  const double f_t = friction_force(model_.contact.friction_law, model_.contact.friction, f.force, slip);
  r.force = f.force;
  r.elastic_energy = f.elastic_energy;
  r.dissipated_power = f.dissipated_power - f_t * slip;  // friction opposes slip: -f_t slip >= 0
  if (F) {
    const Vector2d on_b = f.force * g.normal + f_t * tangent;  // force on B (the wall); A gets the opposite
    F->segment<2>(3 * c.i) -= on_b;
    (*F)[3 * c.i + 2] -= cross(point - Qa.head<2>(), on_b);
    if (c.j >= 0) {
      F->segment<2>(3 * c.j) += on_b;
      (*F)[3 * c.j + 2] += cross(point - Qb.head<2>(), on_b);
    }
  }
  return r;
}

size_t EllipsesScene::pair_index(int i, int j) const {
  // Pairs follow the n wall contacts in (0,1), (0,2), ..., (1,2), ... order.
  const int n = model_.n;
  return n + static_cast<size_t>(i) * (2 * n - i - 1) / 2 + (j - i - 1);
}

std::vector<size_t> EllipsesScene::near_contacts(const Vec& y) const {
  // Broad phase: sweep along x over the bounding discs (grown by the margin
  // respond() uses), so the cost grows about linearly with n. Every active
  // contact must be followed until it ends; an active pair's gap is at most
  // that margin, so the sweep always lists it.
  const int n = model_.n;
  const double reach = std::max(model_.body.a, model_.body.b) + 0.125 * std::min(model_.body.a, model_.body.b);
  std::vector<size_t> near;
  for (int i = 0; i < n; ++i)
    if (contacts_[i].active || y.segment<2>(3 * i).norm() + reach >= model_.wall_radius - reach) near.push_back(i);
  // Bodies by x; the last call's order is nearly sorted already, so
  // insertion sort takes about n steps.
  std::vector<int>& order = sweep_order_;
  if (static_cast<int>(order.size()) != n) {
    order.resize(n);
    for (int i = 0; i < n; ++i) order[i] = i;
  }
  for (int k = 1; k < n; ++k)
    for (int l = k; l > 0 && y[3 * order[l]] < y[3 * order[l - 1]]; --l) std::swap(order[l], order[l - 1]);
  for (int k = 0; k < n; ++k)
    for (int l = k + 1; l < n && y[3 * order[l]] - y[3 * order[k]] <= 2 * reach; ++l) {
      const int i = std::min(order[k], order[l]), j = std::max(order[k], order[l]);
      if (std::abs(y[3 * i + 1] - y[3 * j + 1]) <= 2 * reach) near.push_back(pair_index(i, j));
    }
  std::sort(near.begin(), near.end());
  near.erase(std::unique(near.begin(), near.end()), near.end());
  return near;
}

void EllipsesScene::derivative(const Vec& y, Vec& dydt) const {
  const int n = model_.n;
  Vec F = Vec::Zero(3 * n);
  double power = 0, stiffness_power = 0;
  Vec y_ahead, y_behind;  // positions moved +-h along the velocities: d(k0)/dt by central difference
  constexpr double h = 1e-6;  // s
  for (size_t index : near_contacts(y)) {
    const Contact& c = contacts_[index];
    const ContactResponse r = respond(c, y, &F, Search::Follow);
    power += r.dissipated_power;
    if (r.stiffness == 0) continue;
    if (y_ahead.size() == 0) {
      y_ahead = y_behind = y;
      y_ahead.head(3 * n) += h * y.segment(3 * n, 3 * n);
      y_behind.head(3 * n) -= h * y.segment(3 * n, 3 * n);
    }
    const double k_rate = (respond(c, y_ahead, nullptr, Search::Follow).stiffness -
                           respond(c, y_behind, nullptr, Search::Follow).stiffness) / (2 * h);
    // d/dt (2/5 k rho^{5/2}) = 2/5 k' rho^{5/2} + f_el rho': the first part is no force's work.
    stiffness_power += 0.4 * k_rate * std::pow(-r.gap, 2.5);
  }
  for (int i = 0; i < n; ++i) {
    const Coordinates Q = y.segment<3>(3 * i);
    const Velocities V = y.segment<3>(3 * (n + i));
    dydt.segment<3>(3 * i) = V;
    dydt.segment<3>(3 * (n + i)) = accelerations(model_.body, Q, V, F.segment<3>(3 * i));
  }
  dydt[6 * n] = power;
  dydt[6 * n + 1] = stiffness_power;
}

OdeRhs EllipsesScene::rhs() const {
  // Made per call: a stored lambda would point at the scene it was cloned from.
  return [this](double, const Vec& y, Vec& dydt) { derivative(y, dydt); };
}

void EllipsesScene::restart_stepper() {
  steps_before_ += stepper_.steps();  // configure() starts a fresh integrator
  stepper_.configure(model_.contact.stepper);
  stepper_.start(t_, y_, rhs());
}

bool EllipsesScene::refresh_contacts(const Vec& y) {
  bool jumped = false;
  const std::vector<size_t> near = near_contacts(y);
  size_t next_near = 0;
  for (size_t index = 0; index < contacts_.size(); ++index) {
    Contact& c = contacts_[index];
    const bool is_near = next_near < near.size() && near[next_near] == index;
    if (is_near) ++next_near;
    if (!is_near) {  // far apart: a positive lower bound of the gap will do
      c.gap = std::max(c.gap, 0.125 * std::min(model_.body.a, model_.body.b));
      continue;
    }
    const ContactResponse r = respond(c, y, nullptr);
    c.gap = r.gap;
    if (r.searched) {
      // The minimum the step followed is found again to round-off; anything more is a take-over.
      if (c.active && c.has_angle)
        jumped |= std::abs(std::remainder(r.angle - respond(c, y, nullptr, Search::Follow).angle, 2 * kPi)) > 1e-6;
      c.warm_angle = r.angle;
      c.has_angle = true;
    }
    if (c.active) follow_contact(c, r.gap, r.force, loops_);
  }
  return jumped;
}

std::optional<std::string> EllipsesScene::take_step(double t_end, std::vector<Event>& events) {
  const double t0 = stepper_.t();
  conformal_.clear();
  if (!stepper_.step(rhs(), t_end))
    return "the integrator could not keep its tolerance (step size underflow): a contact too stiff or too fast";
  if (!conformal_.empty()) return conformal_;
  const std::optional<ContactCrossing> crossing =
      earliest_crossing(stepper_, t0, contacts_, near_contacts(stepper_.y()),
                        [&](size_t index, const Vec& y) { return respond(contacts_[index], y, nullptr).gap; });
  if (!crossing) {
    t_ = stepper_.t();
    y_ = stepper_.y();
    if (refresh_contacts(y_)) restart_stepper();  // the force jumped: the integrator's last stage is stale
    return std::nullopt;
  }
  // Restart exactly at the event, so the force law switches there and nowhere else.
  stepper_.dense(crossing->t, y_);
  t_ = crossing->t;
  refresh_contacts(y_);
  Contact& c = contacts_[crossing->index];
  const ContactResponse r = respond(c, y_, nullptr);
  const char* kind = c.j < 0 ? "wall" : "pair";
  if (!c.active) {
    begin_contact(c, t_, r.rate, r.gap, r.force, loops_, kind, c.i, c.j);
  } else {
    const ImpactSummary impact = end_contact(c, t_, r.rate);
    Event e = make_event(impact.onset, kind, kImpactFields + impact_fields().size());
    e.fields[kI] = c.i;
    if (c.j >= 0) e.fields[kJ] = c.j;
    write_impact_fields(impact, e, kImpactFields);
    events.push_back(e);
  }
  restart_stepper();
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  for (long long guard = 0; t_ < t_end; ++guard) {
    if (guard > 10000000) return "too many steps in one interval";
    if (auto error = take_step(t_end, events)) return error;
    if (yield && t_ < t_end && yield()) return std::nullopt;
  }
  remember_trails();
  return std::nullopt;
}

double EllipsesScene::kinetic_energy() const {
  double e = 0;
  for (int i = 0; i < model_.n; ++i) e += cl::kinetic_energy(model_.body, coordinates(i), velocities(i));
  return e;
}

double EllipsesScene::spring_energy() const {
  double e = 0;
  for (size_t index : near_contacts(y_)) e += respond(contacts_[index], y_, nullptr).elastic_energy;
  return e;
}

Eigen::Vector2d EllipsesScene::linear_momentum() const {
  Vector2d p = Vector2d::Zero();
  for (int i = 0; i < model_.n; ++i) p += cl::linear_momentum(model_.body, coordinates(i), velocities(i));
  return p;
}

double EllipsesScene::angular_momentum() const {
  double l = 0;
  for (int i = 0; i < model_.n; ++i) l += cl::angular_momentum(model_.body, coordinates(i), velocities(i));
  return l;
}

void EllipsesScene::remember_trails() {
  const size_t keep = std::min(kTrailPoints, static_cast<size_t>(model_.trail / 0.005) + 1);
  for (size_t i = 0; i < trails_.size(); ++i) {
    trails_[i].push_back(y_.segment<2>(3 * i));
    while (trails_[i].size() > keep) trails_[i].pop_front();
  }
}

std::vector<SeriesSpec> EllipsesScene::series() const {
  // Machine names count bodies from 0 (x0, gap0_1); labels count from 1, as people do.
  std::vector<SeriesSpec> s = {{"t", "s", "time"}};
  const int shown = std::min(model_.n, kSeriesBodies);
  for (int i = 0; i < shown; ++i) {
    const std::string k = std::to_string(i), body = " of ellipse " + std::to_string(i + 1);
    s.insert(s.end(), {{"x" + k, "m", "x" + body},
                       {"z" + k, "m", "z" + body},
                       {"q" + k, "rad", "angle" + body},
                       {"vx" + k, "m/s", "velocity x" + body},
                       {"vz" + k, "m/s", "velocity z" + body},
                       {"w" + k, "rad/s", "spin" + body},
                       {"gap_wall" + k, "m", "gap, wall ↔ ellipse " + std::to_string(i + 1)}});
  }
  const int paired = std::min(model_.n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j)
      s.push_back({"gap" + std::to_string(i) + "_" + std::to_string(j), "m",
                   "gap, ellipse " + std::to_string(i + 1) + " ↔ ellipse " + std::to_string(j + 1)});
  s.insert(s.end(), {{"E_kin", "J", "kinetic energy"},
                     {"E_spring", "J", "contact spring energy"},
                     {"E_diss", "J", "dissipated work"},
                     {"W_stiffness", "J", "stiffness work W_k"},
                     {"E_total", "J", "mechanical energy", true},
                     {"E_audit", "J", "audit residual (stays near 0)"}});
  return s;
}

std::vector<std::vector<std::string>> EllipsesScene::default_plots() const {
  std::vector<std::vector<std::string>> plots = {{"E_kin", "E_diss", "E_total"}, {"E_audit", "W_stiffness"}};
  std::vector<std::string> gaps;
  for (int i = 0; i < std::min(model_.n, 3); ++i) gaps.push_back("gap_wall" + std::to_string(i));
  if (model_.n >= 2) gaps.push_back("gap0_1");
  plots.push_back(gaps);
  return plots;
}

double EllipsesScene::exact_gap(const Contact& c) const {
  const Ellipse A = ellipse_of(y_, c.i);
  if (c.j < 0) return ellipse_in_circle(A, model_.wall_radius, ContactSearch{std::nullopt, true, kWallSearchSamples}).distance;
  return ellipse_ellipse(A, ellipse_of(y_, c.j), ContactSearch{}).distance;
}

void EllipsesScene::sample(std::vector<double>& values) const {
  values.clear();
  values.push_back(t_);
  const int n = model_.n;
  const int shown = std::min(n, kSeriesBodies);
  for (int i = 0; i < shown; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    values.insert(values.end(), {Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), exact_gap(contacts_[i])});
  }
  const int paired = std::min(n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j) values.push_back(exact_gap(contacts_[pair_index(i, j)]));
  const double e_kin = kinetic_energy(), e_spring = spring_energy(), e_diss = dissipated_energy();
  const double w_k = stiffness_work();
  // E_audit = E_total + E_diss - W_stiffness - E_total(0): zero up to the integration error.
  values.insert(values.end(),
                {e_kin, e_spring, e_diss, w_k, e_kin + e_spring, e_kin + e_spring + e_diss - w_k - initial_energy_});
}

Sketch EllipsesScene::sketch() const {
  static const Rgba palette[] = {0x4a90d9ff, 0xe0453aff, 0xf5a623ff, 0x3cb371ff, 0xb37feeff, 0xd0d0d0ff};
  Sketch s;
  s.view_center = {0, 0};
  s.view_half_height = 1.08 * model_.wall_radius;
  s.circles.push_back({Vector2d(0, 0), model_.wall_radius, 0, 0xe6e6e6ff, 2.0f});
  for (size_t i = 0; i < trails_.size(); ++i) {
    SketchPolyline trail;
    trail.points.assign(trails_[i].begin(), trails_[i].end());
    trail.color = (palette[i % 6] & 0xffffff00) | 0x90;
    trail.width_px = 1.5f;
    trail.fade = true;
    if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  }
  for (int i = 0; i < model_.n; ++i) {
    const Coordinates Q = coordinates(i);
    s.ellipses.push_back({Q.head<2>(), model_.body.a, model_.body.b, Q.z(), palette[i % 6], 2.0f});
    s.circles.push_back({Q.head<2>(), 0, palette[i % 6], 0, 1.0f, 2.5f});
    const Vector2d observer = Q.head<2>() + observer_offset(model_.body, Q.z());
    if (model_.body.m_o > 0) s.circles.push_back({observer, 0, 0xffffffff, 0x000000ff, 1.0f, 4.0f});
  }
  if (model_.show_contacts)
    for (size_t index : near_contacts(y_)) {
      const Contact& c = contacts_[index];
      if (!c.active && c.gap > 0.05 * std::min(model_.body.a, model_.body.b)) continue;
      const ContactResponse r = respond(c, y_, nullptr);
      if (!r.searched) continue;
      const Rgba color = c.active ? 0xff5050ff : 0xffd070ff;
      s.circles.push_back({r.point, 0, color, 0, 1.0f, 3.0f});
      s.arrows.push_back({r.point, r.point + 0.4 * model_.body.b * r.normal, color, 1.5f});
    }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Ring, 0xe6e6e6ff, "wall"}, {Glyph::Line, palette[0], "ellipse (one colour each)"}};
  if (model_.body.m_o > 0) s.legend.push_back({Glyph::Dot, 0xffffffff, "observer mass"});
  if (model_.show_contacts) {
    s.legend.push_back({Glyph::Arrow, 0xff5050ff, "contact point and normal, in contact"});
    s.legend.push_back({Glyph::Arrow, 0xffd070ff, "closest points, about to touch"});
  }
  if (model_.trail > 0) s.legend.push_back({Glyph::Line, palette[0] & 0xffffff90, "trail of the centre, in its colour"});
  return s;
}

std::vector<Preset> EllipsesScene::presets(const ParamValues&) const {
  return {
      {"Seed case", "The seed's two ellipses 2 x 1 m in a wall of radius 6.5 m, Hunt-Crossley c_tau 0.975, friction 0.01: "
       "the mechanical energy steps down at each impact while the audit residual stays near 0",
       {{"n", "2"}, {"a", "2"}, {"b", "1"}, {"R_wall", "6.5"}, {"layout", "random"}, {"seed", "123456"}, {"v_max", "20"}}},
      {"Two discs head-on", "Two discs of radius 1 m fly at each other at 5 m/s, no spin, no friction: rebound over impact speed "
       "is the law's restitution; try other laws and c_tau",
       {{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"layout", "head_on"}, {"v_max", "5"},
        {"friction", "0"}}},
      {"Billiard break", "A rack of 19 ellipses 0.5 x 0.4 m at rest, broken by a 20th at 8 m/s: momentum is kept through the "
       "pair impacts until a body reaches the wall",
       {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"R_wall", "6.5"}, {"layout", "break"}, {"v_max", "8"}}},
      {"Dense gas", "100 ellipses 0.3 x 0.2 m in a wall of 6.5 m, tolerance 1e-6 for speed: friction and damping drain "
       "the energy; the audit residual stays about 2e-4 of the start energy over 2 s",
       {{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"R_wall", "6.5"}, {"layout", "random"}, {"v_max", "3"}, {"w_max", "3"},
        {"rtol", "1e-6"}}},
  };
}

nlohmann::json EllipsesScene::state_json() const {
  nlohmann::json bodies = nlohmann::json::array();
  for (int i = 0; i < model_.n; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    bodies.push_back({{"x", Q.x()}, {"z", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vz", V.y()}, {"w", V.z()}});
  }
  return {{"t", t_}, {"bodies", bodies}};
}

std::optional<std::string> EllipsesScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "bodies", "n", params);
}

std::optional<std::string> EllipsesScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("bodies") : state.end();
  if (list == state.end() || !list->is_array() || static_cast<int>(list->size()) != model_.n)
    return "ellipses state needs a \"bodies\" list of " + std::to_string(model_.n) + " {x, z, q, vx, vz, w}";
  Vec y = Vec::Zero(6 * model_.n + 2);
  for (int i = 0; i < model_.n; ++i) {
    std::array<double, 6> values;
    if (auto error = read_finite_numbers((*list)[i], std::array{"x", "z", "q", "vx", "vz", "w"}, values,
                                         "ellipses state: body " + std::to_string(i)))
      return error;
    y.segment<3>(3 * i) << values[0], values[1], values[2];
    y.segment<3>(3 * (model_.n + i)) << values[3], values[4], values[5];
  }
  double t = 0;
  if (auto error = read_state_time(state, false, t, "ellipses state")) return error;
  // Refuse overlaps and bodies outside the wall: a start must be contact-free.
  EllipsesScene trial = *this;
  trial.y_ = y;
  trial.t_ = t;
  for (Contact& c : trial.contacts_) c = Contact{c.i, c.j};
  trial.loops_.clear();
  trial.refresh_contacts(trial.y_);
  for (const Contact& c : trial.contacts_)
    if (c.gap <= 0)
      return "ellipses state: body " + std::to_string(c.i) +
             (c.j < 0 ? " touches or crosses the wall" : " overlaps body " + std::to_string(c.j));
  *this = trial;
  restart_stepper();
  trails_.assign(std::min(model_.n, 50), {});
  remember_trails();
  initial_energy_ = kinetic_energy() + spring_energy();
  return std::nullopt;
}

std::vector<DraggableBody> EllipsesScene::draggable_bodies() const {
  std::vector<DraggableBody> bodies;
  for (int i = 0; i < model_.n; ++i)
    bodies.push_back({coordinates(i).head<2>(), velocities(i).head<2>(), std::max(model_.body.a, model_.body.b)});
  return bodies;
}

std::optional<std::string> EllipsesScene::place_body(size_t i, const Eigen::Vector2d& position,
                                                     const Eigen::Vector2d& velocity) {
  if (i >= body_count()) return "there is no body " + std::to_string(i);
  if (!position.allFinite() || !velocity.allFinite()) return "body " + std::to_string(i) + ": not a finite placement";
  // Through the scene file's state, so a placement is checked exactly like a loaded start.
  nlohmann::json state = state_json();
  nlohmann::json& body = state["bodies"][i];
  body["x"] = position.x();
  body["z"] = position.y();
  body["vx"] = velocity.x();
  body["vz"] = velocity.y();
  std::optional<std::string> error = load_state_json(state);
  const std::string prefix = "ellipses state: ";
  if (error && error->compare(0, prefix.size(), prefix) == 0) error->erase(0, prefix.size());
  return error;
}

}  // namespace cl
