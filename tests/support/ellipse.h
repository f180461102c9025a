#pragma once
// An ellipse with an observer for the tests: mass m (kg), semi-axes a, b
// (m), observer mass m_o (kg) at s (m) in the body frame.
#include <Eigen/Core>

#include "dynamics/ellipse_body.h"

namespace test {

inline cl::EllipseBody ellipse(double m, double a, double b, double m_o, const Eigen::Vector2d& s) {
  cl::EllipseBody body;
  body.m = m;
  body.a = a;
  body.b = b;
  body.m_o = m_o;
  body.s = s;
  return body;
}

}  // namespace test
