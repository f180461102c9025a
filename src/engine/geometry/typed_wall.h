#pragma once
// A wall f(x, y) = 0 typed by the user (inside: f < 0): the parsed
// expression and the curve traced from it. Immutable once built and shared
// by the copies of a world or scene (muParser keeps pointers to its
// variables, so the expression must not be copied).
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

  /// Parses `text` and traces it over |x|, |y| <= half_width (m). On error
  /// `out` is unchanged and the message says what and where.
  static std::optional<std::string> build(const std::string& text, double half_width,
                                          std::shared_ptr<const TypedWall>& out);
};

}  // namespace cl
