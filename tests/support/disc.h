#pragma once
// A disc for the world's tests: an ellipse with equal semi-axes and no
// observer, the body of balls, points on threads and pucks.
#include "dynamics/ellipse_body.h"

namespace test {

inline cl::EllipseBody disc(double mass, double radius) {
  cl::EllipseBody body;
  body.m = mass;  // kg
  body.a = body.b = radius;  // m
  body.m_o = 0;
  body.s = Eigen::Vector2d::Zero();
  return body;
}

}  // namespace test
