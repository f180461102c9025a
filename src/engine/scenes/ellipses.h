#pragma once
// Seed 000: n homogeneous ellipses, each carrying an observer mass, slide
// without gravity inside a circular wall of radius R_W about the origin, or
// inside a wall f(x, y) = 0 typed by the user. The stepping is the world's
// (world/world.h); this scene describes: parameters, starts, presets,
// series and the sketch.
// Ellipse-wall and ellipse-ellipse impacts follow a chosen normal law
// (Hunt–Crossley with Hertz stiffness from the osculating radii by default;
// the wall is concave, R2 = -R_W) plus friction along the tangent. The
// contact geometry is exact (support functions); the impact speed of
// Hunt–Crossley is taken at the located onset of each contact; the
// dissipated work is integrated as an extra state for the energy audit.

#include "core/trail.h"
#include "core/scene.h"
#include "world/world.h"

namespace cl {

const SceneDescription& ellipses_description();

class EllipsesScene final : public CopyableScene<EllipsesScene> {
 public:
  EllipsesScene();
  const SceneDescription& description() const override { return ellipses_description(); }

  /// Traces ahead, in slices until `stop_early`, the typed wall a reset
  /// with `params` needs; the share done, 0..1 (SceneEntry::prepare).
  static double prepare(const ParamValues& params, const YieldCheck& stop_early);
  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& running) override;
  std::optional<std::string> check_pending(const ParamValues& requested) const override;
  double time() const override { return world_.time(); }
  long long step_count() const override { return world_.step_count(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  std::vector<DraggableBody> draggable_bodies() const override;
  std::optional<std::string> place_body(size_t i, const Eigen::Vector2d& position,
                                        const Eigen::Vector2d& velocity) override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;
  /// A scene file's "bodies" list sets n.
  static std::optional<std::string> fit_params_to_state(const nlohmann::json& state, ParamValues& params);

  const World& world() const { return world_; }
  size_t body_count() const { return static_cast<size_t>(world_.model().n); }
  Coordinates coordinates(size_t i) const { return world_.coordinates(static_cast<int>(i)); }
  Velocities velocities(size_t i) const { return world_.velocities(static_cast<int>(i)); }
  const EllipseBody& body() const { return world_.model().body; }
  double kinetic_energy() const { return world_.kinetic_energy(); }
  double spring_energy() const { return world_.spring_energy(); }
  double dissipated_energy() const { return world_.dissipated_energy(); }
  double stiffness_work() const { return world_.stiffness_work(); }
  Eigen::Vector2d linear_momentum() const { return world_.linear_momentum(); }
  double angular_momentum() const { return world_.angular_momentum(); }
  const ImpactLoopLog* impact_loops() const override { return &world_.impact_loops(); }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// What the panel sets beyond the world: the drawing.
  struct View {
    double trail = 2;  ///< s
    bool show_contacts = true;
  };

  /// Everything but the boundary's shape.
  static std::optional<std::string> read_model(const ParamValues& p, WorldModel& model, View& view);
  /// The wall (a typed one as TypedWall::build gives it).
  static std::optional<std::string> read_boundary(const ParamValues& p, const EllipseBody& body, Boundary& boundary);
  /// Starts the world at y, refusing overlaps and bodies outside the wall.
  std::optional<std::string> start_at(const WorldModel& model, double t, const Vec& y);
  void remember_trails();
  const WorldModel& model() const { return world_.model(); }

  World world_;
  View view_;
  std::vector<Trail> trails_;
  double initial_energy_ = 0;  // E_kin + E_spring at the start, J
};

}  // namespace cl
