#pragma once
// Seed 000: n homogeneous ellipses, each carrying an observer mass, slide
// without gravity inside a circular wall of radius R_W about the origin.
// Ellipse-wall and ellipse-ellipse impacts follow a chosen normal law
// (Hunt–Crossley with Hertz stiffness from the osculating radii by default;
// the wall is concave, R2 = -R_W) plus friction along the tangent. The
// contact geometry is exact (support functions); the impact speed of
// Hunt–Crossley is taken at the located onset of each contact; the
// dissipated work is integrated as an extra state for the energy audit.
#include <deque>
#include <random>

#include "contact/contact_tracker.h"
#include "contact/friction_law.h"
#include "contact/hertz_stiffness.h"
#include "contact/normal_law.h"
#include "core/scene.h"
#include "scenes/contact_params.h"
#include "dynamics/ellipse_body.h"
#include "geometry/ellipse.h"
#include "integrators/stepper.h"

namespace cl {

const SceneDescription& ellipses_description();

class EllipsesScene final : public Scene {
 public:
  EllipsesScene();
  const SceneDescription& description() const override { return ellipses_description(); }
  std::unique_ptr<Scene> clone() const override { return std::make_unique<EllipsesScene>(*this); }

  std::optional<std::string> reset(const ParamValues& params) override;
  std::optional<std::string> apply_live(const ParamValues& params) override;
  double time() const override { return t_; }
  long long step_count() const override { return steps_before_ + stepper_.steps(); }

  std::vector<SeriesSpec> series() const override;
  std::vector<std::vector<std::string>> default_plots() const override;
  void sample(std::vector<double>& values) const override;
  Sketch sketch() const override;
  std::vector<Preset> presets(const ParamValues& current) const override;

  std::vector<DraggableBody> draggable_bodies() const override;
  std::optional<std::string> place_body(size_t i, const Eigen::Vector2d& position,
                                        const Eigen::Vector2d& velocity) override;

  nlohmann::json state_json() const override;
  std::optional<std::string> load_state_json(const nlohmann::json& state) override;
  /// A scene file's "bodies" list sets n.
  static std::optional<std::string> fit_params_to_state(const nlohmann::json& state, ParamValues& params);

  size_t body_count() const { return static_cast<size_t>(model_.n); }
  Coordinates coordinates(size_t i) const { return y_.segment<3>(3 * i); }
  Velocities velocities(size_t i) const { return y_.segment<3>(3 * (model_.n + i)); }
  const EllipseBody& body() const { return model_.body; }
  double kinetic_energy() const;
  double spring_energy() const;
  double dissipated_energy() const { return y_[6 * model_.n]; }
  /// Work the contacts' changing Hertz stiffness has done on the bodies (J):
  /// the seed's force k0(R) rho^{3/2} uses the osculating radii, which change
  /// as an ellipse turns during contact, so it is not the gradient of
  /// 2/5 k0 rho^{5/2}; the energy audit accounts for it here.
  double stiffness_work() const { return y_[6 * model_.n + 1]; }
  Eigen::Vector2d linear_momentum() const;
  double angular_momentum() const;
  const ImpactLoopLog* impact_loops() const override { return &loops_; }

 protected:
  std::optional<std::string> step_to(double t_end, std::vector<Event>& events, const YieldCheck& yield) override;

 private:
  struct Model {
    int n = 2;
    EllipseBody body;
    double wall_radius = 6.5;
    ElasticMaterial ellipse_material, wall_material;
    ContactParams contact;
    double trail = 2;
    bool show_contacts = true;
  };
  /// One possible contact: body i with the wall (j < 0) or with body j.
  struct Contact : TrackedContact {
    Contact(int body_i, int body_j) : i(body_i), j(body_j) {}
    int i = 0, j = -1;
    double warm_angle = 0;    ///< last normal angle (search warm start)
    bool has_angle = false;
  };
  /// What one contact does at a state.
  struct ContactResponse {
    double gap = 1;          ///< m
    double rate = 0;         ///< rho-dot, m/s (> 0 approaching)
    double force = 0;        ///< normal force, N
    double elastic_energy = 0, dissipated_power = 0;  ///< J, W
    double stiffness = 0;    ///< Hertz k0 at this state, N/m^1.5 (0: linear law or no contact)
    double angle = 0;        ///< of the normal, rad
    bool searched = false;   ///< false: the broad phase ruled it out (gap is a lower bound)
    Eigen::Vector2d point{0, 0}, normal{1, 0};  ///< contact point (m) and normal, for drawing
  };

  static std::optional<std::string> read_model(const ParamValues& p, Model& model);
  Ellipse ellipse_of(const Vec& y, int i) const;
  /// The exact gap of contact `c` now (m), for the recorded series: between
  /// steps the tracker keeps only a lower bound for pairs far apart.
  double exact_gap(const Contact& c) const;
  size_t pair_index(int i, int j) const;
  /// Contacts the broad phase cannot rule out at state y, in index order.
  std::vector<size_t> near_contacts(const Vec& y) const;
  /// How respond() searches the contact geometry. The integrator's stage
  /// evaluations follow each contact's current minimum from its warm angle
  /// (a few Newton steps); the state at every step's end gets the global
  /// search, and the next step follows whatever minimum it found. A deeper
  /// minimum taking over inside a step cannot be missed for a contact: its
  /// gap equals the followed one at the take-over, so while that is > 0 it
  /// is a contact onset, which the step-end check locates exactly.
  enum class Search { Follow, Global };
  ContactResponse respond(const Contact& c, const Vec& y, Vec* generalized_forces,
                          Search search = Search::Global) const;
  void derivative(const Vec& y, Vec& dydt) const;
  OdeRhs rhs() const;
  void restart_stepper();
  /// Gaps and warm angles at y by the global search. True if a contact in
  /// progress moved to another, deeper minimum (its force jumped there).
  bool refresh_contacts(const Vec& y);
  std::optional<std::string> take_step(double t_end, std::vector<Event>& events);
  void remember_trails();

  Model model_;
  double t_ = 0;
  Vec y_;  // [Q_0..Q_{n-1}, V_0..V_{n-1}, E_diss, W_stiffness]
  Stepper stepper_;
  long long steps_before_ = 0;  // steps of integrators replaced at restarts
  std::vector<Contact> contacts_;  // n wall contacts, then the pairs i < j
  mutable std::vector<int> sweep_order_;  // bodies by x at the last broad phase (a warm start for sorting)
  ImpactLoopLog loops_;
  mutable std::string conformal_;  // set by the force evaluation if a contact turns conformal
  std::vector<std::deque<Eigen::Vector2d>> trails_;
  double initial_energy_ = 0;  // E_kin + E_spring at the start, J
};

}  // namespace cl
