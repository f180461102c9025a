#include "scenes/pile.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "core/random.h"
#include "io/json_numbers.h"

namespace cl {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

constexpr double kPi = 3.14159265358979323846;
constexpr double kHitBin = 0.01;  // s: hits_pp, hits_ps count the contacts of one such bin
// Explosion: with e <= 1 and k_d >= 0 the energy less what the emitter
// brought in can only fall (up to the integrator's small fluctuations). The
// run stops when it rises above its lowest value so far by this fraction of
// the pile's energy scale: N m g r (lifting every particle by its radius)
// plus the kinetic energy at the start.
constexpr double kExplosionMargin = 0.5;
constexpr double kJitter = 0.1;      // emitter jitter, in units of r
constexpr double kBlockGap = 1.05;   // block start: centre spacing in units of 2r
constexpr double kMinMass = 1e-3, kMaxMass = 1e3;  // kg, of emitted particles and of a state's
// The box is open at the top: a state may place a particle up to this height (m).
constexpr double kMaxHeight = 1e6;

// The billiard of seed 003's momentum test (2D, g = 0, a closed box): masses
// (kg), positions (in units of the box width) and velocities (m/s) chosen so
// that E_kin = 12.5 J and p = (-5, 0) kg m/s at the start.
struct BilliardBall {
  double m, x, z, vx, vz;
};
constexpr BilliardBall kBilliard[] = {
    {1.0, 0.80, 0.50, -4.0, 1.0},  {2.0, 0.50, 0.45, -1.0, 0.0}, {0.5, 0.25, 0.55, 2.0, -2.0},
    {1.0, 0.55, 0.80, 0.0, 1.0},   {1.0, 0.45, 0.20, 0.0, -1.0},
};

const Rgba kPalette[] = {0x4169e1ff, 0xe0453aff, 0xf5a623ff, 0x3cb371ff, 0xb084f5ff};

/// Scales the colour channels of 0xRRGGBBAA by `f` (alpha kept).
Rgba shade(Rgba c, double f) {
  auto channel = [&](int shift) {
    const double v = std::clamp(((c >> shift) & 0xff) * f, 0.0, 255.0);
    return static_cast<Rgba>(v) << shift;
  };
  return channel(24) | channel(16) | channel(8) | (c & 0xff);
}

/// Mixes `c` towards white by `f` in [0, 1].
Rgba lighten(Rgba c, double f) {
  auto channel = [&](int shift) {
    const double v = ((c >> shift) & 0xff) * (1 - f) + 255 * f;
    return static_cast<Rgba>(std::clamp(v, 0.0, 255.0)) << shift;
  };
  return channel(24) | channel(16) | channel(8) | (c & 0xff);
}

std::vector<SketchLegendEntry> pile_legend(const std::string& walls) {
  using Glyph = SketchLegendEntry::Glyph;
  return {{Glyph::Line, 0xe6e6e6ff, walls}, {Glyph::Dot, kPalette[0], "particle (colours only tell them apart)"}};
}

}  // namespace

