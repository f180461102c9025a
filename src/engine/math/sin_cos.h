#pragma once
// Sine and cosine of one angle together, for the angles every force
// evaluation turns: each body's orientation and the contact searches'
// normals. The C library's sincos keeps them to half an ulp but saves and
// restores the rounding mode on every call, which made it a sixth of an
// ellipse gas's run; this one is a Cody–Waite reduction by π/2 and two short
// polynomials, to about an ulp (tests/unit/math/test_sin_cos.cpp measures it).

#include <Eigen/Core>

namespace cl {

struct SinCos {
  double sin, cos;
};

/// sin x and cos x (x in rad). Within 2 ulp of the C library's for
/// |x| < 1e6; beyond that, or not finite, they are the C library's.
SinCos sin_cos(double x);

/// Unit vector at `angle` (rad) anticlockwise from the x axis: (cos, sin).
Eigen::Vector2d unit_vector(double angle);

}  // namespace cl
