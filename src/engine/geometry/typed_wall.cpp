#include "geometry/typed_wall.h"

namespace cl {

std::optional<std::string> TypedWall::build(const std::string& text, double half_width,
                                            std::shared_ptr<const TypedWall>& out) {
  auto wall = std::make_shared<TypedWall>();
  if (auto error = wall->expression.compile(text)) return error->message;
  const Expression2D* f = &wall->expression;
  const long long max_evaluations = static_cast<long long>(kWork / f->size());
  if (auto error = ImplicitCurve::build([f](double x, double y) { return (*f)(x, y); }, half_width, kLattice,
                                        max_evaluations, wall->curve))
    return error;
  out = std::move(wall);
  return std::nullopt;
}

}  // namespace cl
