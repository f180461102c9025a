#pragma once
// Seed 001: a homogeneous ellipse carrying an observer mass is dropped or
// thrown onto an uneven street y = s(x) under gravity (along −y). The impact
// follows a chosen normal law (Hunt–Crossley with the Hertz stiffness of the
// ellipse's and the street's signed radii of curvature by default) plus
// friction along the street's tangent. The contact is the common-normal pair
// of geometry/street_contact.h; onsets, impact speeds, per-impact events and
// force-vs-penetration loops come from contact/contact_tracker.h, as in the
// ellipses scene; the dissipated work and the work of the changing Hertz
// stiffness are integrated as extra states for the energy audit.
#include <string>

#include "core/trail.h"
#include "core/scene.h"
#include "world/world.h"

namespace cl {

const SceneDescription& street_description();

class StreetScene final : public CopyableScene<StreetScene> {
 public:
  StreetScene();
  const SceneDescription& description() const override { return street_description(); }

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
  const ImpactLoopLog* impact_loops() const override { return &world_.impact_loops(); }
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;

  const World& world() const { return world_; }
  Coordinates coordinates() const { return world_.coordinates(0); }
  Velocities velocities() const { return world_.velocities(0); }
  const EllipseBody& body() const { return model().body; }
  const Street& street() const { return model().boundary.street; }
  double kinetic_energy() const { return world_.kinetic_energy(); }
  double potential_energy() const { return world_.potential_energy(); }  ///< J (zero at y = 0)
  double spring_energy() const;
  double dissipated_energy() const { return world_.dissipated_energy(); }
  /// Work the changing Hertz stiffness has done on the ellipse (J): k0 depends
  /// on the radii at the contact point, which move as the ellipse rolls, so
  /// the force k0 ρ^{3/2} is not the gradient of 2/5 k0 ρ^{5/2} (see world.h).
  double stiffness_work() const { return world_.stiffness_work(); }
  /// E_kin + E_pot + E_spring + E_diss − W_stiffness − its value at the start (J).
  double energy_audit() const;
  /// Contact evaluations (common-normal searches) since reset.
  long long contact_evaluations() const { return world_.contact_evaluations(); }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  /// What the panel sets beyond the world: the drawing.
  struct View {
    double trail = 3;  ///< s
    bool follow = false;
  };

  static std::optional<std::string> read_model(const ParamValues& p, const Street* current_street, WorldModel& model,
                                               View& view);
  std::optional<std::string> start_at(const WorldModel& model, const Vec& y, double t);
  void remember_trail();
  const WorldModel& model() const { return world_.model(); }

  World world_;
  View view_;
  Trail trail_;
  double initial_energy_ = 0;  // J
  Eigen::Vector2d home_view_{0, 0};
  double view_half_height_ = 6;  // m
  double view_half_width_ = 0;   // m, a row of bodies (0: the square fit of one)
};

}  // namespace cl
