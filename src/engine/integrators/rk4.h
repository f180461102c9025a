#pragma once
// Classical fixed-step Runge–Kutta 4 (4 evaluations of f per step), with the
// cubic Hermite dense output of fixed_step.h.
#include "integrators/fixed_step.h"

namespace cl {

class Rk4 final : public FixedStepIntegrator {
 public:
  explicit Rk4(double h) : FixedStepIntegrator(h) {}

 protected:
  int advance(const OdeRhs& f) override;

 private:
  Vec k2_, k3_, k4_, tmp_;
};

}  // namespace cl
