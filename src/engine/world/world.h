#pragma once
// A world of rigid bodies with compliant contacts, run by one stepping loop
// for every scene built on it (ellipses in a circular or typed wall, an
// ellipse on a street): the pair table gives each contact's geometry, the
// law switch its force (contact/normal_law.h, friction_law.h), the integrator
// switch the step (integrators/stepper.h). Each accepted step is checked for
// contacts that began or ended inside it; the earliest is located on the
// dense output, the integrator restarts there, and the contact tracker takes
// the impact speed ρ̇⁻ of the damped laws at that instant. The dissipated
// work and the work of the changing Hertz stiffness are integrated as extra
// states, so the energy audit closes.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/impact_loop.h"
#include "core/storm_guard.h"
#include "geometry/ellipse.h"
#include "world/model.h"
#include "world/pair_geometry.h"
#include "world/state.h"

namespace cl {

/// One impact that ended: which contact, what happened.
struct FinishedImpact {
  int i = 0, j = -1;  ///< body i with the boundary (j < 0) or with body j
  Eigen::Vector2d onset_point{0, 0};   ///< boundary (or pair) point at the onset, m
  Eigen::Vector2d onset_normal{1, 0};  ///< normal there, from body i to the boundary or body j
  ImpactSummary summary;
};

/// What one contact does at a state.
struct ContactResponse {
  PairGeometry geometry;
  double rate = 0;          ///< ρ̇, m/s (> 0 approaching)
  double force = 0;         ///< normal force, N
  double friction = 0;      ///< tangential force on B (the boundary) along (−n_y, n_x), N
  double elastic_energy = 0, dissipated_power = 0;  ///< J, W
  double stiffness = 0;     ///< Hertz k0 at this state, N/m^1.5 (0: linear law or no contact)
};

class World {
 public:
  /// Starts `model` at time t (s) from y = [Q_0 .. Q_{n-1}, V_0 .. V_{n-1}]
  /// (the dissipated and stiffness work start at 0). No contact may be
  /// closed at the start; the scene checks the gaps (contact_state()).
  /// An error if the contacts cannot be evaluated there (a street that is
  /// not finite under the body).
  std::optional<std::string> start(const WorldModel& model, double t, const Vec& coordinates_and_velocities);
  /// Takes new materials, law, friction, integrator or gravity while
  /// running (the bodies and the boundary's shape stay); the state is kept.
  void set_model(const WorldModel& model);

  const WorldModel& model() const { return model_; }
  const WorldState& state() const { return state_; }
  double time() const { return state_.t; }
  long long step_count() const { return steps_before_ + stepper_.steps(); }
  /// Pair searches since start (for benchmarks).
  long long contact_evaluations() const { return contact_evaluations_; }

  /// Asked between steps; true stops early (Scene::YieldCheck).
  using YieldCheck = std::function<bool()>;
  /// Advances to t_end (s), appending the impacts that ended, or less when
  /// `yield` answers true between steps. An error message if a step cannot
  /// be taken (step-size underflow, a conformal contact, a street that is
  /// not finite); the state is then that of the last accepted step.
  std::optional<std::string> advance_to(double t_end, std::vector<FinishedImpact>& impacts,
                                        const YieldCheck& yield = nullptr);

  Coordinates coordinates(int i) const { return state_.y.segment<3>(3 * i); }
  Velocities velocities(int i) const { return state_.y.segment<3>(3 * (model_.n + i)); }
  Ellipse ellipse(int i) const;

  double kinetic_energy() const;
  double potential_energy() const;  ///< of the bodies and observers in gravity, J (zero at the origin)
  double spring_energy() const;
  double dissipated_energy() const { return state_.y[6 * model_.n]; }
  /// Work the contacts' changing Hertz stiffness has done on the bodies (J):
  /// the seeds' force k0(R) ρ^{3/2} uses the osculating radii, which change
  /// as an ellipse turns during contact, so it is not the gradient of
  /// 2/5 k0 ρ^{5/2}; the energy audit accounts for it here.
  double stiffness_work() const { return state_.y[6 * model_.n + 1]; }
  Eigen::Vector2d linear_momentum() const;
  double angular_momentum() const;  ///< about the origin, kg m²/s

  size_t contact_count() const { return state_.contacts.size(); }
  const ContactState& contact_state(size_t index) const { return state_.contacts[index]; }
  /// Index of the contact of body i with the boundary (j < 0) or with body j > i.
  size_t contact_index(int i, int j) const;
  /// Contacts the broad phase cannot rule out now, in index order.
  std::vector<size_t> near_contacts() const { return near_contacts(state_.y); }
  /// Contact `index` now.
  ContactResponse contact_response(size_t index, PairSearch search) const;
  /// Its exact gap now by a fresh global search (m): between steps the
  /// state keeps only a lower bound for pairs far apart.
  double exact_gap(size_t index) const;

  const ImpactLoopLog& impact_loops() const { return loops_; }

 private:
  std::vector<size_t> near_contacts(const Vec& y) const;
  Ellipse ellipse_of(const Vec& y, int i) const;
  /// Adds the contact's generalized force to F if given.
  ContactResponse respond(const ContactState& c, const Vec& y, Vec* F, PairSearch search) const;
  void derivative(const Vec& y, Vec& dydt) const;
  OdeRhs rhs() const;
  void restart_stepper();
  /// The global-search responses at y of the contacts `near` (in its order).
  std::vector<ContactResponse> global_responses(const std::vector<size_t>& near, const Vec& y) const;
  /// Gaps and warm starts at y by the global search. True if a contact in
  /// progress moved to another, deeper minimum (its force jumped there).
  bool refresh_contacts(const Vec& y);
  /// The same from the responses at y of the contacts near_contacts(y) listed.
  bool refresh_contacts(const std::vector<size_t>& near, const std::vector<ContactResponse>& responses, const Vec& y);
  std::optional<std::string> take_step(double t_end, std::vector<FinishedImpact>& impacts);
  /// Impulse law: contacts the step may have closed. A contact already at
  /// gap <= 0 when the step began (just after its impulse) is left out if it
  /// opens; if it closes further the body is resting against the other,
  /// which impulses cannot hold, and `failure_` says so.
  std::vector<size_t> impulse_candidates(const std::vector<size_t>& near,
                                         const std::function<double(size_t, const Vec&)>& gap_at);
  /// Impulse law: the impulse of contact `c` at the current state, closing at
  /// rate (m/s, > 0); the impact it makes; the lost energy joins E_diss.
  FinishedImpact apply_impulse(const ContactState& c, const ContactResponse& r);

  WorldModel model_;
  WorldState state_;
  Stepper stepper_;
  long long steps_before_ = 0;            // steps of integrators replaced at restarts
  mutable std::vector<int> sweep_order_;  // bodies by x at the last broad phase (a warm start for sorting)
  ImpactLoopLog loops_;
  mutable std::string failure_;  // set by a force evaluation: a conformal contact, a street not finite
  mutable long long contact_evaluations_ = 0;
  StormGuard storm_{kStormImpacts, kStormSpan};  // impulses piling up at one instant (a Zeno series)
  static constexpr long long kStormImpacts = 2000;
  static constexpr double kStormSpan = 2e-5;  // s
};

}  // namespace cl
