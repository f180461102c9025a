#pragma once
// Semi-implicit Euler and leapfrog as kicks and drifts, for systems too
// large to pack into one state vector (a pile of 100,000 particles stored
// axis by axis), with one evaluation of the accelerations a per step: those
// at a step's end are the next step's start.
//   semi-implicit Euler           v += h a;    x += h v;   a = a(x, v)
//   leapfrog (kick-drift-kick)    v += h/2 a;  x += h v;   a = a(x, v);  v += h/2 a
// The same schemes as SemiImplicitEuler and Leapfrog on a state vector
// (which evaluate twice where the work integrals need it). The system gives
// the loops over its storage; this gives their order and their lengths.
#include "integrators/stepper.h"

namespace cl {

/// Whether `kind` is one of the two kick-drift schemes above.
inline bool is_kick_drift(IntegratorKind kind) {
  return kind == IntegratorKind::SemiImplicitEuler || kind == IntegratorKind::Leapfrog;
}

/// One step of h (s) by `kind` (is_kick_drift), the accelerations at its
/// start already evaluated:
///   kick_drift(kick, drift): v += kick a, then x += drift v (s, s);
///   evaluate(): a at the new x and v, false if it cannot be (the step stops);
///   kick(dt): v += dt a.
template <class KickDrift, class Evaluate, class Kick>
bool kick_drift_step(IntegratorKind kind, double h, KickDrift&& kick_drift, Evaluate&& evaluate, Kick&& kick) {
  const bool euler = kind == IntegratorKind::SemiImplicitEuler;
  kick_drift(euler ? h : 0.5 * h, h);
  if (!evaluate()) return false;
  if (!euler) kick(0.5 * h);
  return true;
}

}  // namespace cl
