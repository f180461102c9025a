#include "math/expression.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <muParser.h>

#include "core/message_text.h"
#include "core/text.h"

namespace cl {
namespace {

double atan2_xy(double y, double x) { return std::atan2(y, x); }

void define_symbols(mu::Parser& p, double* x, double* y) {
  p.DefineVar("x", x);
  p.DefineVar("y", y);
  p.DefineFun("atan2", atan2_xy);  // angle of (x, y): star and spiral walls need it
  p.DefineConst("pi", M_PI);
}

/// Why `text` is refused before muParser sees it, if it is too long or too deeply nested.
std::optional<ExpressionError> check_size(const std::string& text) {
  if (text.size() > kMaxExpressionLength)
    return ExpressionError{cl::text("expression.too_long", {{"length", std::to_string(text.size())},
                                                            {"max", std::to_string(kMaxExpressionLength)}}),
                           -1};
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')') --depth;
    if (depth > kMaxExpressionNesting)
      return ExpressionError{cl::text("expression.too_deep", {{"max", std::to_string(kMaxExpressionNesting)},
                                                              {"position", std::to_string(i)}}),
                             static_cast<int>(i)};
  }
  return std::nullopt;
}

// Calls of f on this thread (see Expression2D::calls_on_this_thread).
thread_local long long calls_here = 0;

}  // namespace

Expression2D::Expression2D() : parser_(std::make_unique<mu::Parser>()) { define_symbols(*parser_, &x_, &y_); }

Expression2D::~Expression2D() = default;

std::optional<ExpressionError> Expression2D::compile(const std::string& text) {
  if (auto error = check_size(text)) return error;
  auto candidate = std::make_unique<mu::Parser>();
  define_symbols(*candidate, &x_, &y_);
  try {
    candidate->SetExpr(text);
    x_ = 0.123;  // Eval() compiles; any point will do
    y_ = 0.456;
    candidate->Eval();
    if (candidate->GetNumResults() != 1) return ExpressionError{cl::text("expression.list"), -1};
  } catch (const mu::Parser::exception_type& e) {
    const int position = e.GetPos();
    std::string message = printable(e.GetMsg(), 200);  // it may quote the text
    // muParser's position is the 0-based index of the offending character
    // (for a missing parenthesis: one past the end); its message names none.
    if (position >= 0 && message.find("position") == std::string::npos)
      message = cl::text("expression.at_position", {{"message", message}, {"position", std::to_string(position)}});
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

size_t Expression2D::size() const { return std::max<size_t>(1, parser_->GetByteCode().GetSize()); }

long long Expression2D::calls_on_this_thread() { return calls_here; }

double Expression2D::operator()(double x, double y) const {
  ++calls_here;
  x_ = x;
  y_ = y;
  try {
    return parser_->Eval();
  } catch (const mu::Parser::exception_type&) {
    return std::numeric_limits<double>::quiet_NaN();
  }
}

}  // namespace cl
