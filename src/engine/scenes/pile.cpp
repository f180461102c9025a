#include "scenes/pile.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "contact/impulse_law.h"
#include "contact/normal_law.h"
#include "core/number_format.h"
#include "core/random.h"
#include "core/text.h"
#include "scenes/integrator_params.h"
#include "scenes/state_json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector3d;

constexpr double kHitBin = 0.01;  // s: hits_pp, hits_ps count the contacts of one such bin
// Explosion: with e <= 1 and k_d >= 0 the energy less what the emitter
// brought in can only fall (up to the integrator's small fluctuations). The
// run stops when it rises above its lowest value so far by this fraction of
// the pile's energy scale: N m g r (lifting every particle by its radius)
// plus the kinetic energy at the start.
constexpr double kExplosionMargin = 0.5;
constexpr double kJitter = 0.1;      // emitter jitter, in units of r
// The box is open at the top: a state may place a particle up to this height (m).
constexpr double kMaxHeight = 1e6;
constexpr double kPi = 3.14159265358979323846;

}  // namespace

PileScene::PileScene() {
  if (auto error = reset(ParamValues(pile_description().params))) throw std::logic_error(*error);
}

void PileScene::read_model(const ParamValues& params, WorldModel& model) {
  ContactSettings& contact = model.contact;
  const std::string& law = params.choice("law");
  contact.impulse = law == kImpulseLawId;
  // Impulses keep a law they do not use; linear takes the seed's k_s and k_d.
  contact.law = normal_law_with_id(law).value_or(NormalLaw::HuntCrossley);
  contact.restitution = params.number("e");
  contact.c_tau = params.number("c_tau");
  contact.stepper = read_integrator_params(params, params.number("r"), params.number("dt"), 0);
  ParticleKind& particles = model.particles;
  particles.present = true;
  particles.radius = params.number("r");
  particles.k_s = params.number("k_s");
  particles.k_d = params.number("k_d");
  particles.k_h = params.number("k_h");
  particles.k_p = params.number("k_p");
  model.gravity = {0, -params.number("g")};
}

std::optional<std::string> PileScene::reset(const ParamValues& params) {
  WorldModel model;
  read_model(params, model);
  Setup setup;
  const std::string& start = params.choice("start");
  setup.start = start == "block"      ? Start::Block
                : start == "ball"     ? Start::Ball
                : start == "billiard" ? Start::Billiard
                : start == "ellipse"  ? Start::Ellipse
                                      : Start::Emitter;
  setup.dim = std::stoi(params.choice("dim"));
  setup.m = params.number("m");
  setup.width = params.number("width");
  setup.emit_interval = params.number("emit_interval");
  setup.emit_speed = params.number("emit_speed");
  setup.emit_height = params.number("emit_height");
  setup.n_max = params.integer("N_max");
  setup.view_yaw = params.number("view_yaw");
  setup.view_pitch = params.number("view_pitch");
  setup.ellipse_angle = params.number("ellipse_angle") * kPi / 180;
  const double r = model.particles.radius;
  if (setup.dim > 1 && setup.width < 2 * r)
    return text("pile.box_narrow", {{"width", format_number(setup.width)}, {"d", format_number(2 * r)}});
  if (setup.start != Start::Billiard && setup.start != Start::Block && setup.start != Start::Ellipse &&
      setup.emit_height < r)
    return text("pile.emitter_low", {{"height", format_number(setup.emit_height)}, {"r", format_number(r)}});
  if (setup.start == Start::Billiard) {
    if (setup.dim != 2) return text("pile.billiard_dim");
    if (setup.width < 20 * r) return text("pile.billiard_box", {{"width", format_number(20 * r)}});
  }
  model.boundary.kind = BoundaryKind::Box;
  model.boundary.planes = box_surfaces(setup);
  model.particles.bounds = grid_bounds(setup, r);
  Vec bodies;  // [Q, V] of the ellipse, if it starts
  if (setup.start == Start::Ellipse) {
    model.n = 1;
    model.body = EllipseBody{params.number("ellipse_m"), params.number("ellipse_a"), params.number("ellipse_b"), 0,
                             Eigen::Vector2d::Zero()};
    if (auto error = check_ellipse_start(setup, model.body, r)) return error;
    bodies = Vec::Zero(6);
    bodies.head<3>() = Eigen::Vector3d(0.5 * setup.width, setup.emit_height, setup.ellipse_angle);
  }

  PileScene fresh(*this);
  fresh.setup_ = setup;
  fresh.rng_.seed(static_cast<uint64_t>(params.number("seed")));
  if (auto error = fresh.world_.start(model, 0, bodies)) return error;
  fresh.t_ = 0;
  fresh.steps_ = 0;
  fresh.next_emit_ = 0;
  fresh.hit_bin_ = 0;
  fresh.tally_at_bin_start_ = fresh.hits_last_bin_ = {};
  if (auto error = fresh.place_start(fresh.rng_)) return error;
  fresh.world_.refresh_particles();
  fresh.restart_energy_books();
  fresh.means_ = {};
  fresh.ball_was_on_ground_ = fresh.ball_on_ground();
  fresh.emit_if_due();
  *this = std::move(fresh);
  return std::nullopt;
}

