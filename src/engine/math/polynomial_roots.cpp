#include "math/polynomial_roots.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>

namespace cl {

double evaluate_polynomial(const std::vector<double>& c, double x) {
  double p = 0;
  for (size_t i = c.size(); i-- > 0;) p = p * x + c[i];
  return p;
}

static double evaluate_derivative(const std::vector<double>& c, double x) {
  double p = 0;
  for (size_t i = c.size(); i-- > 1;) p = p * x + static_cast<double>(i) * c[i];
  return p;
}

std::vector<double> real_polynomial_roots(std::vector<double> c) {
  double scale = 0;
  for (double v : c) scale = std::max(scale, std::abs(v));
  if (scale == 0) return {};
  // Drop negligible leading terms (relative to the largest coefficient).
  while (c.size() > 1 && std::abs(c.back()) <= 1e-14 * scale) c.pop_back();
  const int n = static_cast<int>(c.size()) - 1;
  if (n < 1) return {};

  Eigen::MatrixXd companion = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) companion(0, i) = -c[n - 1 - i] / c[n];
  for (int i = 1; i < n; ++i) companion(i, i - 1) = 1;
  const Eigen::VectorXcd eigenvalues = Eigen::EigenSolver<Eigen::MatrixXd>(companion, false).eigenvalues();

  std::vector<double> roots;
  for (int i = 0; i < n; ++i) {
    const std::complex<double> z = eigenvalues[i];
    // A double root splits into a pair with imaginary parts ~ sqrt(eps):
    // accept those as real, Newton then tells whether they are.
    if (std::abs(z.imag()) > 1e-6 * std::max(1.0, std::abs(z))) continue;
    double x = z.real();
    double px = evaluate_polynomial(c, x);
    for (int it = 0; it < 8 && px != 0; ++it) {
      const double d = evaluate_derivative(c, x);
      if (d == 0) break;
      const double dx = px / d;
      if (!std::isfinite(dx)) break;
      // Near a double root p and p' are both rounding noise and dx can be
      // wild (1 -> 1.0039 for (x-1)^2): take only steps that reduce |p|.
      const double p_new = evaluate_polynomial(c, x - dx);
      if (!(std::abs(p_new) < std::abs(px))) break;
      x -= dx;
      px = p_new;
      if (std::abs(dx) <= 1e-15 * std::max(1.0, std::abs(x))) break;
    }
    roots.push_back(x);
  }
  std::sort(roots.begin(), roots.end());
  // Merge the two halves of a double root.
  std::vector<double> unique;
  for (double r : roots)
    if (unique.empty() || std::abs(r - unique.back()) > 1e-7 * std::max(1.0, std::abs(r))) unique.push_back(r);
  return unique;
}

}  // namespace cl
