#pragma once
// The integrator switch every scene with an ODE shares, declared once:
// integrator (dopri5, rk4, euler, leapfrog), rtol (dopri5) and dt (the
// fixed-step methods).
#include <string>
#include <vector>

#include "core/param.h"
#include "integrators/stepper.h"

namespace cl {

/// A scene's defaults and range for the fixed step dt (s), and the text keys
/// of integrator and dt: a scene whose help says more (what it integrates,
/// where a phase is exact instead) has its own.
struct IntegratorDefaults {
  double dt, dt_min, dt_max;
  std::string integrator_text_key = "integrator.integrator";
  double rtol = 1e-9;  ///< dopri5's default tolerance
  std::string integrator = "dopri5";
  std::string dt_text_key = "integrator.dt";
};

/// Inserts the specs of integrator, rtol and dt before the spec named
/// `before` (at the end if none).
void insert_integrator_params(std::vector<ParamSpec>& specs, const std::string& before, const IntegratorDefaults& d);

/// Reads them. `length` (m) scales dopri5's absolute tolerance (atol =
/// 1e-3 rtol length); `h_max` (s) is its largest step; `positions` the
/// length of q in the second-order split y = [q, v, w] of euler and leapfrog.
StepperSettings read_integrator_params(const ParamValues& p, double length, double h_max, Eigen::Index positions);

}  // namespace cl