std::optional<std::string> PileScene::apply_live(const ParamValues& params) {
  WorldModel model = world_.model();
  read_model(params, model);
  if (auto error = World::particles_refuse(model)) return error;  // the ellipse's law and integrator
  const double energy_before = total_energy();
  setup_.emit_interval = params.number("emit_interval");
  setup_.emit_speed = params.number("emit_speed");
  setup_.view_yaw = params.number("view_yaw");
  setup_.view_pitch = params.number("view_pitch");
  world_.set_model(model);
  // Energy changed by the user (g, k_s) is not growth: keep the surplus as it was.
  energy_in_ += total_energy() - energy_before;
  return std::nullopt;
}

void PileScene::emit_if_due() {
  if (setup_.start != Start::Emitter || static_cast<int>(particles().size()) >= setup_.n_max) return;
  const double state_time = particles().time();
  if (state_time < next_emit_ - 1e-9 * law().h) return;
  const double r = law().r, w = setup_.width;
  Vector3d x(0, 0, setup_.emit_height);
  auto jitter = [&] { return (2 * unit_random(rng_) - 1) * kJitter * r; };
  if (setup_.dim >= 2) x.x() = std::clamp(0.5 * w + jitter(), r, w - r);
  if (setup_.dim == 3) x.y() = std::clamp(0.5 * w + jitter(), r, w - r);
  bool occupied = false;
  particles().for_each_position([&](size_t, const Vector3d& p, bool) { occupied |= (p - x).squaredNorm() < 4 * r * r; });
  if (occupied) return;  // try again next step
  const Vector3d v(0, 0, -setup_.emit_speed);
  world_.add_particle(x, v, setup_.m);
  world_.refresh_particles();
  energy_in_ += setup_.m * (law().g * x.z() + 0.5 * v.squaredNorm());
  next_emit_ += setup_.emit_interval;
  if (next_emit_ < state_time) next_emit_ = state_time + setup_.emit_interval;  // waited: keep the interval
}

std::optional<std::string> PileScene::step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) {
  const auto after_step = [&] {
    ++steps_;
    count_hits_in_bin();
    log_bounce(events);
    emit_if_due();
    update_pile_means(particles().time());
  };
  WorldEvents world_events;
  if (world_.advance_to(t_end, world_events, yield, after_step))
    return text("pile.not_finite", {{"advice", explosion_advice()}});
  // Fixed steps: the clock stands at t_end once no whole step fits before it
  // (the remainder is carried by the next call), else at the last step taken.
  t_ = particles().step_fits(law(), t_end) ? std::max(t_, world_.time()) : std::max(t_, t_end);
  // Explosion: energy gained that no emission brought in.
  const double surplus = total_energy() - energy_in_;  // J, <= 0 when only dissipated
  lowest_surplus_ = std::min(lowest_surplus_, surplus);
  const double scale = start_energy_above_rest_ + rest_energy();
  if (surplus - lowest_surplus_ > kExplosionMargin * scale && scale > 0)
    return text("pile.exploded", {{"n", std::to_string(particles().size())},
                                  {"energy", format_number(round_significant(surplus - lowest_surplus_, 3))},
                                  {"advice", explosion_advice()}});
  return std::nullopt;
}

