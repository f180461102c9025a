#include "math/expression.h"

#include <cmath>
#include <limits>

#include <muParser.h>

namespace cl {
namespace {

double atan2_xy(double y, double x) { return std::atan2(y, x); }

void define_symbols(mu::Parser& p, double* x, double* y) {
  p.DefineVar("x", x);
  p.DefineVar("y", y);
  p.DefineFun("atan2", atan2_xy);  // angle of (x, y): star and spiral walls need it
  p.DefineConst("pi", M_PI);
}

}  // namespace

Expression2D::Expression2D() : parser_(std::make_unique<mu::Parser>()) { define_symbols(*parser_, &x_, &y_); }

Expression2D::~Expression2D() = default;

std::optional<ExpressionError> Expression2D::compile(const std::string& text) {
  auto candidate = std::make_unique<mu::Parser>();
  define_symbols(*candidate, &x_, &y_);
  try {
    candidate->SetExpr(text);
    x_ = 0.123;  // Eval() compiles; any point will do
    y_ = 0.456;
    candidate->Eval();
    if (candidate->GetNumResults() != 1) return ExpressionError{"give one expression, not a list", -1};
  } catch (const mu::Parser::exception_type& e) {
    const int position = e.GetPos();
    std::string message = e.GetMsg();
    // muParser's position is the 0-based index of the offending character
    // (for a missing parenthesis: one past the end); its message names none.
    if (position >= 0 && message.find("position") == std::string::npos)
      message += " (at position " + std::to_string(position) + ")";
    return ExpressionError{message, position};
  }
  parser_ = std::move(candidate);
  text_ = text;
  return std::nullopt;
}

bool Expression2D::uses_variable(const std::string& name) const {
  const mu::varmap_type& used = parser_->GetUsedVar();
  return used.find(name) != used.end();
}

double Expression2D::operator()(double x, double y) const {
  x_ = x;
  y_ = y;
  try {
    return parser_->Eval();
  } catch (const mu::Parser::exception_type&) {
    return std::numeric_limits<double>::quiet_NaN();
  }
}

}  // namespace cl
