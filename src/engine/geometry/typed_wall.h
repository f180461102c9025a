#pragma once
// A wall f(x, y) = 0 typed by the user (inside: f < 0): the parsed
// expression and the curve traced from it. Immutable once built and shared
// by the copies of a world or scene (muParser keeps pointers to its
// variables, so the expression must not be copied).
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "geometry/implicit_curve.h"
#include "math/expression.h"

namespace cl {

struct TypedWall {
  Expression2D expression;
  ImplicitCurve curve;

  /// Marching-squares cells per side of the box the wall is traced in.
  static constexpr int kLattice = 512;
  /// Tracing may cost this many bytecode operations of f (about 0.2 s
  /// natively; it blocks the page while it runs): the seed walls need 4e6 to
  /// 1.3e7. A circle with a sin(1000 x) ripple, 5e7, is refused: finer than
  /// the lattice, its polyline strays 0.1 m from the curve anyway.
  static constexpr double kWork = 2e7;

  /// Walls kept per thread, most recently used first: a reset, a copy of a
  /// scene, a compared run or the runs of a sweep take the same wall without
  /// tracing it again.
  static constexpr size_t kKeptWalls = 4;

  /// Parses `text` and traces it over |x|, |y| <= half_width (m), or takes
  /// it from this thread's recent walls (muParser evaluates through shared
  /// variables: a wall is never shared between threads). On error `out` is
  /// unchanged and the message says what and where.
  static std::optional<std::string> build(const std::string& text, double half_width,
                                          std::shared_ptr<const TypedWall>& out);
  /// Traces that wall ahead of build(), in slices, until `stop_early`
  /// returns true: the page spreads a costly tracing over frames. Returns the
  /// share done, 0..1; at 1 build() answers at once (with the wall or why not).
  static double prepare(const std::string& text, double half_width, const std::function<bool()>& stop_early);
};

}  // namespace cl
