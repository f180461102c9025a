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
#include <deque>
#include <string>

#include "contact/contact_tracker.h"
#include "contact/friction_law.h"
#include "contact/hertz_stiffness.h"
#include "contact/normal_law.h"
#include "core/scene.h"
#include "scenes/contact_params.h"
#include "dynamics/ellipse_body.h"
#include "geometry/street.h"
#include "geometry/street_contact.h"
#include "integrators/stepper.h"

namespace cl {

const SceneDescription& street_description();

class StreetScene final : public Scene {
 public:
  StreetScene();
  const SceneDescription& description() const override { return street_description(); }
  std::unique_ptr<Scene> clone() const override { return std::make_unique<StreetScene>(*this); }

  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& params) override;
  double time() const override { return t_; }
  long long step_count() const override { return steps_before_ + stepper_.steps(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch() const override;
  const ImpactLoopLog* impact_loops() const override { return &loops_; }
  std::vector<Preset> presets(const ParamValues& current) const override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;

  Coordinates coordinates() const { return y_.head<3>(); }
  Velocities velocities() const { return y_.segment<3>(3); }
  const EllipseBody& body() const { return model_.body; }
  const Street& street() const { return model_.street; }
  double kinetic_energy() const;
  double potential_energy() const;  ///< of ellipse and observer, J (zero at y = 0)
  double spring_energy() const;
  double dissipated_energy() const { return y_[6]; }
  /// Work the changing Hertz stiffness has done on the ellipse (J): k0 depends
  /// on the radii at the contact point, which move as the ellipse rolls, so
  /// the force k0 ρ^{3/2} is not the gradient of 2/5 k0 ρ^{5/2} (see ellipses.h).
  double stiffness_work() const { return y_[7]; }
  /// E_kin + E_pot + E_spring + E_diss − W_stiffness − its value at the start (J).
  double energy_audit() const;
  /// Contact evaluations (common-normal searches) since reset.
  long long contact_evaluations() const { return contact_evaluations_; }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  struct Model {
    EllipseBody body;
    double gravity = 9.8;  ///< m/s²
    Street street;
    ElasticMaterial ellipse_material, street_material;
    ContactParams contact;
    double trail = 3;  ///< s
    bool follow = false;
  };
  /// What the contact does at a state.
  struct Response {
    StreetContact geometry;
    double rate = 0;          ///< ρ̇, m/s (> 0 approaching)
    double force_n = 0;       ///< N
    double force_t = 0;       ///< along the street's tangent, N
    double elastic_energy = 0, dissipated_power = 0;  ///< J, W
    double stiffness = 0;     ///< Hertz k0, N/m^1.5 (0: linear law or no contact)
  };

  static std::optional<std::string> read_model(const ParamValues& p, const Street* current_street, Model& model);
  Ellipse ellipse_of(const Vec& y) const;
  /// Contact response at state y; adds the contact's generalized force to F if given.
  /// global_check: a full search under the ellipse (at accepted states), else the warm root is followed.
  Response respond(const Vec& y, bool global_check, Velocities* F) const;
  void derivative(const Vec& y, Vec& dydt) const;
  OdeRhs rhs() const;
  void restart_stepper();
  void refresh_contact();
  std::optional<std::string> take_step(double t_end, std::vector<Event>& events);
  void remember_trail();
  std::optional<std::string> start_at(const Vec& y, double t);

  Model model_;
  double t_ = 0;
  Vec y_;  // [x, y, q, x', y', q', E_diss, W_stiffness]
  Stepper stepper_;
  long long steps_before_ = 0;
  TrackedContact contact_;
  double warm_x_ = 0;     // street abscissa of the last contact found, m
  double onset_x_ = 0;    // of the current impact, m
  ImpactLoopLog loops_;
  mutable std::string failure_;  // set by a force evaluation: conformal contact or a street that is not finite
  mutable long long contact_evaluations_ = 0;
  std::deque<Eigen::Vector2d> trail_;
  double initial_energy_ = 0;  // J
  Eigen::Vector2d home_view_{0, 0};
  double view_half_height_ = 6;  // m
};

}  // namespace cl