const SceneDescription& pile_description() {
  static const SceneDescription d = [] {
    SceneDescription s;
    s.id = "pile";
    s.title = "A pile of particles";
    s.summary = "particles piling up in 1D/2D/3D: impulse vs linear-spring contact, Euler vs leapfrog (seed 003)";
    s.caption = "Particles drop into a box and pile up under gravity, in 1D, 2D or 3D (each new particle brings "
                "its energy in). Compare impulse contact with spring-dashpot contact and Euler with leapfrog: watch "
                "the energy plot, and whether the pile settles, keeps ringing or explodes.";
    const auto live = ParamApply::Live, reset = ParamApply::Reset;
    const auto real = ParamKind::Real;
    s.params = {
        {"start", "start", "", ParamKind::Choice, reset, 0, 0, 0,
         "emitter: particles appear one by one at the emitter (the seed's piles); block: N_max particles start "
         "at rest on a lattice and fall; ball: one ball dropped from the emitter height (energy tests); "
         "billiard: the seed's momentum test, five balls of different masses in a closed 2D box without "
         "gravity, E = 12.5 J and p = (-5, 0) kg m/s at the start.",
         {"emitter", "block", "ball", "billiard"}},
        {"dim", "dimension", "", ParamKind::Choice, reset, 1, 0, 0,
         "Space dimension; the last axis is the height (1D: z only, 2D: x and z, 3D: x, y and z).",
         {"1", "2", "3"}},
        {"model", "contact model", "", ParamKind::Choice, live, 1, 0, 0,
         "impulse: instantaneous momentum exchange with restitution e on approaching contacts, plus position "
         "projections k_p; spring: linear spring k_s with dashpot k_d on the overlap.",
         {"impulse", "spring"}},
        {"integrator", "integrator", "", ParamKind::Choice, live, 0, 0, 0,
         "euler: semi-implicit Euler (v += h a, then x += h v); leapfrog: kick-drift-kick (Hut & Makino), "
         "whose velocities are in step with its positions.",
         {"euler", "leapfrog"}},
        {"h", "time step", "s", real, live, 1e-3, 1e-5, 0.05,
         "Fixed integrator step. Springs are stable for h < sqrt(m / k_s); impulse piles explode later at "
         "smaller h.", {}, "", true},
        {"e", "restitution", "", real, live, 0.5, 0, 1, "Impulse model: normal speed kept at an impact (1: elastic)."},
        {"k_p", "projection factor", "", real, live, 0.4, 0, 1,
         "Impulse model: share of an overlap removed by position projections per step (0: none, 1: all). "
         "Acts like a spring k_s = k_p / (h^2 (1/m_a + 1/m_b)); above 0.5 it adds energy."},
        {"k_s", "spring stiffness", "N/m", real, live, 8000, 1, 1e7,
         "Spring model: contact force k_s times the overlap.", {}, "", true},
        {"k_d", "damping", "N s/m", real, live, 100, 0, 1e5,
         "Spring model: dashpot force k_d times the overlap rate (the force never pulls)."},
        {"r", "radius", "m", real, reset, 0.3, 0.01, 10, "Radius of every particle.", {}, "", true},
        {"m", "mass", "kg", real, reset, 1, kMinMass, kMaxMass, "Mass of every emitted particle.", {}, "", true},
        {"g", "gravity", "m/s^2", real, live, 9.81, 0, 100, "Gravitational acceleration, along -z (the last axis)."},
        {"emit_interval", "emit every", "s", real, live, 0.2, 1e-3, 100, "Time between two emitted particles; longer while the last one has not left the emitter's spot "
         "(released at rest, a particle of r = 0.3 m needs ~0.35 s to fall clear of it: see emit speed)."},
        {"emit_speed", "emit speed", "m/s", real, live, 0, 0, 100,
         "Downward speed of an emitted particle. A column emitted quickly (1D) needs it: at rest, the previous "
         "particle has not yet left the emitter's spot."},
        {"emit_height", "emitter height", "m", real, reset, 6, 0, 1e4,
         "Height of the emitter above the ground (the ball's drop height). An emission waits while the spot "
         "is occupied."},
        {"N_max", "particles", "", ParamKind::Integer, reset, 200, 1, 20000,
         "Most particles emitted (or placed by the block start)."},
        {"width", "box width", "m", real, reset, 6, 0.02, 1e4,
         "Side of the box: walls at 0 and width on every horizontal axis (none in 1D); the emitter is over "
         "the centre."},
        {"seed", "random seed", "", ParamKind::Integer, reset, 1, 0, 1e9,
         "Seed of the emitter's and the block's small horizontal jitter."},
        {"view_yaw", "view yaw", "deg", real, live, 30, -180, 180, "3D view: turn about the vertical axis."},
        {"view_pitch", "view pitch", "deg", real, live, 20, -90, 90, "3D view: tilt (positive looks down)."},
    };
    s.is_random = true;
    s.cost_params = {"N_max", "dim", "h"};
    s.cost_hint = "fewer particles (N_max) or a longer time step (h, within stability) run faster";
    return s;
  }();
  return d;
}

PileScene::PileScene() {
  if (auto error = reset(ParamValues(pile_description().params))) throw std::logic_error(*error);
}

std::optional<std::string> PileScene::read_model(const ParamValues& params, ParticleModel& model) {
  ParticleModel m;
  m.contact = params.choice("model") == "impulse" ? ContactModel::Impulse : ContactModel::SpringDashpot;
  m.integrator =
      params.choice("integrator") == "leapfrog" ? ParticleIntegrator::Leapfrog : ParticleIntegrator::SemiImplicitEuler;
  m.h = params.number("h");
  m.e = params.number("e");
  m.k_p = params.number("k_p");
  m.k_s = params.number("k_s");
  m.k_d = params.number("k_d");
  m.r = params.number("r");
  m.g = params.number("g");
  model = m;
  return std::nullopt;
}

