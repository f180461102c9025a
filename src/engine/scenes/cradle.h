#pragma once
// Newton's cradle: n balls (discs of radius R), each on its own thread of
// length L from a pivot on one bar, hang in a row touching at rest; k of
// them are pulled back by an angle and released. Every ball is a body of
// the world (world/world.h), each thread a unilateral constraint of it
// (world/thread.h), and the balls meet under the chosen contact law: with
// the impulse law at e = 1 exactly k balls leave the far end; with Hertz or
// Hunt–Crossley contacts the impact spreads through the touching row and
// the balls separate with small speeds that grow into the familiar
// "messy" cradle (Herrmann & Seitz 1982; Hinch & Saint-Jean 1999).
// This scene describes: parameters, the row at rest, presets, series and
// the sketch.
#include <string>
#include <vector>

#include "core/scene.h"
#include "world/world.h"

namespace cl {

const SceneDescription& cradle_description();

class CradleScene final : public CopyableScene<CradleScene> {
 public:
  /// Balls "touching" at rest are this many diameters apart, so that each
  /// contact has an onset the world can locate (a gap of 4e-11 m between
  /// 4 cm balls: it shifts an impact by 4e-11 m / v).
  static constexpr double kTouchingClearance = 1e-9;

  CradleScene();
  const SceneDescription& description() const override { return cradle_description(); }

  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& running) override;
  double time() const override { return world_.time(); }
  long long step_count() const override { return world_.step_count(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  std::vector<std::string> readout_series() const override;
  /// For a sweep: the speed the last ball swings through its lowest point with, at most (m/s).
  std::vector<std::pair<SeriesSpec, double>> summary_values() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch(const Palette& palette) const override;
  Theory theory() const override;
  const ImpactLoopLog* impact_loops() const override { return &world_.impact_loops(); }
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;
  /// A scene file's "balls" list sets n.
  static std::optional<std::string> fit_params_to_state(const nlohmann::json& state, ParamValues& params);

  const World& world() const { return world_; }
  int ball_count() const { return world_.model().n; }
  Eigen::Vector2d position(int i) const { return world_.coordinates(i).head<2>(); }
  Eigen::Vector2d velocity(int i) const { return world_.velocities(i).head<2>(); }
  /// Ball i's kinetic energy and its potential energy above its rest height (J).
  double ball_energy(int i) const;
  /// Total horizontal momentum (kg m/s).
  double momentum() const { return world_.linear_momentum().x(); }
  /// Kinetic + potential (from rest) + spring energy, J.
  double mechanical_energy() const;
  /// The force between balls i and i + 1 (N, 0 apart).
  double contact_force(int i) const;
  /// Thread i's tension (N, 0 while slack).
  double tension(int i) const;

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  static std::optional<std::string> read_model(const ParamValues& p, WorldModel& model);
  std::optional<std::string> start_at(const WorldModel& model, double t, const Vec& y);
  const WorldModel& model() const { return world_.model(); }

  World world_;
  double rest_height_ = 0;  // m, of the balls' centres at rest
  double last_ball_energy_ = 0;  // J, the most the last ball has held (constant while it swings free)
  double swing_half_width_ = 0;  // m, how far from the middle a ball reaches at the start (and so on its swings)
};

}  // namespace cl
