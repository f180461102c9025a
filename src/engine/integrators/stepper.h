#pragma once
// One interface over the integrators a scene lets the user pick, so a scene
// is written once and runs under each of them (solver2d's pattern).
#include <string>
#include <type_traits>
#include <variant>

#include "integrators/dopri5.h"
#include "integrators/leapfrog.h"
#include "integrators/rk4.h"
#include "integrators/semi_implicit_euler.h"

namespace cl {

enum class IntegratorKind { Dopri5, Rk4, SemiImplicitEuler, Leapfrog };

/// The integrators' ids, in IntegratorKind's order: the `integrator`
/// parameter's values ("dopri5", "rk4", "euler", "leapfrog").
inline const char* const kIntegratorIds[] = {"dopri5", "rk4", "euler", "leapfrog"};
inline const char* integrator_id(IntegratorKind kind) { return kIntegratorIds[static_cast<int>(kind)]; }

struct StepperSettings {
  IntegratorKind kind = IntegratorKind::Dopri5;
  double rtol = 1e-9;  ///< Dopri5 relative tolerance
  double atol = 1e-12; ///< Dopri5 absolute tolerance
  double h = 1e-3;     ///< step of the fixed-step methods (s)
  /// The second-order methods' split y = [q, v, w]: the length of q (and v).
  Eigen::Index positions = 0;
  double h_max = 0.05; ///< Dopri5 largest step (s): keeps events from hiding inside a step
  /// The last `quadratures` components of y (work integrals, J) and Dopri5's
  /// absolute tolerance for them, in their units.
  Eigen::Index quadratures = 0;
  double quadrature_atol = 0;
};

class Stepper {
 public:
  explicit Stepper(const StepperSettings& s = {}) { configure(s); }
  /// Takes new settings; call start() before the next step.
  void configure(const StepperSettings& s) {
    switch (s.kind) {
      case IntegratorKind::Dopri5: {
        Dopri5Options options{s.rtol, s.atol, s.h_max};
        options.tail = s.quadratures;
        options.tail_atol = s.quadrature_atol;
        method_ = Dopri5(options);
        break;
      }
      case IntegratorKind::Rk4: method_ = Rk4(s.h); break;
      case IntegratorKind::SemiImplicitEuler: method_ = SemiImplicitEuler(s.h, s.positions); break;
      case IntegratorKind::Leapfrog: method_ = Leapfrog(s.h, s.positions); break;
    }
  }
  void start(double t, const Vec& y, const OdeRhs& f) { std::visit([&](auto& m) { m.start(t, y, f); }, method_); }
  bool step(const OdeRhs& f, double t_limit) { return std::visit([&](auto& m) { return m.step(f, t_limit); }, method_); }
  double t() const { return std::visit([](const auto& m) { return m.t(); }, method_); }
  const Vec& y() const { return std::visit([](const auto& m) -> const Vec& { return m.y(); }, method_); }
  double t_previous() const { return std::visit([](const auto& m) { return m.t_previous(); }, method_); }
  void dense(double t, Vec& out) const { std::visit([&](const auto& m) { m.dense(t, out); }, method_); }
  long long steps() const { return std::visit([](const auto& m) { return m.accepted_steps(); }, method_); }
  /// The longest step the next call to step() can take (s).
  double next_step() const {
    return std::visit(
        [](const auto& m) {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, Dopri5>) return m.next_step();
          else return m.step_size();
        },
        method_);
  }

 private:
  std::variant<Dopri5, Rk4, SemiImplicitEuler, Leapfrog> method_{Dopri5()};
};

}  // namespace cl
