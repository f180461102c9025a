#include "scenes/street.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "scenes/contact_params.h"
#include "io/json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;

constexpr size_t kTrailPoints = 600;
constexpr double kStreetCheckReach = 50;    // m either side of x0 where a typed street must be finite
constexpr double kStreetCheckStep = 0.01;   // m

enum Field { kContactX, kImpactFields };  // then the contact tracker's impact_fields()


}  // namespace

const SceneDescription& street_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "street";
    s.title = "Ellipse on an uneven street";
    s.summary = "an ellipse with an observer mass thrown onto a street y = s(x), Hunt-Crossley contact (seed 001)";
    s.caption = "A spinning ellipse (red) with an observer mass (white dot) is thrown onto an uneven street "
                "under gravity. Watch the blue crosshair, the point of the street closest to contact, and the "
                "energy plots: each impact turns some kinetic energy into dissipated work.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"m", "ellipse mass", "kg", real, reset, 1, 1e-3, 1e3, "Mass of the homogeneous ellipse.", {}, "", true},
        {"m_o", "observer mass", "kg", real, reset, 1, 0, 1e3, "Point mass fixed in the ellipse."},
        {"g", "gravity", "m/s^2", real, live, 9.8, 0, 100, "Gravitational acceleration, along -y."},
        {"a", "semi-axis a", "m", real, reset, 2, 0.05, 10, "Semi-axis along the body's x axis."},
        {"b", "semi-axis b", "m", real, reset, 1, 0.05, 10, "Semi-axis along the body's y axis."},
        {"alpha", "observer x", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"beta", "observer y", "", real, reset, 0.5, -1, 1, "Observer at (alpha a, beta b) in the body frame; must lie inside."},
        {"street", "street s(x)", "", ParamKind::Text, reset, 0, 0, 0,
         "The street is y = s(x) (x, y in m). Empty: the seed's street (f x / 2)^2 + sum_{j<bumps} (A / j) sin(j f x). "
         "muParser syntax: + - * / ^, abs, sqrt, sin, cos, exp, min, max, pi. Example: 0.05*x^2 + 0.5*sin(x).",
         {}, "", false, "empty: the seed's street; or e.g. 0.05*x^2 + 0.5*sin(x), or 0"},
        {"amplitude", "bump amplitude A", "m", real, reset, 1, 0, 10, "Amplitude of the seed street's sine bumps."},
        {"frequency", "bump frequency f", "1/m", real, reset, 0.25, 0.01, 10, "Frequency of the seed street (parabola and bumps)."},
        {"bumps", "bumps", "", ParamKind::Integer, reset, 5, 1, 20,
         "The seed street sums bumps - 1 sine waves (1: the bare parabola)."},
        {"E_e", "Young ellipse", "Pa", real, live, 1e4, 1e3, 1e12, "Young's modulus of the ellipse.", {}, "", true},
        {"E_s", "Young street", "Pa", real, live, 1e7, 1e3, 1e12, "Young's modulus of the street.", {}, "", true},
        {"nu_e", "Poisson ellipse", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the ellipse."},
        {"nu_s", "Poisson street", "", real, live, 0.28, -0.99, 0.5, "Poisson's ratio of the street."},
        {"q0", "initial angle", "rad", real, reset, 7 * M_PI / 8, -100, 100, "Angle of the body's x axis at the start."},
        {"w0", "initial spin", "rad/s", real, reset, 5.5, -100, 100, "Angular velocity at the start (> 0 anticlockwise)."},
        {"x0", "initial x", "m", real, reset, 2.5, -100, 100, "Centre of the ellipse at the start."},
        {"y0", "initial y", "m", real, reset, 6, -100, 100, "Centre of the ellipse at the start (must be clear of the street)."},
        {"vx0", "initial vx", "m/s", real, reset, 0, -100, 100, "Velocity of the centre at the start."},
        {"vy0", "initial vy", "m/s", real, reset, -4.75, -100, 100, "Velocity of the centre at the start."},
        {"trail", "trail", "s", real, live, 3, 0, 30, "Length of the fading trail of the centre."},
        {"follow", "view follows", "", ParamKind::Choice, live, 1, 0, 0,
         "Keep the ellipse in the middle of the view while it runs (zoom still works; off: a fixed view).",
         {"off", "on"}},
    };
    insert_contact_params(s.params, "q0", {0.9, 1e5, 0.1});
    s.event_fields = {"contact_x"};
    s.cost_params = {"E_e", "E_s", "law", "street", "rtol", "integrator"};
    s.cost_hint = "softer materials (E_e, E_s), a looser tolerance (rtol) or the built-in street (empty s(x)) run faster";
    s.event_fields.insert(s.event_fields.end(), impact_fields().begin(), impact_fields().end());
    return s;
  }();
  return d;
}

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
    return "the observer at (alpha a, beta b) lies outside the ellipse: alpha^2 + beta^2 = " +
           format_number(alpha * alpha + beta * beta) + " must be <= 1";
  model.body.s = Vector2d(alpha * model.body.a, beta * model.body.b);
  model.n = 1;
  model.gravity = Vector2d(0, -p.number("g"));
  model.boundary.kind = BoundaryKind::Street;
  const std::string& text = p.text("street");
  if (current_street && current_street->text() == text && !text.empty()) {
    model.boundary.street = *current_street;  // the parsed street is kept (and shared by clones)
  } else if (text.empty()) {
    model.boundary.street = Street::seed(p.number("amplitude"), p.number("frequency"), p.integer("bumps"));
  } else if (auto error = Street::typed(text, model.boundary.street)) {
    return "street: " + *error;
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
    return "street: s(x) or its slope is not finite at x = " + format_number(*bad) + " m (checked on x0 +- " +
           format_number(kStreetCheckReach) + " m)";
  if (auto jump = street.first_jump(x0 - kStreetCheckReach, x0 + kStreetCheckReach, kStreetCheckStep))
    return "street: s(x) is not continuous at x = " + format_number(jump->x) + " m (it jumps by " +
           format_number(jump->size) + " m; checked on x0 +- " + format_number(kStreetCheckReach) + " m)";
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
    return "the ellipse starts in the street (its centre at y = " + format_number(y[1]) + " m is below the street's " +
           format_number(ground) + " m at x = " + format_number(y[0]) + " m): raise y0";
  const ContactState& contact = trial.contact_state(0);
  if (!(contact.gap > 0))
    return "the ellipse starts in the street (gap " + format_number(contact.gap) + " m at x = " +
           format_number(contact.warm) + " m): raise y0";
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

std::optional<std::string> StreetScene::apply_live(const ParamValues& params) {
  // A new street, geometry, masses or start wait for a reset; a typed street
  // is checked now so its error (with the position) shows at once.
  if (!params.text("street").empty() && params.text("street") != street().text()) {
    Street probe;
    if (auto error = Street::typed(params.text("street"), probe)) return "street: " + *error;
  }
  WorldModel model;
  View view;
  if (auto error = read_model(params, &street(), model, view)) return error;
  model.body = world_.model().body;
  model.boundary.street = street();
  world_.set_model(model);
  view_ = view;
  return std::nullopt;
}

std::optional<std::string> StreetScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  std::vector<FinishedImpact> impacts;
  const std::optional<std::string> error = world_.advance_to(t_end, impacts, yield);
  for (const FinishedImpact& impact : impacts) {
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

void StreetScene::remember_trail() {
  const size_t keep = std::min(kTrailPoints, static_cast<size_t>(view_.trail / 0.005) + 1);
  trail_.push_back(coordinates().head<2>());
  while (trail_.size() > keep) trail_.pop_front();
}

std::vector<SeriesSpec> StreetScene::series() const {
  return {{"t", "s", "time"},
          {"x", "m", "x of the centre"},
          {"y", "m", "height of the centre"},
          {"q", "rad", "angle"},
          {"vx", "m/s", "velocity x"},
          {"vy", "m/s", "velocity y"},
          {"w", "rad/s", "spin"},
          {"gap", "m", "gap to the street"},
          {"contact_x", "m", "x of the contact point"},
          {"penetration", "m", "penetration"},
          {"force_n", "N", "normal force"},
          {"force_t", "N", "friction force"},
          {"E_kin", "J", "kinetic energy"},
          {"E_pot", "J", "potential energy"},
          {"E_spring", "J", "contact spring energy"},
          {"E_diss", "J", "dissipated work"},
          {"W_stiffness", "J", "stiffness work W_k"},
          {"E_total", "J", "mechanical energy", true},
          {"E_audit", "J", "audit residual (stays near 0)"}};
}

std::vector<std::vector<std::string>> StreetScene::default_plots() const {
  return {{"x", "y", "q"}, {"gap", "penetration"}, {"E_kin", "E_pot", "E_spring", "E_diss", "E_total"},
          {"E_audit", "W_stiffness"}, {"force_n", "force_t"}};
}

void StreetScene::sample(std::vector<double>& values) const {
  const Coordinates Q = coordinates();
  const Velocities V = velocities();
  const ContactResponse r = world_.contact_response(0, PairSearch::Follow);
  const PairGeometry& g = r.geometry;
  const double e_kin = kinetic_energy(), e_pot = potential_energy(), e_spring = r.elastic_energy;
  const double e_total = e_kin + e_pot + e_spring;
  // The world gives the friction on the street; the series shows the one on the ellipse.
  values.assign({time(), Q.x(), Q.y(), Q.z(), V.x(), V.y(), V.z(), g.gap, g.warm,
                 std::max(0.0, -g.gap), r.force, -r.friction, e_kin, e_pot, e_spring, dissipated_energy(),
                 stiffness_work(), e_total, e_total + dissipated_energy() - stiffness_work() - initial_energy_});
}

Sketch StreetScene::sketch() const {
  Sketch s;
  const Coordinates Q = coordinates();
  s.view_center = view_.follow ? Vector2d(Q.head<2>()) : home_view_;
  s.view_half_height = view_half_height_;
  s.view_follows = view_.follow;
  // The street over a wide view (any canvas aspect up to 4:1).
  SketchPolyline ground;
  ground.color = 0xc8b68cff;
  ground.width_px = 2.5f;
  const double half_width = 4 * view_half_height_;
  constexpr int kStreetPoints = 800;
  for (int k = 0; k <= kStreetPoints; ++k) {
    const double x = s.view_center.x() - half_width + 2 * half_width * k / kStreetPoints;
    const double h = street().height(x);
    if (std::isfinite(h)) ground.points.push_back({x, h});
  }
  s.lines.push_back(std::move(ground));
  SketchPolyline trail;
  trail.points.assign(trail_.begin(), trail_.end());
  trail.color = 0xe0453a90;
  trail.width_px = 1.5f;
  trail.fade = true;
  if (trail.points.size() >= 2) s.lines.push_back(std::move(trail));
  // The seed's crosshair at the closest potential contact point.
  const PairGeometry g = world_.contact_response(0, PairSearch::Follow).geometry;
  if (g.searched) {
    const Vector2d p = g.point_b;
    const double arm = 0.6 * std::max(model().body.a, model().body.b);
    const Rgba blue = 0x4a90d9c0;
    s.lines.push_back({{p - Vector2d(arm, 0), p + Vector2d(arm, 0)}, blue, 1.0f});
    s.lines.push_back({{p - Vector2d(0, arm), p + Vector2d(0, arm)}, blue, 1.0f});
  }
  s.ellipses.push_back({Q.head<2>(), model().body.a, model().body.b, Q.z(), 0xe0453aff, 2.0f});
  s.circles.push_back({Q.head<2>(), 0, 0xf5d142ff, 0, 1.0f, 2.5f});
  if (model().body.m_o > 0)
    s.circles.push_back({Q.head<2>() + observer_offset(model().body, Q.z()), 0, 0x000000ff, 0xffffffff, 1.0f, 4.0f});
  if (g.searched && g.gap <= 0) {
    const Vector2d p = g.point_b;
    s.circles.push_back({p, 0, 0xff5050ff, 0, 1.0f, 3.0f});
    s.arrows.push_back({p, p + 0.4 * model().body.b * (-g.normal), 0xff5050ff, 1.5f});
  }
  using Glyph = SketchLegendEntry::Glyph;
  s.legend = {{Glyph::Line, 0xc8b68cff, "street y = s(x)"},
              {Glyph::Line, 0xe0453aff, "ellipse"},
              {Glyph::Dot, 0xf5d142ff, "centre of the ellipse"}};
  if (model().body.m_o > 0) s.legend.push_back({Glyph::Ring, 0xffffffff, "observer mass"});
  s.legend.push_back({Glyph::Cross, 0x4a90d9ff, "street point closest to contact"});
  s.legend.push_back({Glyph::Arrow, 0xff5050ff, "contact point and normal, in contact"});
  if (view_.trail > 0) s.legend.push_back({Glyph::Line, 0xe0453a90, "trail of the centre"});
  return s;
}

std::vector<Preset> StreetScene::presets(const ParamValues&) const {
  return {
      {"Seed case", "ellipse 2 x 1 m thrown spinning onto the seed's street, Hunt-Crossley c_tau 0.9, friction 0.1",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "0.9"}, {"friction", "0.1"},
        {"law", "hunt_crossley"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"},
        {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"Disc on a flat street", "a disc of radius 1 m dropped from 3 m onto y = 0, pure Hertz, no friction: it keeps bouncing",
       {{"street", "0"}, {"a", "1"}, {"b", "1"}, {"alpha", "0"}, {"beta", "0"}, {"law", "hertz"}, {"c_tau", "1"},
        {"friction", "0"}, {"q0", "0"}, {"w0", "0"}, {"x0", "0"}, {"y0", "3"}, {"vx0", "0"}, {"vy0", "0"}}},
      {"Drop into a valley", "an ellipse 1 x 0.6 m dropped onto the slope of a parabolic valley: it bounces, then rocks",
       {{"street", "0.1*x^2"}, {"a", "1"}, {"b", "0.6"}, {"alpha", "0.5"}, {"beta", "0"}, {"c_tau", "0.8"},
        {"friction", "0.1"}, {"law", "hunt_crossley"}, {"q0", "0"}, {"w0", "0"}, {"x0", "3"}, {"y0", "3.5"},
        {"vx0", "0"}, {"vy0", "0"}}},
      {"Seed case, impulse law", "the seed's throw with rigid impulses, e = 1: instant bounces, no penetration, and the "
       "energy kept (with e < 1 the bounces come ever faster as it settles, and the run stops there)",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"law", "impulse"}, {"e", "1"},
        {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"}, {"vy0", "-4.75"}}},
      {"Seed case, elastic", "the seed's throw with c_tau 1 and no friction: energy is kept (audit with W_stiffness)",
       {{"street", ""}, {"a", "2"}, {"b", "1"}, {"alpha", "0.5"}, {"beta", "0.5"}, {"c_tau", "1"}, {"friction", "0"},
        {"law", "hertz"}, {"q0", "2.748893571891069"}, {"w0", "5.5"}, {"x0", "2.5"}, {"y0", "6"}, {"vx0", "0"},
        {"vy0", "-4.75"}}},
  };
}

nlohmann::json StreetScene::state_json() const {
  const Coordinates Q = coordinates();
  const Velocities V = velocities();
  return {{"t", time()}, {"x", Q.x()}, {"y", Q.y()}, {"q", Q.z()}, {"vx", V.x()}, {"vy", V.y()}, {"w", V.z()}};
}

std::optional<std::string> StreetScene::load_state_json(const nlohmann::json& state) {
  std::array<double, 6> values;
  if (auto error = read_finite_numbers(state, std::array{"x", "y", "q", "vx", "vy", "w"}, values, "street state"))
    return error;
  Vec y(6);
  for (int k = 0; k < 6; ++k) y[k] = values[k];
  double t = 0;
  if (auto error = read_state_time(state, false, t, "street state")) return error;
  if (auto error = start_at(model(), y, t)) return "street state: " + *error;
  return std::nullopt;
}

}  // namespace cl
