#pragma once
// Semi-implicit (symplectic) Euler for a second-order system y = [q, v, w]
// with q' = v, v' = a(t, y) and extra states w' = g(t, y) (work integrals):
//   v1 = v0 + h a(y0),  q1 = q0 + h v1,  w1 = w0 + h g(y0).
// First order; for a conservative force it keeps a modified energy (no
// drift), unlike explicit Euler. One evaluation of f per step.
#include "integrators/fixed_step.h"

namespace cl {

class SemiImplicitEuler final : public SecondOrderFixedStep {
 public:
  using SecondOrderFixedStep::SecondOrderFixedStep;

 protected:
  int advance(const OdeRhs& f) override;
};

}  // namespace cl