std::optional<std::string> PileScene::reset(const ParamValues& params) {
  ParticleModel model;
  if (auto error = read_model(params, model)) return error;
  Setup setup;
  const std::string& start = params.choice("start");
  setup.start = start == "block"      ? Start::Block
                : start == "ball"     ? Start::Ball
                : start == "billiard" ? Start::Billiard
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
  const double r = model.r;
  if (setup.dim > 1 && setup.width < 2 * r)
    return "the box (width " + format_number(setup.width) + " m) is narrower than a particle (2 r = " +
           format_number(2 * r) + " m): widen it or make r smaller";
  if (setup.start != Start::Billiard && setup.start != Start::Block && setup.emit_height < r)
    return "the emitter (height " + format_number(setup.emit_height) + " m) is below a particle's radius r = " +
           format_number(r) + " m: raise it";
  if (setup.start == Start::Billiard) {
    if (setup.dim != 2) return "the billiard start is 2D: set dim = 2";
    if (setup.width < 20 * r)
      return "the billiard needs a box of at least 20 r = " + format_number(20 * r) + " m: widen it or make r smaller";
  }

  PileScene fresh(*this);
  fresh.model_ = model;
  fresh.setup_ = setup;
  fresh.rng_.seed(static_cast<uint64_t>(params.number("seed")));
  fresh.system_.clear();
  fresh.system_.set_surfaces(fresh.box_surfaces());
  fresh.system_.set_grid_bounds(fresh.grid_bounds());
  fresh.t_ = fresh.t_segment_ = 0;
  fresh.segment_steps_ = fresh.steps_ = 0;
  fresh.next_emit_ = 0;
  fresh.hit_bin_ = 0;
  fresh.tally_at_bin_start_ = fresh.hits_last_bin_ = {};
  if (auto error = fresh.place_start(fresh.rng_)) return error;
  fresh.system_.refresh(fresh.model_);
  fresh.restart_energy_books();
  fresh.means_ = {};
  fresh.emit_if_due();
  *this = std::move(fresh);
  return std::nullopt;
}

std::vector<SurfacePlane> PileScene::box_surfaces() const {
  std::vector<SurfacePlane> s = {{Vector3d::UnitZ(), 0}};  // the ground
  const double w = setup_.width;
  if (setup_.dim >= 2) s.insert(s.end(), {{Vector3d::UnitX(), 0}, {-Vector3d::UnitX(), -w}});
  if (setup_.dim == 3) s.insert(s.end(), {{Vector3d::UnitY(), 0}, {-Vector3d::UnitY(), -w}});
  if (setup_.start == Start::Billiard) s.push_back({-Vector3d::UnitZ(), -w});  // a closed table
  return s;
}

UniformGrid::Bounds PileScene::grid_bounds() const {
  // The box up to its highest start (emitter, block or billiard lid), with
  // room around it: a run stays inside, so the grid is exactly the points'
  // own; particles flung beyond count in the boundary cells.
  const double r = model_.r, w = setup_.width;
  const int per_row = setup_.dim >= 2 ? static_cast<int>(std::floor((w - 2 * r) / (2 * r * kBlockGap))) + 1 : 1;
  const int per_layer = setup_.dim == 3 ? per_row * per_row : per_row;
  const double block_top = (setup_.n_max / per_layer + 1) * 2 * r * kBlockGap;
  const double height = std::max({setup_.emit_height + r, block_top, w, 4 * r});
  return {Vector3d(-w, -w, -height), Vector3d(2 * w, 2 * w, 4 * height)};
}

