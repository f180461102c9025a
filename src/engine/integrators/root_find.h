#pragma once
// Scalar root finding in a bracket, for event location on dense output.
#include <functional>
#include <optional>

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

/// A time and g there.
struct RootBracketEnd {
  double t;
  double g;
};

/// For an event handled at a, so that g(a) is a round-off either side of
/// zero and cannot open a bracket: the first of a + (b − a)/2^m, m = 1 ... 40,
/// at which g is > 0 (`positive`) or <= 0 (not), with g there. A contact that
/// ended at a and touches again by b reopened in between; if g keeps the
/// other sign down to 2^-40 of the interval, it never did (none).
std::optional<RootBracketEnd> bracket_start_after_event(const std::function<double(double)>& g, double a, double b,
                                                        bool positive);

/// find_root for a g that changed sign by b, where an event was just handled
/// at a: if ga has gb's sign already (a round-off of zero), the bracket
/// starts where g has left zero (bracket_start_after_event); a if it never did.
double find_root_after_event(const std::function<double(double)>& g, double a, double ga, double b, double gb,
                             double t_tol);

}  // namespace cl