bool PileScene::ball_on_ground() const {
  return setup_.start == Start::Ball && particles().size() > 0 && particles().position(0).z() < law().r;
}

void PileScene::log_bounce(std::vector<Event>& events) {
  const bool on_ground = ball_on_ground();
  const bool began = on_ground && !ball_was_on_ground_;
  ball_was_on_ground_ = on_ground;
  if (!began) return;
  // The first state in contact lies within a step of the onset. The onset
  // time is found from the overlap and the approach speed (linear within
  // the step): a smooth function of the parameters, where the step's own
  // time would jump by h whenever the onset crosses from one step into the
  // next (what makes bounce times fittable; fit/flight_times.h). Impulses
  // resolve this overlap at the start of the next step.
  const ParticleModel model = law();
  const double depth = model.r - particles().position(0).z();  // m
  const double approach = -particles().velocity(0).z();        // m/s
  // A ball resting on the ground dips in and out by about g h per step: not an impact.
  if (!(approach > 2 * model.g * model.h)) return;
  Event e = make_event(particles().time() - std::min(depth / approach, model.h), "bounce", 1);
  e.fields[0] = approach;
  events.push_back(std::move(e));
}

std::string PileScene::explosion_advice() const {
  if (law().impulse) return text("pile.exploded_advice.impulse");
  return text(law().spring_dashpot() ? "pile.exploded_advice.linear" : "pile.exploded_advice.hertz");
}

void PileScene::count_hits_in_bin() {
  const double state_time = particles().time();
  const long long bin = static_cast<long long>(std::floor(state_time / kHitBin + 1e-9));
  if (bin == hit_bin_) return;
  const ContactTally& now = particles().tally();
  hits_last_bin_ = {now.pair - tally_at_bin_start_.pair, now.surface - tally_at_bin_start_.surface};
  tally_at_bin_start_ = now;
  hit_bin_ = bin;
}

double PileScene::rest_energy() const {
  const EllipseBody& body = world_.model().body;
  const double ellipse = world_.model().n > 0 ? body.total_mass() * law().g * std::min(body.a, body.b) : 0;
  return particles().total_mass() * law().g * law().r + ellipse;
}

void PileScene::restart_energy_books() {
  energy_in_ = total_energy();
  lowest_surplus_ = 0;
  start_energy_above_rest_ = std::max(0.0, energy_in_ - rest_energy());
}

double PileScene::total_energy() const {
  return particles().kinetic_energy() + particles().potential_energy(law().g) + particles().spring_energy() +
         world_.kinetic_energy() + world_.potential_energy() + world_.body_contact_energy();
}

nlohmann::json PileScene::state_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < particles().size(); ++i) {
    const Vector3d x = particles().position(i), v = particles().velocity(i);
    list.push_back({{"x", x.x()}, {"y", x.y()}, {"z", x.z()}, {"vx", v.x()}, {"vy", v.y()}, {"vz", v.z()},
                    {"m", particles().mass(i)}});
  }
  nlohmann::json state = {{"t", t_}, {"next_emit", next_emit_}, {"particles", list}};
  if (world_.model().n > 0) {
    const Coordinates Q = world_.coordinates(0);
    const Velocities V = world_.velocities(0);
    state["ellipse"] = {{"x", Q.x()}, {"z", Q.y()}, {"angle", Q.z()}, {"vx", V.x()}, {"vz", V.y()}, {"omega", V.z()}};
  }
  return state;
}

std::optional<std::string> PileScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  auto list = state.is_object() ? state.find("particles") : state.end();
  if (list == state.end() || !list->is_array()) return std::nullopt;
  const double n = static_cast<double>(list->size());
  if (n <= params.number("N_max")) return std::nullopt;
  if (auto error = params.set_number(*params.index_of("N_max"), n))
    return text("pile.state.too_many", {{"n", std::to_string(list->size())}, {"error", *error}});
  return std::nullopt;
}

