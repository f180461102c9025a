// libFuzzer target: a typed expression, compiled, evaluated, checked as a
// street (finite, continuous) and traced as a wall on a small lattice within
// a small budget (the scenes' own set-up takes up to a second per input).
// Built and run by .ci/fuzz.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/message_text.h"
#include "geometry/implicit_curve.h"
#include "geometry/street.h"
#include "math/expression.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cl::Expression2D e;
  if (auto error = e.compile(text)) {
    if (!cl::is_valid_utf8(error->message)) std::abort();
    return 0;
  }
  for (double x : {-20.0, -1.0, 0.0, 1e-300, 0.5, 3.0, 1e300})
    for (double y : {-7.0, 0.0, 2.0}) e(x, y);
  cl::Street street;
  if (!cl::Street::typed(text, street)) {
    street.first_nonfinite(-2, 2, 0.01);
    street.first_jump(-2, 2, 0.01);
  }
  cl::ImplicitCurve curve;
  const cl::Expression2D* f = &e;
  const long long budget = static_cast<long long>(2e6 / e.size());
  if (!cl::ImplicitCurve::build([f](double x, double y) { return (*f)(x, y); }, 20, 64, budget, curve)) {
    curve.closest(Eigen::Vector2d(0.1, 0.2));
    curve.side(Eigen::Vector2d(-3, 4));
  }
  return 0;
}
