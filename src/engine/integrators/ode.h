#pragma once
// What an integrator sees of a model: y' = f(t, y). Nothing else.
#include <functional>

#include <Eigen/Core>

namespace cl {

using Vec = Eigen::VectorXd;
/// Writes dy/dt at (t, y) into `dydt` (already sized like y).
using OdeRhs = std::function<void(double t, const Vec& y, Vec& dydt)>;

}  // namespace cl
