#pragma once
// Leapfrog in kick-drift-kick form (velocity Verlet) for a second-order
// system y = [q, v, w] with q' = v, v' = a(t, y) and extra states
// w' = g(t, y) (work integrals):
//   v½ = v0 + h/2 a(y0),  q1 = q0 + h v½,
//   v1 = v½ + h/2 a(q1, v½),  w1 = w0 + h/2 (g(y0) + g(q1, v1))
// (w must not feed back into f). Second order, time-reversible and
// symplectic for forces of position only: the energy error stays bounded.
// Forces that depend on velocity (damping, friction) are taken at v½ in
// the second kick. Two evaluations of f per step (the second at the step's
// end: the trapezoid for w, the next step's first kick, the dense output).
#include "integrators/fixed_step.h"

namespace cl {

class Leapfrog final : public SecondOrderFixedStep {
 public:
  using SecondOrderFixedStep::SecondOrderFixedStep;

 protected:
  int advance(const OdeRhs& f) override;

 private:
  Vec half_, f_half_;
};

}  // namespace cl
