#pragma once
#include <vector>

namespace cl {

/// Real roots, ascending, of c[0] + c[1] x + ... + c[n] x^n (n <= 8).
/// Leading zero coefficients lower the degree. Roots come from the companion
/// matrix's eigenvalues (all of them, no bracketing guesses) and are polished
/// by Newton's method; a double root (grazing) is reported once.
std::vector<double> real_polynomial_roots(std::vector<double> c);

/// c[0] + c[1] x + ... evaluated by Horner's rule.
double evaluate_polynomial(const std::vector<double>& c, double x);

}  // namespace cl
