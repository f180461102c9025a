#pragma once
// Seed 003: spheres emitted one by one pile up in a box (1D, 2D or 3D) under
// gravity along the last axis, by impulses with restitution and projections
// or by linear spring-dashpot contacts, integrated by semi-implicit Euler or
// leapfrog with a fixed step h. What the seed teaches is kept visible:
// impulse piles jitter and finally explode (detected, the run stops with the
// last good state), spring piles compress under their own weight, Euler
// loses a bouncing ball's energy where leapfrog keeps it.
#include <random>

#include <Eigen/Core>

#include "core/scene.h"
#include "world/world.h"

namespace cl {

const SceneDescription& pile_description();

class PileScene final : public CopyableScene<PileScene> {
 public:
  /// kg: the range of emitted particles' mass and of a state's.
  static constexpr double kMinMass = 1e-3, kMaxMass = 1e3;

  PileScene();
  const SceneDescription& description() const override { return pile_description(); }

  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& running) override;
  double time() const override { return t_; }
  long long step_count() const override { return steps_; }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  /// The 1D spring pile's compression table; no row until a particle has piled up.
  std::optional<ReportTable> report() const override;
  bool has_report(const ParamValues& params) const override;
  std::vector<std::pair<SeriesSpec, double>> summary_values() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;
  /// A scene file's "particles" list raises N_max to its length if needed.
  static std::optional<std::string> fit_params_to_state(const nlohmann::json& state, ParamValues& params);

  const ParticleSystem& particles() const { return world_.particles(); }
  /// The particles' law and integrator with their constants.
  ParticleModel law() const { return world_.particle_model(); }
  /// J: initial energy plus the energy each emitted particle brought in.
  double energy_brought_in() const { return energy_in_; }
  double total_energy() const;
  /// The ellipse of the ellipse start (x, z, angle: m, m, rad) and its velocities.
  Coordinates ellipse_coordinates() const { return world_.coordinates(0); }
  Velocities ellipse_velocities() const { return world_.velocities(0); }
  /// Contacts the ellipse began with particles and walls.
  long long ellipse_contacts() const { return world_.body_contact_count(); }
  /// Top of the highest particle touching something (m); 0 without one.
  double pile_height() const;
  /// Height-wise size of the lowest particle (m): 2r less half the overlap
  /// with the ground and half the largest overlap with another particle
  /// (each contact's overlap shared by its two bodies, as the seed measures).
  double bottom_diameter() const;

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// Ellipse: a block, and an ellipse (a body of the world) dropped onto it from the emitter height.
  enum class Start { Emitter, Block, Ball, Billiard, Ellipse };
  /// J: every particle at rest on the floor (centre at r), and the ellipse lying on it, above z = 0.
  double rest_energy() const;
  /// Energy in from here (a reset or a loaded state): no surplus yet.
  void restart_energy_books();
  struct Setup {
    Start start = Start::Emitter;
    int dim = 2;
    double m = 1;            // kg, emitted particles
    double width = 6;        // m, box side
    double emit_interval = 0.2, emit_speed = 0, emit_height = 6;  // s, m/s, m
    int n_max = 200;
    double view_yaw = 30, view_pitch = 20;  // deg
    double ellipse_angle = 0;               // rad, of the ellipse's first axis at the start
  };

  /// The world's law, integrator, gravity and particle constants from `params`.
  static void read_model(const ParamValues& params, WorldModel& model);
  /// The box, for `setup` and particles of radius r (m).
  static std::vector<SurfacePlane> box_surfaces(const Setup& setup);
  /// Where the broad phase expects particles (m), for `setup` and radius r (m); see UniformGrid.
  static UniformGrid::Bounds grid_bounds(const Setup& setup, double r);
  /// Height of the block start's top layer's tops (m), for `setup` and radius r (m).
  static double block_top(const Setup& setup, double r);
  /// Why the ellipse start cannot be, if it cannot: 2D, in the box, above the block.
  static std::optional<std::string> check_ellipse_start(const Setup& setup, const EllipseBody& body, double r);
  std::optional<std::string> place_start(std::mt19937_64& rng);
  /// Emits one particle at the emitter if due and the spot is free.
  void emit_if_due();
  /// What to change when the run explodes, for the law in use.
  std::string explosion_advice() const;
  void count_hits_in_bin();
  /// The ball start's bounces on the ground: a "bounce" event at each impact's onset.
  void log_bounce(std::vector<Event>& events);
  /// Whether the ball start's ball overlaps the ground.
  bool ball_on_ground() const;
  int particles_in_pile() const;
  /// Adds the step that ended at `state_time` (s) to the means of the 1D spring pile.
  void update_pile_means(double state_time);

  Setup setup_;
  World world_;
  std::mt19937_64 rng_;
  double t_ = 0;               // s, time reported (the requested end of the last advance; the state's: world_.time())
  long long steps_ = 0;
  double next_emit_ = 0;       // s
  double energy_in_ = 0;       // J
  double lowest_surplus_ = 0;  // J, lowest energy less energy_in_ so far
  // J: what the start holds above its particles resting on the floor (a
  // ball dropped from 5 m: 46 J); with rest_energy() the scale of the energy
  // in play that an explosion is measured against.
  double start_energy_above_rest_ = 0;
  bool ball_was_on_ground_ = false;  // at the end of the last step: an impact began when this turns true
  long long hit_bin_ = 0;      // index of the 10 ms bin being counted
  ContactTally tally_at_bin_start_, hits_last_bin_;
  /// Time means of the 1D spring pile's height and bottom diameter since the
  /// number of particles in it last changed: the column keeps ringing in its
  /// slowest mode, so a snapshot is off by about its amplitude.
  struct PileMeans {
    int particles = -1;
    double since = 0, duration = 0;      // s
    double height = 0, diameter = 0;     // m s, integrals over the duration
  };
  PileMeans means_;
};

}  // namespace cl
