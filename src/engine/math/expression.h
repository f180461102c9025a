#pragma once
// A user-typed function f(x, y), parsed by muParser. Errors come back as a
// message with the character position, never as an exception or a crash.
// The text is at most kMaxExpressionLength characters and nests at most
// kMaxExpressionNesting parentheses, so one evaluation costs at most a few
// hundred bytecode operations (about a microsecond).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace mu {
class Parser;
}

namespace cl {

constexpr size_t kMaxExpressionLength = 1000;  ///< characters
constexpr int kMaxExpressionNesting = 50;      ///< levels of parentheses

struct ExpressionError {
  std::string message;  ///< "Unexpected end of expression at position 7"
  int position = -1;    ///< 0-based index of the offending character, -1 when not about one place
};

class Expression2D {
 public:
  Expression2D();
  ~Expression2D();
  Expression2D(const Expression2D&) = delete;
  Expression2D& operator=(const Expression2D&) = delete;

  /// Parses `text` in the variables x and y. On error the previous
  /// expression stays in force.
  std::optional<ExpressionError> compile(const std::string& text);
  const std::string& text() const { return text_; }
  /// Whether the compiled expression reads the variable `name` ("x" or "y").
  bool uses_variable(const std::string& name) const;
  /// Bytecode operations of one evaluation (>= 1): the cost of a call, for
  /// the evaluation budgets of the wall and street set-ups.
  size_t size() const;

  /// f(x, y); NaN if the expression cannot be evaluated there.
  double operator()(double x, double y) const;
  /// Calls of f, of every expression, on this thread so far: the work of a
  /// set-up or a search, counted (tests bound it; its time is the bench's).
  static long long calls_on_this_thread();

 private:
  std::unique_ptr<mu::Parser> parser_;
  std::string text_;
  // muParser reads the variables through these addresses.
  mutable double x_ = 0, y_ = 0;
};

}  // namespace cl