std::optional<std::string> PileScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("particles") : state.end();
  if (list == state.end() || !list->is_array())
    return text("pile.state.no_particles");
  if (static_cast<int>(list->size()) > setup_.n_max)
    return text("pile.state.more_than_n_max",
                {{"n", std::to_string(list->size())}, {"n_max", std::to_string(setup_.n_max)}});
  double t = 0;
  const std::string pile_state = text("pile.state.name");
  if (auto error = read_state_time(state, true, t, pile_state)) return error;
  std::array<double, 1> next_emit{0};
  if (auto error = read_finite_numbers(state, std::array{"next_emit"}, next_emit, pile_state)) return error;
  Vec bodies;  // [Q, V] of the ellipse of the ellipse start
  if (world_.model().n > 0) {
    auto ellipse = state.find("ellipse");
    if (ellipse == state.end() || !ellipse->is_object()) return text("pile.state.no_ellipse");
    std::array<double, 6> q;
    const std::string what = text("pile.state.ellipse");
    if (auto error = read_finite_numbers(*ellipse, std::array{"x", "z", "angle", "vx", "vz", "omega"}, q, what))
      return error;
    const double reach = std::max(world_.model().body.a, world_.model().body.b);  // m
    if (!(q[0] >= 0 && q[0] <= setup_.width && q[1] >= -reach && q[1] <= kMaxHeight))
      return text("pile.state.ellipse_outside", {{"x", format_number(q[0])}, {"z", format_number(q[1])},
                                                 {"width", format_number(setup_.width)}});
    bodies = Eigen::Map<const Vec>(q.data(), 6);
  }
  World loaded;
  if (auto error = loaded.start(world_.model(), t, bodies)) return error;
  const double w = setup_.width;
  const double top = setup_.start == Start::Billiard ? w : kMaxHeight;
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string particle = std::to_string(i);
    const std::string what = text("pile.state.particle", {{"i", particle}});
    std::array<double, 7> q;
    if (auto error = read_finite_numbers((*list)[i], std::array{"x", "y", "z", "vx", "vy", "vz", "m"}, q, what))
      return error;
    if (!(q[6] >= kMinMass && q[6] <= kMaxMass))
      return text("pile.state.mass", {{"i", particle}, {"m", format_number(q[6])}, {"min", format_number(kMinMass)},
                                      {"max", format_number(kMaxMass)}});
    Vector3d x(q[0], q[1], q[2]), v(q[3], q[4], q[5]);
    // Axes this dimension does not have stay zero.
    if (setup_.dim < 3) x.y() = v.y() = 0;
    if (setup_.dim < 2) x.x() = v.x() = 0;
    // Centres inside the box (a particle may dip into a wall, as a compressed pile does).
    const struct {
      const char* name;
      double value, lo, hi;
    } coordinates[] = {{"x", x.x(), 0, setup_.dim >= 2 ? w : 0}, {"y", x.y(), 0, setup_.dim == 3 ? w : 0},
                       {"z", x.z(), 0, top}};
    for (const auto& c : coordinates)
      if (!(c.value >= c.lo && c.value <= c.hi))
        return text("pile.state.outside", {{"i", particle}, {"axis", c.name}, {"value", format_number(c.value)},
                                           {"lo", format_number(c.lo)}, {"hi", format_number(c.hi)}});
    loaded.add_particle(x, v, q[6]);
  }
  if (auto pair = loaded.particle_pair_closer_than(law().r))
    return text("pile.state.overlap", {{"i", std::to_string(pair->first)}, {"j", std::to_string(pair->second)},
                                       {"r", format_number(law().r)}});
  world_ = std::move(loaded);
  t_ = t;
  next_emit_ = next_emit[0];
  hit_bin_ = static_cast<long long>(std::floor(t_ / kHitBin + 1e-9));
  tally_at_bin_start_ = hits_last_bin_ = {};
  world_.refresh_particles();
  restart_energy_books();
  means_ = {};
  ball_was_on_ground_ = ball_on_ground();
  return std::nullopt;
}

}  // namespace cl
