#pragma once
// Scalar root finding in a bracket, for event location on dense output.
#include <functional>

namespace cl {

/// Brent's method on [a, b], given ga = g(a) and gb = g(b) of opposite signs
/// (gb may be zero). Returns a time within `t_tol` (s) of a root at which g
/// already has the sign of gb (or is zero): the event has just happened
/// there, never more than t_tol late. Returns b at once if gb == 0 (a if
/// ga == 0). a > b is allowed. t_tol must be > 0; below a few ulps of t it
/// is effectively 4 eps |t|. Costs a handful of evaluations of g on simple
/// roots; on a triple root about 3x bisection's count (measured).
double find_root(const std::function<double(double)>& g, double a, double ga, double b, double gb,
                 double t_tol);

}  // namespace cl
