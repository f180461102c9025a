#include "contact/hertz_stiffness.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <limits>

namespace cl {
namespace {

bool valid_material(const ElasticMaterial& m) {
  return std::isfinite(m.youngs_modulus) && m.youngs_modulus > 0 && m.poisson_ratio > -1 &&
         m.poisson_ratio <= 0.5;
}

/// A radius of curvature is valid unless NaN or 0 (a corner: no Hertz contact).
bool valid_radius(double r) { return !std::isnan(r) && r != 0; }

/// A failed result whose message is printf(format, ...).
HertzStiffness failure(HertzStatus status, double effective_radius, const char* format, ...) {
  char text[240];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  return {status, 0, effective_radius, text};
}

}  // namespace

double hertz_compliance(const ElasticMaterial& material) {
  return (1 - material.poisson_ratio * material.poisson_ratio) / material.youngs_modulus;
}

HertzStiffness hertz_stiffness(const ElasticMaterial& material1, double radius1,
                               const ElasticMaterial& material2, double radius2, double body_size,
                               double max_radius_over_size) {
  if (!valid_material(material1) || !valid_material(material2))
    return failure(HertzStatus::InvalidInput, 0,
                   "Hertz stiffness: need E > 0 and -1 < nu <= 0.5 (got E = %g Pa, nu = %g; "
                   "E = %g Pa, nu = %g)",
                   material1.youngs_modulus, material1.poisson_ratio, material2.youngs_modulus,
                   material2.poisson_ratio);
  if (!valid_radius(radius1) || !valid_radius(radius2))
    return failure(HertzStatus::InvalidInput, 0,
                   "Hertz stiffness: radii of curvature must be nonzero (got R1 = %g m, R2 = %g m)",
                   radius1, radius2);
  if (!(std::isfinite(body_size) && body_size > 0 && max_radius_over_size > 0))
    return failure(HertzStatus::InvalidInput, 0,
                   "Hertz stiffness: need body size > 0 and a positive limit (got %g m, %g)",
                   body_size, max_radius_over_size);

  // Work with curvatures: 1/inf = 0 makes a flat surface need no special case.
  const double curvature = 1 / radius1 + 1 / radius2;  // 1/R*, 1/m
  if (curvature <= 0)
    return failure(HertzStatus::Conformal,
                   curvature == 0 ? std::numeric_limits<double>::infinity() : 1 / curvature,
                   "conformal contact: 1/R1 + 1/R2 = %g 1/m <= 0 (R1 = %g m, R2 = %g m); "
                   "Hertz theory does not apply",
                   curvature, radius1, radius2);
  const double effective_radius = 1 / curvature;
  if (effective_radius > max_radius_over_size * body_size)
    return failure(HertzStatus::NearlyConformal, effective_radius,
                   "nearly conformal contact: effective radius %g m exceeds %g x the body size "
                   "%g m; Hertz theory does not apply",
                   effective_radius, max_radius_over_size, body_size);

  const double compliance = hertz_compliance(material1) + hertz_compliance(material2);  // 1/Pa
  return {
      HertzStatus::Ok, 4 / (3 * compliance) * std::sqrt(effective_radius), effective_radius, {}};
}

}  // namespace cl
