#include "scenes/ellipses.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "scenes/contact_params.h"
#include "scenes/typed_wall_params.h"
#include "geometry/ellipse_contact.h"
#include "io/json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr int kSeriesBodies = 10;  // bodies with their own coordinate series
constexpr int kGapBodies = 5;      // pairs among these get a gap series
constexpr size_t kTrailPoints = 600;
const char* const kDefaultTypedWall = "x^2/81 + y^2/36 - 1";  // an oval 18 x 12 m

enum Field { kI, kJ, kImpactFields };  // then the contact tracker's impact_fields()



}  // namespace

const SceneDescription& ellipses_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "ellipses";
    s.title = "Ellipses in a wall";
    s.summary = "n ellipses with observer masses colliding in a circular or typed wall, Hunt-Crossley contact (seed 000)";
    s.caption = "Ellipses, each carrying an observer mass (white dot), slide without gravity inside a wall (the "
                "seed's circle, or one you type as f(x, y) = 0) and hit it and each other. Watch the contact points and normals at each impact, and the "
                "energy plots: the audit residual stays near zero while friction and damping dissipate energy.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"n", "ellipses", "", ParamKind::Integer, reset, 2, 1, 200, "Number of ellipses (a scene file's list sets it)."},
        {"a", "semi-axis a", "m", real, reset, 2, 0.05, 10, "Semi-axis along the body's x axis."},
        {"b", "semi-axis b", "m", real, reset, 1, 0.05, 10, "Semi-axis along the body's z axis."},
        {"m", "ellipse mass", "kg", real, reset, 1, 1e-3, 1e3, "Mass of each homogeneous ellipse.", {}, "", true},
        {"m_o", "observer mass", "kg", real, reset, 1, 0, 1e3, "Point mass fixed in each ellipse."},
        {"g", "gravity", "m/s^2", real, reset, 0, 0, 100,
         "Gravitational acceleration along -z (the seed: none). With it, discs in a typed wall are the implicit "
         "scene's balls under a compliant law."},
        {"alpha", "observer x", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"beta", "observer z", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"boundary", "boundary", "", ParamKind::Choice, reset, 0, 0, 0,
         "circle: the seed's circular wall of radius R_wall about the origin; typed: the wall f(x, y) = 0 typed in "
         "'wall' (inside: f < 0), corners and cusps allowed.",
         {"circle", "typed"}},
        {"R_wall", "wall radius", "m", real, reset, 6.5, 0.5, 1000,
         "Radius of the circular wall about the origin; with a typed wall, the radius the head_on and break starts "
         "are laid out in."},
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
    const std::vector<ParamSpec> wall = typed_wall_params({kDefaultTypedWall, "x^2/81 + y^2/36 - 1, or abs(x) + abs(y) - 8", 10});
    s.params.insert(std::find_if(s.params.begin(), s.params.end(), [](const ParamSpec& p) { return p.name == "nu_e"; }),
                    wall.begin(), wall.end());
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

std::optional<std::string> EllipsesScene::read_model(const ParamValues& p, WorldModel& model, View& view) {
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
  model.gravity = Vector2d(0, -p.number("g"));
  model.body_material = {p.number("E_e"), p.number("nu_e")};
  model.boundary.material = {p.number("E_w"), p.number("nu_w")};
  model.contact = read_contact_params(p, std::min(model.body.a, model.body.b));
  view.trail = p.number("trail");
  view.show_contacts = p.choice("contacts") == "on";
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::read_boundary(const ParamValues& p, const Boundary& current,
                                                        const EllipseBody& body, Boundary& boundary) {
  boundary.radius = p.number("R_wall");
  if (p.choice("boundary") == "typed") {
    boundary.kind = BoundaryKind::TypedWall;
    const std::shared_ptr<const TypedWall>& kept = current.wall;
    if (kept && kept->expression.text() == p.text("wall") && kept->curve.half_width() == p.number("view"))
      boundary.wall = kept;  // tracing takes up to a second: keep the traced wall
    else if (auto error = TypedWall::build(p.text("wall"), p.number("view"), boundary.wall))
      return "wall: " + *error;
    return std::nullopt;
  }
  boundary.kind = BoundaryKind::CircleWall;
  if (std::max(body.a, body.b) >= boundary.radius)
    return "the ellipses (semi-axis " + format_number(std::max(body.a, body.b)) +
           " m) do not fit in the wall of radius " + format_number(boundary.radius) + " m";
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::reset(const ParamValues& params) {
  WorldModel model;
  View view;
  if (auto error = read_model(params, model, view)) return error;
  if (auto error = read_boundary(params, world_.model().boundary, model.body, model.boundary)) return error;
  const int n = model.n;
  const double r0 = std::max(model.body.a, model.body.b);  // bounding radius, m
  const double reach = model.boundary.radius - 1.1 * r0;       // centres stay this close to the origin
  Vec y = Vec::Zero(6 * n);
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
    for (int i = 0; i < n; ++i) {
      bool placed = false;
      for (int tries = 0; tries < 20000 && !placed; ++tries) {
        const Vector2d c = typed ? Vector2d(lo.x() + (hi.x() - lo.x()) * unit_random(rng),
                                            lo.y() + (hi.y() - lo.y()) * unit_random(rng))
                                 : Vector2d(reach * (2 * unit_random(rng) - 1), reach * (2 * unit_random(rng) - 1));
        if (!inside(c)) continue;
        placed = true;
        for (int j = 0; j < i && placed; ++j) placed = (c - y.segment<2>(3 * j)).norm() >= 2.1 * r0;
        if (placed) y.segment<3>(3 * i) << c.x(), c.y(), M_PI * (2 * unit_random(rng) - 1);
      }
      if (!placed)
        return std::to_string(n) + " ellipses of semi-axis " + format_number(r0) + " m do not fit in the wall" +
               (typed ? "" : " of radius " + format_number(model.boundary.radius) + " m") +
               " without overlapping: lower n, shrink a and b, or " + (typed ? "widen the wall" : "raise R_wall");
    }
    for (int i = 0; i < n; ++i)
      y.segment<3>(3 * (n + i)) << v_max * (2 * unit_random(rng) - 1), v_max * (2 * unit_random(rng) - 1),
          w_max * (2 * unit_random(rng) - 1);
  }
  if (auto error = start_at(model, 0, y)) return error;
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::apply_live(const ParamValues& params) {
  // A new typed wall is checked now (its error, with the position, shows at once); it applies on reset.
  const std::shared_ptr<const TypedWall>& wall = world_.model().boundary.wall;
  if (params.choice("boundary") == "typed" && (!wall || params.text("wall") != wall->expression.text())) {
    Expression2D probe;
    if (auto error = probe.compile(params.text("wall"))) return "wall: " + error->message;
  }
  WorldModel model;
  View view;
  if (auto error = read_model(params, model, view)) return error;
  // Geometry, masses and the start wait for a reset; materials reach the world at once.
  WorldModel live = world_.model();
  live.body_material = model.body_material;
  live.boundary.material = model.boundary.material;
  live.contact = model.contact;
  world_.set_model(live);
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::start_at(const WorldModel& model, double t, const Vec& y) {
  World trial;
  if (auto error = trial.start(model, t, y)) return error;
  // A start must be contact-free.
  for (size_t index = 0; index < trial.contact_count(); ++index) {
    const ContactState& c = trial.contact_state(index);
    if (c.gap <= 0)
      return "body " + std::to_string(c.i) +
             (c.j < 0 ? " touches or crosses the wall" : " overlaps body " + std::to_string(c.j));
  }
  world_ = std::move(trial);
  trails_.assign(std::min(model.n, 50), {});
  remember_trails();
  initial_energy_ = kinetic_energy() + world_.potential_energy() + spring_energy();
  return std::nullopt;
}

std::optional<std::string> EllipsesScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  std::vector<FinishedImpact> impacts;
  const std::optional<std::string> error = world_.advance_to(t_end, impacts, yield);
  for (const FinishedImpact& impact : impacts) {
    Event e = make_event(impact.summary.onset, impact.j < 0 ? "wall" : "pair", kImpactFields + impact_fields().size());
    e.fields[kI] = impact.i;
    if (impact.j >= 0) e.fields[kJ] = impact.j;
    write_impact_fields(impact.summary, e, kImpactFields);
    events.push_back(e);
  }
  if (!error && world_.time() >= t_end) remember_trails();
  return error;
}

void EllipsesScene::remember_trails() {
  const size_t keep = std::min(kTrailPoints, static_cast<size_t>(view_.trail / 0.005) + 1);
  for (size_t i = 0; i < trails_.size(); ++i) {
    trails_[i].push_back(world_.coordinates(static_cast<int>(i)).head<2>());
    while (trails_[i].size() > keep) trails_[i].pop_front();
  }
}

std::vector<SeriesSpec> EllipsesScene::series() const {
  // Machine names count bodies from 0 (x0, gap0_1); labels count from 1, as people do.
  std::vector<SeriesSpec> s = {{"t", "s", "time"}};
  const int shown = std::min(model().n, kSeriesBodies);
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
  const int paired = std::min(model().n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j)
      s.push_back({"gap" + std::to_string(i) + "_" + std::to_string(j), "m",
                   "gap, ellipse " + std::to_string(i + 1) + " ↔ ellipse " + std::to_string(j + 1)});
  s.insert(s.end(), {{"E_kin", "J", "kinetic energy"},
                     {"E_pot", "J", "potential energy (0 without gravity)"},
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
  for (int i = 0; i < std::min(model().n, 3); ++i) gaps.push_back("gap_wall" + std::to_string(i));
  if (model().n >= 2) gaps.push_back("gap0_1");
  plots.push_back(gaps);
  return plots;
}

void EllipsesScene::sample(std::vector<double>& values) const {
  values.clear();
  values.push_back(world_.time());
  const int n = world_.model().n;
  const int shown = std::min(n, kSeriesBodies);
  for (int i = 0; i < shown; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    values.insert(values.end(), {Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), world_.exact_gap(i)});
  }
  const int paired = std::min(n, kGapBodies);
  for (int i = 0; i < paired; ++i)
    for (int j = i + 1; j < paired; ++j) values.push_back(world_.exact_gap(world_.contact_index(i, j)));
  const double e_kin = kinetic_energy(), e_pot = world_.potential_energy(), e_spring = spring_energy();
  const double e_diss = dissipated_energy(), e_total = e_kin + e_pot + e_spring;
  const double w_k = stiffness_work();
  // E_audit = E_total + E_diss - W_stiffness - E_total(0): zero up to the integration error.
  values.insert(values.end(),
                {e_kin, e_pot, e_spring, e_diss, w_k, e_total, e_total + e_diss - w_k - initial_energy_});
}

Sketch EllipsesScene::sketch() const {
  static const Rgba palette[] = {0x4a90d9ff, 0xe0453aff, 0xf5a623ff, 0x3cb371ff, 0xb37feeff, 0xd0d0d0ff};
  Sketch s;
  s.view_center = {0, 0};
  s.view_half_height = 1.08 * model().boundary.radius;
  if (model().boundary.kind == BoundaryKind::TypedWall) {
    Vector2d lo = Vector2d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
    for (const auto& loop : model().boundary.wall->curve.loops()) {
      s.lines.push_back({loop, 0xe6e6e6ff, 2.0f});
      s.lines.back().closed = true;
      for (const Vector2d& p : loop) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
      }
    }
    s.view_center = 0.5 * (lo + hi);
    s.view_half_height = 0.55 * std::max(hi.y() - lo.y(), hi.x() - lo.x());
  } else {
    s.circles.push_back({Vector2d(0, 0), model().boundary.radius, 0, 0xe6e6e6ff, 2.0f});
  }
  for (size_t i = 0; i < trails_.size(); ++i) {
    SketchPolyline trail;
    trail.points.assign(trails_[i].begin(), trails_[i].end());
    trail.color = (palette[i % 6] & 0xffffff00) | 0x90;
    trail.width_px = 1.5f;
    trail.fade = true;
    if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  }
  for (int i = 0; i < model().n; ++i) {
    const Coordinates Q = coordinates(i);
    s.ellipses.push_back({Q.head<2>(), model().body.a, model().body.b, Q.z(), palette[i % 6], 2.0f});
    s.circles.push_back({Q.head<2>(), 0, palette[i % 6], 0, 1.0f, 2.5f});
    const Vector2d observer = Q.head<2>() + observer_offset(model().body, Q.z());
    if (model().body.m_o > 0) s.circles.push_back({observer, 0, 0xffffffff, 0x000000ff, 1.0f, 4.0f});
  }
  if (view_.show_contacts)
    for (size_t index : world_.near_contacts()) {
      const ContactState& c = world_.contact_state(index);
      if (!c.active && c.gap > 0.05 * std::min(model().body.a, model().body.b)) continue;
      const PairGeometry r = world_.contact_response(index, PairSearch::Global).geometry;
      if (!r.searched) continue;
      const Rgba color = c.active ? 0xff5050ff : 0xffd070ff;
      s.circles.push_back({r.point, 0, color, 0, 1.0f, 3.0f});
      s.arrows.push_back({r.point, r.point + 0.4 * model().body.b * r.normal, color, 1.5f});
    }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{model().boundary.kind == BoundaryKind::TypedWall ? Glyph::Line : Glyph::Ring, 0xe6e6e6ff, "wall"}, {Glyph::Line, palette[0], "ellipse (one colour each)"}};
  if (model().body.m_o > 0) s.legend.push_back({Glyph::Dot, 0xffffffff, "observer mass"});
  if (view_.show_contacts) {
    s.legend.push_back({Glyph::Arrow, 0xff5050ff, "contact point and normal, in contact"});
    s.legend.push_back({Glyph::Arrow, 0xffd070ff, "closest points, about to touch"});
  }
  if (view_.trail > 0) s.legend.push_back({Glyph::Line, palette[0] & 0xffffff90, "trail of the centre, in its colour"});
  return s;
}

std::vector<Preset> EllipsesScene::presets(const ParamValues&) const {
  return {
      {"Seed case", "The seed's two ellipses 2 x 1 m in a wall of radius 6.5 m, Hunt-Crossley c_tau 0.975, friction 0.01: "
       "the mechanical energy steps down at each impact while the audit residual stays near 0",
       {{"n", "2"}, {"a", "2"}, {"b", "1"}, {"g", "0"}, {"boundary", "circle"}, {"R_wall", "6.5"}, {"layout", "random"}, {"seed", "123456"},
        {"v_max", "20"}}},
      {"Two discs head-on", "Two discs of radius 1 m fly at each other at 5 m/s, no spin, no friction: rebound over impact speed "
       "is the law's restitution; try other laws and c_tau",
       {{"n", "2"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"g", "0"}, {"boundary", "circle"}, {"layout", "head_on"},
        {"v_max", "5"}, {"friction", "0"}}},
      {"Billiard break", "A rack of 19 ellipses 0.5 x 0.4 m at rest, broken by a 20th at 8 m/s: momentum is kept through the "
       "pair impacts until a body reaches the wall",
       {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"g", "0"}, {"boundary", "circle"}, {"R_wall", "6.5"}, {"layout", "break"},
        {"v_max", "8"}}},
      {"Dense gas", "100 ellipses 0.3 x 0.2 m in a wall of 6.5 m, tolerance 1e-6 for speed: friction and damping drain "
       "the energy; the audit residual stays about 2e-4 of the start energy over 2 s",
       {{"n", "100"}, {"a", "0.3"}, {"b", "0.2"}, {"g", "0"}, {"boundary", "circle"}, {"R_wall", "6.5"}, {"layout", "random"},
        {"v_max", "3"}, {"w_max", "3"}, {"rtol", "1e-6"}}},
      {"Break, impulse law", "The billiard break with rigid impulses, e = 0.9, no spin: each impact is one instant, "
       "rebound over approach is exactly e, and momentum is kept through the pair impacts",
       {{"n", "20"}, {"a", "0.5"}, {"b", "0.4"}, {"g", "0"}, {"boundary", "circle"}, {"R_wall", "6.5"}, {"layout", "break"},
        {"v_max", "8"}, {"w_max", "0"}, {"law", "impulse"}, {"e", "0.9"}}},
      {"Balls in a typed wall", "The implicit scene's five balls (discs of radius 0.3 m) under gravity in its circle of "
       "15 m, but compliant and colliding with each other: Hunt-Crossley c_tau 0.9 with Hertz stiffness; try the "
       "other laws, or impulse",
       {{"n", "5"}, {"a", "0.3"}, {"b", "0.3"}, {"m", "1"}, {"m_o", "0"}, {"alpha", "0"}, {"beta", "0"}, {"g", "9.8"},
        {"boundary", "typed"}, {"wall", "x^2 + y^2 - 15^2"}, {"view", "20"}, {"layout", "random"}, {"v_max", "5"},
        {"w_max", "0"}, {"law", "hunt_crossley"}, {"c_tau", "0.9"}, {"friction", "0"}}},
      {"In a diamond", "Three ellipses 1 x 0.6 m in the typed wall |x| + |y| = 8, Hunt-Crossley c_tau 0.8: the contact "
       "finds the deepest point against each straight edge and into the corners; the audit residual stays near 0",
       {{"n", "3"}, {"a", "1"}, {"b", "0.6"}, {"g", "0"}, {"boundary", "typed"}, {"wall", "abs(x) + abs(y) - 8"}, {"view", "10"},
        {"layout", "random"}, {"v_max", "8"}, {"w_max", "4"}, {"c_tau", "0.8"}}},
  };
}

nlohmann::json EllipsesScene::state_json() const {
  nlohmann::json bodies = nlohmann::json::array();
  for (int i = 0; i < model().n; ++i) {
    const Coordinates Q = coordinates(i);
    const Velocities V = velocities(i);
    bodies.push_back({{"x", Q.x()}, {"z", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vz", V.y()}, {"w", V.z()}});
  }
  return {{"t", world_.time()}, {"bodies", bodies}};
}

std::optional<std::string> EllipsesScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  return fit_count_to_list(state, "bodies", "n", params);
}

std::optional<std::string> EllipsesScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("bodies") : state.end();
  if (list == state.end() || !list->is_array() || static_cast<int>(list->size()) != model().n)
    return "ellipses state needs a \"bodies\" list of " + std::to_string(model().n) + " {x, z, q, vx, vz, w}";
  Vec y = Vec::Zero(6 * model().n);
  for (int i = 0; i < model().n; ++i) {
    std::array<double, 6> values;
    if (auto error = read_finite_numbers((*list)[i], std::array{"x", "z", "q", "vx", "vz", "w"}, values,
                                         "ellipses state: body " + std::to_string(i)))
      return error;
    y.segment<3>(3 * i) << values[0], values[1], values[2];
    y.segment<3>(3 * (model().n + i)) << values[3], values[4], values[5];
  }
  double t = 0;
  if (auto error = read_state_time(state, false, t, "ellipses state")) return error;
  if (auto error = start_at(model(), t, y)) return "ellipses state: " + *error;
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