std::optional<std::string> PileScene::place_start(std::mt19937_64& rng) {
  const double r = model_.r, w = setup_.width;
  const double centre = setup_.dim >= 2 ? 0.5 * w : 0;
  switch (setup_.start) {
    case Start::Emitter:
      return std::nullopt;
    case Start::Ball: {
      // Thrown sideways at 1 m/s in 2D and 3D, so the walls take part.
      const Vector3d v(setup_.dim >= 2 ? 1.0 : 0.0, 0, 0);
      system_.add(Vector3d(centre, setup_.dim == 3 ? centre : 0, setup_.emit_height), v, setup_.m);
      return std::nullopt;
    }
    case Start::Billiard:
      for (const BilliardBall& b : kBilliard)
        system_.add(Vector3d(b.x * w, 0, b.z * w), Vector3d(b.vx, 0, b.vz), b.m);
      return std::nullopt;
    case Start::Block: {
      const double spacing = 2 * r * kBlockGap;
      const int per_row = setup_.dim >= 2 ? static_cast<int>(std::floor((w - 2 * r) / spacing)) + 1 : 1;
      const int per_layer = setup_.dim == 3 ? per_row * per_row : per_row;
      for (int i = 0; i < setup_.n_max; ++i) {
        const int layer = i / per_layer, k = i % per_layer;
        auto jitter = [&] { return (2 * unit_random(rng) - 1) * 0.01 * r; };
        Vector3d x(0, 0, r * kBlockGap + layer * spacing);
        if (setup_.dim >= 2) x.x() = r + (k % per_row) * spacing + jitter();
        if (setup_.dim == 3) x.y() = r + (k / per_row) * spacing + jitter();
        system_.add(x.cwiseMax(Vector3d(0, 0, 0)), Vector3d::Zero(), setup_.m);
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::string> PileScene::apply_live(const ParamValues& params) {
  ParticleModel model;
  if (auto error = read_model(params, model)) return error;
  const double energy_before = total_energy();
  const double state_time = t_segment_ + segment_steps_ * model_.h;
  if (model.h != model_.h) {  // a new step size begins where the state is
    t_segment_ = state_time;
    segment_steps_ = 0;
  }
  model_ = model;
  setup_.emit_interval = params.number("emit_interval");
  setup_.emit_speed = params.number("emit_speed");
  setup_.view_yaw = params.number("view_yaw");
  setup_.view_pitch = params.number("view_pitch");
  system_.forces_changed();
  system_.refresh(model_);
  // Energy changed by the user (g, k_s) is not growth: keep the surplus as it was.
  energy_in_ += total_energy() - energy_before;
  return std::nullopt;
}

void PileScene::emit_if_due() {
  if (setup_.start != Start::Emitter || static_cast<int>(system_.size()) >= setup_.n_max) return;
  const double state_time = t_segment_ + segment_steps_ * model_.h;
  if (state_time < next_emit_ - 1e-9 * model_.h) return;
  const double r = model_.r, w = setup_.width;
  Vector3d x(0, 0, setup_.emit_height);
  auto jitter = [&] { return (2 * unit_random(rng_) - 1) * kJitter * r; };
  if (setup_.dim >= 2) x.x() = std::clamp(0.5 * w + jitter(), r, w - r);
  if (setup_.dim == 3) x.y() = std::clamp(0.5 * w + jitter(), r, w - r);
  const auto& positions = system_.positions();
  for (const Vector3d& p : positions)
    if ((p - x).squaredNorm() < 4 * r * r) return;  // occupied: try again next step
  const Vector3d v(0, 0, -setup_.emit_speed);
  system_.add(x, v, setup_.m);
  system_.refresh(model_);
  energy_in_ += setup_.m * (model_.g * x.z() + 0.5 * v.squaredNorm());
  next_emit_ += setup_.emit_interval;
  if (next_emit_ < state_time) next_emit_ = state_time + setup_.emit_interval;  // waited: keep the interval
}

std::optional<std::string> PileScene::step_to(double t_end, std::vector<Event>&, const YieldCheck& yield) {
  const double h = model_.h;
  auto whole_step_fits = [&] { return t_segment_ + (segment_steps_ + 1) * h <= t_end + 1e-9 * h; };
  while (whole_step_fits()) {
    if (!system_.step(model_))
      return "a particle's position is no longer finite: the pile exploded (try a smaller h, or k_p < 0.5)";
    ++segment_steps_;
    ++steps_;
    count_hits_in_bin();
    emit_if_due();
    update_pile_means(t_segment_ + segment_steps_ * h);
    if (yield && whole_step_fits() && yield()) break;
  }
  // Fixed steps: the clock stands at t_end once no whole step fits before it
  // (the remainder is carried by the next call), else at the last step taken.
  t_ = whole_step_fits() ? std::max(t_, t_segment_ + segment_steps_ * h) : std::max(t_, t_end);
  // Explosion: energy gained that no emission brought in.
  const double surplus = total_energy() - energy_in_;  // J, <= 0 when only dissipated
  lowest_surplus_ = std::min(lowest_surplus_, surplus);
  const double scale = start_energy_above_rest_ + rest_energy();
  if (surplus - lowest_surplus_ > kExplosionMargin * scale && scale > 0)
    return "the pile exploded with " + std::to_string(system_.size()) + " particles: it gained " +
           format_number(surplus - lowest_surplus_) + " J that nothing brought in. This is the instability seed "
           "003 reports for impulses: try a smaller h, a smaller k_p (< 0.5) or the spring model";
  return std::nullopt;
}

void PileScene::count_hits_in_bin() {
  const double state_time = t_segment_ + segment_steps_ * model_.h;
  const long long bin = static_cast<long long>(std::floor(state_time / kHitBin + 1e-9));
  if (bin == hit_bin_) return;
  const ContactTally& now = system_.tally();
  hits_last_bin_ = {now.pair - tally_at_bin_start_.pair, now.surface - tally_at_bin_start_.surface};
  tally_at_bin_start_ = now;
  hit_bin_ = bin;
}

double PileScene::rest_energy() const {
  double sum = 0;
  for (size_t i = 0; i < system_.size(); ++i) sum += system_.mass(i) * model_.g * model_.r;
  return sum;
}

void PileScene::restart_energy_books() {
  energy_in_ = total_energy();
  lowest_surplus_ = 0;
  start_energy_above_rest_ = std::max(0.0, energy_in_ - rest_energy());
}

double PileScene::total_energy() const {
  return system_.kinetic_energy() + system_.potential_energy(model_.g) + system_.spring_energy();
}

double PileScene::pile_height() const {
  double top = 0;
  const auto& x = system_.positions();
  for (size_t i = 0; i < x.size(); ++i)
    if (system_.touching(i)) top = std::max(top, x[i].z() + model_.r);
  return top;
}

double PileScene::bottom_diameter() const {
  const auto& x = system_.positions();
  if (x.empty()) return 0;
  size_t lowest = 0;
  for (size_t i = 1; i < x.size(); ++i)
    if (x[i].z() < x[lowest].z()) lowest = i;
  const double r = model_.r;
  const double ground = std::max(0.0, r - x[lowest].z());
  double pair = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (i != lowest) pair = std::max(pair, 2 * r - (x[i] - x[lowest]).norm());
  return 2 * r - 0.5 * ground - 0.5 * pair;
}

std::vector<SeriesSpec> PileScene::series() const {
  return {{"t", "s", "time"},
          {"N", "", "particles"},
          {"E_kin", "J", "kinetic energy"},
          {"E_pot", "J", "potential energy"},
          {"E_spring", "J", "spring energy"},
          {"E_total", "J", "mechanical energy", true},
          {"px", "kg m/s", "momentum x"},
          {"py", "kg m/s", "momentum y"},
          {"pz", "kg m/s", "momentum z (up)"},
          {"com_height", "m", "height of the centre of mass"},
          {"pile_height", "m", "pile height"},
          {"bottom_diameter", "m", "bottom particle's diameter"},
          {"hits_pp", "", "particle–particle contacts per 10 ms"},
          {"hits_ps", "", "particle–wall contacts per 10 ms"}};
}

std::vector<std::vector<std::string>> PileScene::default_plots() const {
  return {{"E_kin", "E_pot", "E_spring", "E_total"},
          {"px", "pz"},
          {"hits_pp", "hits_ps"},
          {"com_height"},
          {"bottom_diameter", "pile_height"}};
}

void PileScene::sample(std::vector<double>& values) const {
  const double e_kin = system_.kinetic_energy(), e_pot = system_.potential_energy(model_.g);
  const double e_spring = system_.spring_energy();
  const Vector3d p = system_.momentum();
  double mass = 0, moment = 0;
  for (size_t i = 0; i < system_.size(); ++i) {
    mass += system_.mass(i);
    moment += system_.mass(i) * system_.positions()[i].z();
  }
  values = {t_,
            static_cast<double>(system_.size()),
            e_kin,
            e_pot,
            e_spring,
            e_kin + e_pot + e_spring,
            p.x(),
            p.y(),
            p.z(),
            mass > 0 ? moment / mass : 0,
            pile_height(),
            bottom_diameter(),
            static_cast<double>(hits_last_bin_.pair),
            static_cast<double>(hits_last_bin_.surface)};
}

Sketch PileScene::sketch() const {
  Sketch s;
  const double r = model_.r, w = setup_.width;
  const auto& x = system_.positions();
  const double top = std::max({setup_.emit_height + r, setup_.start == Start::Billiard ? w : 0.0, 4 * r});
  const Rgba wall_color = 0xe6e6e6ff;
  if (setup_.dim <= 2) {
    const double left = setup_.dim == 2 ? 0 : -3 * r, right = setup_.dim == 2 ? w : 3 * r;
    SketchPolyline box;
    box.color = wall_color;
    if (setup_.dim == 2) box.points = {{0, top}, {0, 0}, {w, 0}, {w, top}};
    else box.points = {{left, 0}, {right, 0}};
    if (setup_.start == Start::Billiard) box.closed = true;
    s.lines.push_back(std::move(box));
    for (size_t i = 0; i < x.size(); ++i)
      s.circles.push_back({Vector2d(x[i].x(), x[i].z()), r, kPalette[i % 5], 0, 1.0f, 1.5f});
    s.view_center = Vector2d(0.5 * (left + right), 0.5 * top);
    s.view_half_height = 0.55 * std::max(top, 1.2 * (right - left));
    s.legend = pile_legend(setup_.dim == 2 ? "box (floor and side walls)" : "floor");
    return s;
  }
  // 3D: orthographic view about the box centre, turned by yaw about z and
  // tilted by pitch; spheres drawn back to front as a dark rim, a body and a highlight.
  const double yaw = setup_.view_yaw * kPi / 180, pitch = setup_.view_pitch * kPi / 180;
  const Vector3d centre(0.5 * w, 0.5 * w, 0);
  struct Projected {
    Vector2d screen;
    double depth;  // m, larger is farther
  };
  auto project = [&](const Vector3d& p) {
    const Vector3d q = p - centre;
    const double across = std::cos(yaw) * q.x() - std::sin(yaw) * q.y();
    const double along = std::sin(yaw) * q.x() + std::cos(yaw) * q.y();  // into the screen before the tilt
    return Projected{Vector2d(across, std::sin(pitch) * along + std::cos(pitch) * q.z()),
                     std::cos(pitch) * along - std::sin(pitch) * q.z()};
  };
  auto edge = [&](const Vector3d& a, const Vector3d& b, Rgba color) {
    SketchPolyline line;
    line.points = {project(a).screen, project(b).screen};
    line.color = color;
    line.width_px = 1.5f;
    line.in_front = project(0.5 * (a + b)).depth < 0;  // the nearer half of the box covers the spheres
    s.lines.push_back(std::move(line));
  };
  const Vector3d corners[4] = {{0, 0, 0}, {w, 0, 0}, {w, w, 0}, {0, w, 0}};
  for (int k = 0; k < 4; ++k) {
    edge(corners[k], corners[(k + 1) % 4], wall_color);
    edge(corners[k], corners[k] + Vector3d(0, 0, top), 0x8c8c8cff);
  }
  std::vector<std::pair<double, size_t>> order(x.size());
  std::vector<Projected> projected(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    projected[i] = project(x[i]);
    order[i] = {projected[i].depth, i};
  }
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const Vector2d light(-0.3 * r, 0.35 * r);  // highlight offset: light from the upper left
  s.circles.reserve(3 * x.size());
  for (const auto& [depth, i] : order) {
    const Rgba base = kPalette[i % 5];
    const Vector2d c = projected[i].screen;
    s.circles.push_back({c, r, shade(base, 0.55), 0, 1.0f, 1.5f});
    s.circles.push_back({c + 0.25 * light, 0.82 * r, base, 0, 1.0f, 0});
    s.circles.push_back({c + light, 0.28 * r, lighten(base, 0.6), 0, 1.0f, 0});
  }
  s.flat_grid = false;
  s.view_center = Vector2d(0, 0.5 * top * std::cos(pitch));
  s.view_half_height = 0.6 * std::max(top, 1.5 * w);
  s.legend = pile_legend("box (drag with the right button or shift to turn it)");
  return s;
}

int PileScene::particles_in_pile() const {
  // Those touching something; the rest are still falling.
  int in_pile = 0;
  for (size_t i = 0; i < system_.size(); ++i) in_pile += system_.touching(i) ? 1 : 0;
  return in_pile;
}

void PileScene::update_pile_means(double state_time) {
  if (setup_.dim != 1 || model_.contact != ContactModel::SpringDashpot) return;
  const int n = particles_in_pile();
  if (n != means_.particles) {
    means_ = {n, state_time, 0, 0, 0};
    return;
  }
  const double dt = state_time - (means_.since + means_.duration);  // s, one step
  means_.duration += dt;
  means_.height += pile_height() * dt;
  means_.diameter += bottom_diameter() * dt;
}

bool PileScene::has_report(const ParamValues& params) const {
  return params.choice("dim") == "1" && params.choice("model") == "spring";
}

std::optional<ReportTable> PileScene::report() const {
  if (setup_.dim != 1 || model_.contact != ContactModel::SpringDashpot) return std::nullopt;
  ReportTable t;
  t.title = "Compression of the pile (seed 003, Table 3.2-1)";
  t.columns = {{"k_s", "N/m"},         {"particles in pile", ""},          {"pile height", "m"},
               {"pile compression", "%"}, {"bottom particle D", "m"},      {"bottom compression", "%"},
               {"static pile height", "m"}, {"static bottom D", "m"}, {"averaged over", "s"}};
  const int in_pile = particles_in_pile();
  if (in_pile == 0) return t;  // nothing has piled up yet: no row
  const double r = model_.r, d = 2 * r, n = in_pile;
  // Means since the pile last changed, or the moment if it just did.
  const bool averaged = means_.particles == in_pile && means_.duration > 0;
  const double height = averaged ? means_.height / means_.duration : pile_height();
  const double diameter = averaged ? means_.diameter / means_.duration : bottom_diameter();
  // Static estimate: the contact under particle i carries the n - i + 1 particles above it.
  const double load = setup_.m * model_.g / model_.k_s;  // m of overlap per particle carried
  const double static_height = n * d - load * n * (n + 1) / 2;
  const double static_diameter = d - 0.5 * load * (2 * n - 1);
  t.rows = {{model_.k_s, n, height, 100 * (1 - height / (n * d)), diameter, 100 * (1 - diameter / d), static_height,
             static_diameter, averaged ? means_.duration : 0.0}};
  return t;
}

std::vector<Preset> PileScene::presets(const ParamValues&) const {
  // Every preset sets the whole experiment, so it does not depend on what was set before.
  auto make = [](const char* name, const char* help, std::map<std::string, std::string> values) {
    const std::map<std::string, std::string> base = {
        {"start", "emitter"}, {"dim", "2"},  {"model", "spring"}, {"integrator", "euler"}, {"h", "0.001"},
        {"e", "0.5"},         {"k_p", "0.4"}, {"k_s", "8000"},    {"k_d", "100"},          {"r", "0.3"},
        {"m", "1"},           {"g", "9.81"}, {"emit_interval", "0.2"}, {"emit_speed", "0"}, {"emit_height", "6"}, {"N_max", "200"},
        {"width", "6"},       {"seed", "1"}};
    for (const auto& [key, value] : base) values.emplace(key, value);
    return Preset{name, help, std::move(values)};
  };
  const std::map<std::string, std::string> ball = {{"start", "ball"}, {"dim", "2"}, {"h", "0.01"}, {"e", "1"},
                                                   {"k_p", "0"},      {"k_d", "0"}, {"emit_height", "5"},
                                                   {"width", "10"}};
  auto with = [](std::map<std::string, std::string> values, std::map<std::string, std::string> more) {
    for (const auto& [key, value] : more) values[key] = value;
    return values;
  };
  const std::map<std::string, std::string> billiard = {{"start", "billiard"}, {"dim", "2"}, {"g", "0"},
                                                       {"e", "1"},  {"k_p", "0"}, {"k_d", "0"}, {"k_s", "8000"},
                                                       {"h", "0.001"}, {"width", "10"}};
  const std::map<std::string, std::string> pile_1d_impulse = {
      {"dim", "1"}, {"model", "impulse"}, {"integrator", "leapfrog"}, {"e", "1"}, {"k_p", "0.8"},
      {"emit_interval", "1"}, {"emit_height", "15"}, {"N_max", "40"}};
  const std::map<std::string, std::string> pile_1d_spring = {
      {"dim", "1"}, {"model", "spring"}, {"integrator", "euler"}, {"h", "0.001"}, {"k_d", "100"},
      {"emit_interval", "0.1"}, {"emit_speed", "10"}, {"emit_height", "80"}, {"N_max", "131"}};
  return {
      make("Ball: impulse, Euler", "One ball, e = 1, h = 0.01 s: with Euler the mechanical energy steps down at every bounce",
           with(ball, {{"model", "impulse"}, {"integrator", "euler"}})),
      make("Ball: impulse, leapfrog", "One ball, e = 1, h = 0.01 s: with leapfrog the mechanical energy stays flat",
           with(ball, {{"model", "impulse"}, {"integrator", "leapfrog"}})),
      make("Ball: spring, Euler", "One ball, k_s = 8000 N/m, no damping: the energy wiggles by a few per cent during contacts but does not drift",
           with(ball, {{"model", "spring"}, {"integrator", "euler"}, {"h", "0.001"}})),
      make("Ball: spring, leapfrog", "One ball, k_s = 8000 N/m, no damping: the energy is kept, with small wiggles during each contact",
           with(ball, {{"model", "spring"}, {"integrator", "leapfrog"}, {"h", "0.001"}})),
      make("Billiard: impulse", "Momentum test, E = 12.5 J, p_x = -5 kg m/s: pair impacts keep the momentum, wall hits change it",
           with(billiard, {{"model", "impulse"}, {"integrator", "leapfrog"}})),
      make("Billiard: spring", "momentum test with springs (k_s = 8000 N/m, no damping), semi-implicit Euler",
           with(billiard, {{"model", "spring"}, {"integrator", "euler"}})),
      make("1D impulse pile, h = 0.01", "One particle per second, leapfrog: the column jitters, then explodes (the run stops with a message)",
           with(pile_1d_impulse, {{"h", "0.01"}})),
      make("1D impulse pile, h = 0.005", "the same with half the step: the explosion comes later",
           with(pile_1d_impulse, {{"h", "0.005"}})),
      make("1D spring pile, k_s = 4000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "4000"}})),
      make("1D spring pile, k_s = 8000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "8000"}})),
      make("1D spring pile, k_s = 40000", "131 particles, one per 100 ms, Euler h = 0.001 s; run 15 s for the table",
           with(pile_1d_spring, {{"k_s", "40000"}})),
      make("2D impulse pile", "e = 0.5, k_p = 0.4, leapfrog h = 0.002 s, 49 particles in 10 s",
           {{"dim", "2"}, {"model", "impulse"}, {"integrator", "leapfrog"}, {"h", "0.002"}, {"e", "0.5"},
            {"k_p", "0.4"}, {"emit_interval", "0.2"}, {"N_max", "49"}, {"width", "4.2"}, {"emit_height", "6"}}),
      make("3D spring pile", "k_s = 8000 N/m, k_d = 100 N s/m, Euler h = 0.001 s, up to 351 particles in 70 s",
           {{"dim", "3"}, {"model", "spring"}, {"integrator", "euler"}, {"h", "0.001"}, {"k_s", "8000"},
            {"k_d", "100"}, {"emit_interval", "0.2"}, {"N_max", "351"}, {"width", "4.2"}, {"emit_height", "8"}}),
  };
}

nlohmann::json PileScene::state_json() const {
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < system_.size(); ++i) {
    const Vector3d& x = system_.positions()[i];
    const Vector3d& v = system_.velocities()[i];
    list.push_back({{"x", x.x()}, {"y", x.y()}, {"z", x.z()}, {"vx", v.x()}, {"vy", v.y()}, {"vz", v.z()},
                    {"m", system_.mass(i)}});
  }
  return {{"t", t_}, {"next_emit", next_emit_}, {"particles", list}};
}

std::optional<std::string> PileScene::fit_params_to_state(const nlohmann::json& state, ParamValues& params) {
  auto list = state.is_object() ? state.find("particles") : state.end();
  if (list == state.end() || !list->is_array()) return std::nullopt;
  const double n = static_cast<double>(list->size());
  if (n <= params.number("N_max")) return std::nullopt;
  if (auto error = params.set_number(*params.index_of("N_max"), n))
    return "state lists " + std::to_string(list->size()) + " particles: " + *error;
  return std::nullopt;
}

std::optional<std::string> PileScene::load_state_json(const nlohmann::json& state) {
  auto list = state.is_object() ? state.find("particles") : state.end();
  if (list == state.end() || !list->is_array())
    return "pile state needs a \"particles\" list of {x, y, z, vx, vy, vz, m}";
  if (static_cast<int>(list->size()) > setup_.n_max)
    return "pile state has " + std::to_string(list->size()) + " particles, more than N_max = " +
           std::to_string(setup_.n_max);
  double t = 0;
  if (auto error = read_state_time(state, true, t, "pile state")) return error;
  std::array<double, 1> next_emit{0};
  if (auto error = read_finite_numbers(state, std::array{"next_emit"}, next_emit, "pile state")) return error;
  ParticleSystem loaded;
  loaded.set_surfaces(box_surfaces());
  loaded.set_grid_bounds(grid_bounds());
  const double w = setup_.width;
  const double top = setup_.start == Start::Billiard ? w : kMaxHeight;
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string what = "pile state: particle " + std::to_string(i);
    std::array<double, 7> q;
    if (auto error = read_finite_numbers((*list)[i], std::array{"x", "y", "z", "vx", "vy", "vz", "m"}, q, what))
      return error;
    if (!(q[6] >= kMinMass && q[6] <= kMaxMass))
      return what + ": mass m = " + format_number(q[6]) + " kg is outside [" + format_number(kMinMass) + ", " +
             format_number(kMaxMass) + "] kg";
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
        return what + " at " + c.name + " = " + format_number(c.value) + " m is outside the box [" +
               format_number(c.lo) + ", " + format_number(c.hi) + "] m";
    loaded.add(x, v, q[6]);
  }
  if (auto pair = loaded.pair_closer_than(model_.r))
    return "pile state: particles " + std::to_string(pair->first) + " and " + std::to_string(pair->second) +
           " overlap by more than a radius (centres closer than r = " + format_number(model_.r) + " m)";
  system_ = std::move(loaded);
  t_ = t_segment_ = t;
  segment_steps_ = 0;
  next_emit_ = next_emit[0];
  hit_bin_ = static_cast<long long>(std::floor(t_ / kHitBin + 1e-9));
  tally_at_bin_start_ = hits_last_bin_ = {};
  system_.refresh(model_);
  restart_energy_books();
  means_ = {};
  return std::nullopt;
}

}  // namespace cl
